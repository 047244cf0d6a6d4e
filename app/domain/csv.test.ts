import { describe, expect, it } from "vitest";
import { csvLine, parseCsv } from "./csv.ts";

describe("csvLine (RFC 4180)", () => {
  it.each([
    [["plain", 42], "plain,42\r\n"],
    [["a, b"], '"a, b"\r\n'],
    [['say "hi"'], '"say ""hi"""\r\n'],
    [["two\nlines"], '"two\nlines"\r\n'],
    [["cr\r\nlf"], '"cr\r\nlf"\r\n'],
    [["<b>bold</b> & <script>alert(1)</script>"], "<b>bold</b> & <script>alert(1)</script>\r\n"],
    [['<a href="x">, link</a>'], '"<a href=""x"">, link</a>"\r\n'],
    [["₦1,500.00 MTN airtime"], '"₦1,500.00 MTN airtime"\r\n'],
    [["", ""], ",\r\n"],
  ])("writes %j as %j", (fields, line) => {
    expect(csvLine(fields)).toBe(line);
  });

  // OWASP's CSV injection: a cell a spreadsheet would run is written as text.
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"\r\n'],
    ["+1+1", "'+1+1\r\n"],
    ["-1+1", "'-1+1\r\n"],
    ["@SUM(A1)", "'@SUM(A1)\r\n"],
    ["\tTAB", "'\tTAB\r\n"],
  ])("guards %j", (field, line) => {
    expect(csvLine([field])).toBe(line);
  });

  it.each([["-5.00"], ["-1234"], ["0.00"]])("leaves the number %j a number", (field) => {
    expect(csvLine([field])).toBe(`${field}\r\n`);
  });

  it("reads back what it writes", () => {
    const fields = ['a, "b"', "line\nbreak", "<i>x</i>", "₦", ""];
    expect(parseCsv(csvLine(fields) + csvLine(["next"]))).toEqual([fields, ["next"]]);
  });
});
