import { describe, expect, it } from "vitest";
import { type BulkEntry, csvEntries, duplicateOf, listRows, pastedEntries, type RowProblem } from "./bulk.ts";

// The numbers a person pastes or uploads for a bulk purchase, read as they mean them: every
// number they wrote is one row, and a row that cannot be bought says why.

const texts = (entries: BulkEntry[]) => entries.map((entry) => entry.text);
const phones = (text: string) => listRows(pastedEntries(text)).map((row) => row.phone);

describe("a pasted list", () => {
  it.each([
    ["new lines", "08031234567\n08051234567\n09091234567"],
    ["CRLF", "08031234567\r\n08051234567\r\n09091234567\r\n"],
    ["commas", "08031234567,08051234567,09091234567"],
    ["commas and spaces", "08031234567, 08051234567, 09091234567"],
    ["semicolons", "08031234567;08051234567;09091234567"],
    ["spaces", "08031234567 08051234567 09091234567"],
    ["tabs", "08031234567\t08051234567\t09091234567"],
    ["a mix, with blank lines", "\n08031234567;\n\n 08051234567 ,, 09091234567\n\n"],
  ])("separated by %s is three numbers", (_case, text) => {
    expect(texts(pastedEntries(text))).toEqual(["08031234567", "08051234567", "09091234567"]);
  });

  it.each([
    ["0803 123 4567", "08031234567"],
    ["0803 1234567", "08031234567"],
    ["+234 803 123 4567", "08031234567"],
    ["234 803 123 4567", "08031234567"],
    ["+2348031234567", "08031234567"],
    ["2348031234567", "08031234567"],
    ["0803-123-4567", "08031234567"],
    ["(0803) 123 4567", "08031234567"],
  ])("reads %s as the one number %s", (text, phone) => {
    expect(pastedEntries(text)).toEqual([{ text, given: "" }]);
    expect(phones(text)).toEqual([phone]);
  });

  it("reads numbers written with spaces, one after another on a line, as separate numbers", () => {
    expect(texts(pastedEntries("0803 123 4567 0805 123 4567 +234 909 123 4567"))).toEqual([
      "0803 123 4567",
      "0805 123 4567",
      "+234 909 123 4567",
    ]);
  });

  it("keeps a number one digit short apart from the whole number after it", () => {
    expect(texts(pastedEntries("0803123456 08051234567"))).toEqual(["0803123456", "08051234567"]);
  });

  it("keeps a number with a letter as written, so its row can say why", () => {
    expect(texts(pastedEntries("0803123456a 08051234567"))).toEqual(["0803123456a", "08051234567"]);
  });

  it("keeps a foreign number written with spaces as one entry", () => {
    expect(texts(pastedEntries("+44 7911 123456\n08031234567"))).toEqual(["+44 7911 123456", "08031234567"]);
  });

  it.each([[""], ["   "], ["\n\n"], [",;,"]])("finds no numbers in %j", (text) => {
    expect(pastedEntries(text)).toEqual([]);
  });

  it("asks nothing of each number: a pasted list gives no amount or plan", () => {
    expect(pastedEntries("08031234567,08051234567").map((entry) => entry.given)).toEqual(["", ""]);
  });
});

