import { describe, expect, it } from "vitest";
import { csvLine, keptAsText, parseCsv, shownValue } from "./csv.ts";

// The results download is opened in a spreadsheet, and the uploaded list comes from one:
// what is written must read back as the same fields, and no field may run as a formula.

describe("writing a CSV line", () => {
  it("ends every line with CRLF, as RFC 4180 writes it", () => {
    expect(csvLine(["08031234567", "MTN", 200])).toBe("08031234567,MTN,200\r\n");
  });

  it.each([
    ["a comma", "Lagos, Ikeja", '"Lagos, Ikeja"'],
    ["a quote", 'the "best" plan', '"the ""best"" plan"'],
    ["a new line", "first\nsecond", '"first\nsecond"'],
    ["a carriage return and new line", "first\r\nsecond", '"first\r\nsecond"'],
    ["only a quote", '"', '""""'],
    ["HTML, which a spreadsheet shows as text", "<b>Delivered</b>", "<b>Delivered</b>"],
    ["HTML with quotes", '<a href="https://x.test">x</a>', '"<a href=""https://x.test"">x</a>"'],
    ["nothing", "", ""],
    ["an apostrophe", "Ade's line", "Ade's line"],
  ])("writes a field with %s so that it stays one field", (_case, field, written) => {
    expect(csvLine(["08031234567", field])).toBe(`08031234567,${written}\r\n`);
  });

  it.each([
    ["=", '=HYPERLINK("http://evil.test","Click")', '"\'=HYPERLINK(""http://evil.test"",""Click"")"'],
    ["=", "=1+2", "'=1+2"],
    ["+", "+2348031234567", "'+2348031234567"],
    ["-", "-2+3", "'-2+3"],
    ["-", "-1-2", "'-1-2"],
    ["@", "@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["a tab", "\t=1+2", "'\t=1+2"],
    ["a carriage return", "\r=1+2", '"\'\r=1+2"'],
  ])("writes a field starting with %s as text, not a formula: %s", (_first, field, written) => {
    expect(csvLine([field])).toBe(`${written}\r\n`);
  });

  it.each([["Delivered"], ["08031234567"], ["1GB - 30 days"], ["a=b"], ["₦200.00"], ["-500"], ["-5.25"]])(
    "leaves %s as it is: only the first character can start a formula",
    (field) => {
      expect(csvLine([field])).toBe(`${field}\r\n`);
    },
  );

  it.each([
    ["a phone number", "08031234567", '"=""08031234567"""'],
    ["a 13-digit meter", "1111111111111", '"=""1111111111111"""'],
    ["nothing", "", ""],
    ["a formula", "=1+2", "'=1+2"],
    ["digits and a formula", '0803")&HYPERLINK("x', '"0803"")&HYPERLINK(""x"'],
  ])("keeps %s as text a spreadsheet shows as written, running nothing", (_case, field, written) => {
    expect(csvLine([keptAsText(field)])).toBe(`${written}\r\n`);
  });

  it("reads back a number kept as text as the digits a spreadsheet shows", () => {
    const [read = []] = parseCsv(csvLine([keptAsText("08031234567"), keptAsText("=1+2"), "500"]));
    expect(read.map(shownValue)).toEqual(["08031234567", "'=1+2", "500"]);
  });

  it("reads back as the fields it was written from", () => {
    const fields = ["08031234567", "Lagos, Ikeja", 'say "hi"', "two\nlines", "<i>x</i>", "", "200"];
    expect(parseCsv(csvLine(fields))).toEqual([fields]);
  });

  it("reads back a neutralised formula with its apostrophe, so the spreadsheet shows it as typed", () => {
    expect(parseCsv(csvLine(["=1+2", "@cmd"]))).toEqual([["'=1+2", "'@cmd"]]);
  });
});

describe("reading a CSV file", () => {
  it.each([
    ["LF", "phone,amount\n08031234567,200\n"],
    ["CRLF", "phone,amount\r\n08031234567,200\r\n"],
    ["CR alone", "phone,amount\r08031234567,200\r"],
    ["no end on the last line", "phone,amount\r\n08031234567,200"],
    ["a byte-order mark", "\uFEFFphone,amount\r\n08031234567,200\r\n"],
  ])("reads lines ended by %s", (_case, text) => {
    expect(parseCsv(text)).toEqual([
      ["phone", "amount"],
      ["08031234567", "200"],
    ]);
  });

  it("reads a quoted field holding commas as one field", () => {
    expect(parseCsv('08031234567,"1,500",note\n')).toEqual([["08031234567", "1,500", "note"]]);
  });

  it("reads a doubled quote inside a quoted field as one quote", () => {
    expect(parseCsv('"say ""hi""",x\n')).toEqual([['say "hi"', "x"]]);
  });

  it("reads a quoted field holding a line break as one field of one row", () => {
    expect(parseCsv('08031234567,"first\r\nsecond"\r\n08051234567,third\r\n')).toEqual([
      ["08031234567", "first\r\nsecond"],
      ["08051234567", "third"],
    ]);
  });

  it("keeps empty fields, including a last one after a comma", () => {
    expect(parseCsv("08031234567,,\n,200")).toEqual([
      ["08031234567", "", ""],
      ["", "200"],
    ]);
  });

  it("keeps a quoted empty field on the last line without its end", () => {
    expect(parseCsv('08031234567,""')).toEqual([["08031234567", ""]]);
  });

  it("reads a byte-order mark only at the start as a mark", () => {
    expect(parseCsv("\uFEFF08031234567")).toEqual([["08031234567"]]);
  });

  it.each([
    ["nothing", ""],
    ["a byte-order mark alone", "\uFEFF"],
  ])("reads %s as no rows", (_case, text) => {
    expect(parseCsv(text)).toEqual([]);
  });

  it("does not add an empty row for the last line's end", () => {
    expect(parseCsv("a\nb\n")).toEqual([["a"], ["b"]]);
  });
});

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