describe("an uploaded CSV file", () => {
  it.each([["phone,amount"], ["Phone number,Amount (naira)"], ["\uFEFFphone"], ['"Number","Plan"']])(
    "skips the header row %j: its first field has no digit",
    (header) => {
      expect(csvEntries(`${header}\r\n08031234567,500\r\n08051234567,1000\r\n`)).toEqual([
        { text: "08031234567", given: "500" },
        { text: "08051234567", given: "1000" },
      ]);
    },
  );

  it('reads the numbers of a file saved from the portal\'s own exports, written as ="0803…"', () => {
    expect(csvEntries('"=""08031234567""",500\r\n')).toEqual([{ text: "08031234567", given: "500" }]);
  });

  it("keeps a first row whose first field has a digit: it is a number, not a header", () => {
    expect(csvEntries("08031234567,500\n08051234567,1000")).toEqual([
      { text: "08031234567", given: "500" },
      { text: "08051234567", given: "1000" },
    ]);
  });

  it("keeps a first row with a mistyped number, so the person is told about it", () => {
    expect(csvEntries("0803123456x,500\n08051234567,1000")).toEqual([
      { text: "0803123456x", given: "500" },
      { text: "08051234567", given: "1000" },
    ]);
  });

  it("skips only the first row as a header, not a later row without a digit", () => {
    expect(csvEntries("phone\n08031234567\nphone")).toEqual([
      { text: "08031234567", given: "" },
      { text: "phone", given: "" },
    ]);
  });

  it("takes the second field as the row's amount or plan, trimmed, and ignores later fields", () => {
    expect(csvEntries(' 08031234567 , 500 ,note\n08051234567,"MTN-1GB-30",x,y\n09091234567\n')).toEqual([
      { text: "08031234567", given: "500" },
      { text: "08051234567", given: "MTN-1GB-30" },
      { text: "09091234567", given: "" },
    ]);
  });

  it("reads a quoted amount with a comma as the one amount", () => {
    expect(csvEntries('08031234567,"1,500"')).toEqual([{ text: "08031234567", given: "1,500" }]);
  });

  it("skips empty rows, and rows of empty fields that a spreadsheet adds", () => {
    expect(csvEntries("phone,amount\r\n\r\n08031234567,500\r\n,\r\n , \r\n08051234567,\r\n")).toEqual([
      { text: "08031234567", given: "500" },
      { text: "08051234567", given: "" },
    ]);
  });

  it("keeps a row that gives an amount but no number, so its row can say so", () => {
    expect(csvEntries("phone,amount\n08031234567,500\n,700")).toEqual([
      { text: "08031234567", given: "500" },
      { text: "", given: "700" },
    ]);
  });

  it.each([[""], ["\uFEFF"], ["phone,amount\r\n"]])("finds no numbers in %j", (text) => {
    expect(csvEntries(text)).toEqual([]);
  });
});

describe("the rows of the list", () => {
  const entry = (text: string, given = ""): BulkEntry => ({ text, given });

  it("numbers the rows from 1 and reads each number in its local form", () => {
    expect(listRows([entry("0803 123 4567", "500"), entry("+2349091234567")])).toEqual([
      { text: "0803 123 4567", given: "500", row: 1, phone: "08031234567", problem: null },
      { text: "+2349091234567", given: "", row: 2, phone: "09091234567", problem: null },
    ]);
  });

  it.each([
    ["0803123456a", { kind: "not-digits", text: "0803123456a" }],
    ["0803 123 abcd", { kind: "not-digits", text: "0803 123 abcd" }],
    ["0803123456#", { kind: "not-digits", text: "0803123456#" }],
    ["+44 7911 123456", { kind: "not-nigerian", text: "+44 7911 123456" }],
    ["+14155550123", { kind: "not-nigerian", text: "+14155550123" }],
    ["0803123456", { kind: "not-nigerian", text: "0803123456" }],
    ["080312345678", { kind: "not-nigerian", text: "080312345678" }],
    ["01 234 5678", { kind: "not-nigerian", text: "01 234 5678" }],
    ["", { kind: "no-number" }],
  ] satisfies [string, RowProblem][])("says why %j cannot be bought", (text, problem) => {
    expect(listRows([entry(text)])).toEqual([{ text, given: "", row: 1, phone: null, problem }]);
  });

  it("points a number listed again, in any form, to the first row that has it, and buys it once", () => {
    const rows = listRows([
      entry("08031234567"),
      entry("08051234567"),
      entry("+234 803 123 4567"),
      entry("2348031234567"),
      entry("0805 123 4567"),
    ]);
    expect(rows.map((row) => [row.row, row.phone, row.problem])).toEqual([
      [1, "08031234567", null],
      [2, "08051234567", null],
      [3, "08031234567", duplicateOf(1)],
      [4, "08031234567", duplicateOf(1)],
      [5, "08051234567", duplicateOf(2)],
    ]);
  });

  it("counts a number as first seen only where it could be read", () => {
    const rows = listRows([entry("0803123456a"), entry("08031234567"), entry("08031234567")]);
    expect(rows.map((row) => row.problem)).toEqual([{ kind: "not-digits", text: "0803123456a" }, null, duplicateOf(2)]);
  });

  it("names the first row a duplicate repeats (its words are app/bulk/words.ts's)", () => {
    expect(duplicateOf(3)).toEqual({ kind: "duplicate", row: 3 });
  });

  it("keeps what each row asks for, duplicates included", () => {
    expect(listRows([entry("08031234567", "500"), entry("08031234567", "700")]).map((row) => row.given)).toEqual([
      "500",
      "700",
    ]);
  });
});
