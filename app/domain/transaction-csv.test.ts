import { describe, expect, it } from "vitest";
import { csvLine, keptAsText, parseCsv } from "./csv.ts";
import { csvWords, noBalancesNote } from "../history/words.ts";
import { ledgerOf, moneyByRow } from "./ledger.ts";
import { csvChunks, csvFields, csvFileName } from "./transaction-csv.ts";
import { NO_FILTERS } from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

const row = transactionRecord;

const WORDS = csvWords("en-NG");
const CSV_HEADER = WORDS.header;
const NO_BALANCES_NOTE = noBalancesNote("en-NG");

const awkward = row(7, {
  reference: "PV20260115ABC",
  plan: "DStv Compact, monthly",
  phoneNumber: "08050000003",
  smartNo: "7023456789",
  description: 'Said "renewed"\nthen <b>bold</b> & <script>alert(1)</script>',
  description2: '=HYPERLINK("http://evil")',
  response: "TRANSACTION SUCCESSFUL",
  subtotal: 1_250_050,
  amount: 1_250_050,
  examCard: "",
  token: "1234-5678",
  initialBalanceKobo: 15_000_000,
  newBalanceKobo: 13_749_950,
  status: 4,
  createdAt: "2026-01-31T23:30:00Z",
});

function text(rows: TransactionRecord[], chunkRows?: number): string {
  return [...csvChunks(rows, moneyByRow(ledgerOf(rows)), WORDS, chunkRows)].join("");
}

describe("the CSV's words", () => {
  it("are the history's columns in English, as the file always had them", () => {
    expect(CSV_HEADER).toEqual([
      "Trans. Ref.",
      "Plan",
      "Phone No",
      "Smart No.",
      "Meter No.",
      "Description",
      "Description 2",
      "Response",
      "Value (NGN)",
      "Charged (NGN)",
      "Exam Card",
      "Token",
      "Prev. Bal (NGN)",
      "Current Bal (NGN)",
      "Wallet change (NGN)",
      "Money back (NGN)",
      "Note",
      "Status",
      "Date Created (ISO 8601)",
      "Date Created",
    ]);
    expect(NO_BALANCES_NOTE).toBe("No balances on this row: worked out from its charge and status");
  });

  it("are in Hausa for a Hausa reader, the columns in the same order, the status and the date too", () => {
    const hausa = csvWords("ha");
    expect(hausa.header).toHaveLength(CSV_HEADER.length);
    expect(hausa.header[0]).toBe("Lambar ma'amala");
    expect(hausa.header[8]).toBe("Ƙima (NGN)");
    expect(hausa.header[18]).toBe("Ranar da aka yi (ISO 8601)");
    const fields = csvFields(awkward, undefined, hausa);
    expect(fields[17]).toBe("An mayar da kuɗi");
    expect(fields[18]).toBe("2026-02-01T00:30:00+01:00");
    expect(fields[19]).toBe("1 Fab, 2026, 12:30:00 na dare");
    expect(csvFields(row(1, { status: 9 }), undefined, hausa)[17]).toBe("Matsayi 9");
  });
});

describe("csvFields", () => {
  it("is every column of the list but Action, Value and Charged, what the row moved, the date twice", () => {
    // Reversed, and the money came back before the next row: the ledger tells it as money back.
    const next = row(8, { createdAt: "2026-02-02T10:00:00Z", initialBalanceKobo: 15_000_000 });
    const money = moneyByRow(ledgerOf([next, awkward])).get(awkward.id);
    const fields = csvFields(awkward, money, WORDS);
    expect(Object.fromEntries(CSV_HEADER.map((name, index) => [name, fields[index]]))).toEqual({
      "Trans. Ref.": "PV20260115ABC",
      Plan: "DStv Compact, monthly",
      "Phone No": keptAsText("08050000003"),
      "Smart No.": keptAsText("7023456789"),
      "Meter No.": keptAsText(""),
      Description: 'Said "renewed"\nthen <b>bold</b> & <script>alert(1)</script>',
      "Description 2": '=HYPERLINK("http://evil")',
      Response: "TRANSACTION SUCCESSFUL",
      "Value (NGN)": "12500.50",
      "Charged (NGN)": "12500.50",
      "Exam Card": keptAsText(""),
      Token: keptAsText("1234-5678"),
      "Prev. Bal (NGN)": "150000.00",
      "Current Bal (NGN)": "137499.50",
      "Wallet change (NGN)": "-12500.50",
      "Money back (NGN)": "12500.50",
      Note: "",
      Status: "Reversed",
      // 23:30 UTC on 31st Jan is 00:30 on 1st Feb in Lagos.
      "Date Created (ISO 8601)": "2026-02-01T00:30:00+01:00",
      "Date Created": "1st Feb, 2026, 12:30:00 am",
    });
  });
});

describe("csvChunks", () => {
  it("starts with a byte-order mark and the header, lines ending CRLF", () => {
    const file = text([]);
    expect(file).toBe(`\uFEFF${CSV_HEADER.join(",")}\r\n`);
  });

  it("quotes commas, quotes and line breaks, keeps HTML as text, guards formulas", () => {
    const file = text([awkward]);
    const [, line] = file.split("\r\n");
    expect(line).toContain('"DStv Compact, monthly"');
    expect(line).toContain('"Said ""renewed""\nthen <b>bold</b> & <script>alert(1)</script>"');
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain('"1st Feb, 2026, 12:30:00 am"');
    const [header, fields] = parseCsv(file);
    expect(header).toEqual([...CSV_HEADER]);
    expect(fields?.[5]).toBe(awkward.description);
    expect(fields?.[6]).toBe(`'${awkward.description2}`);
  });

  it("writes phone, card, meter and token numbers so that a spreadsheet shows them as written", () => {
    const meter = row(9, { phoneNumber: "08050000003", meterNo: "1111111111111", token: "12345678901234567890" });
    const [, line] = text([meter]).split("\r\n");
    // Excel and Google Sheets show ="…" as its text: the leading 0 kept, no 1.11E+12 (decision 080).
    expect(line).toContain(',"=""08050000003""",');
    expect(line).toContain(',"=""1111111111111""",');
    expect(line).toContain(',"=""12345678901234567890""",');
    // Not digits alone: a plain field, formula guard and all.
    expect(csvLine(csvFields(row(10, { token: "=1+2", smartNo: "7023-456" }), undefined, WORDS))).toContain(
      ",7023-456,",
    );
    expect(csvLine(csvFields(row(10, { token: "=1+2" }), undefined, WORDS))).toContain(",'=1+2,");
  });

  it("writes a row per transaction, in the order given, a chunk at a time", () => {
    const rows = Array.from({ length: 1201 }, (_, index) => row(index + 1, { description: `row, ${index + 1}` }));
    const chunks = [...csvChunks(rows, new Map(), WORDS, 500)];
    // The header, then 500, 500 and 201 rows.
    expect(chunks).toHaveLength(4);
    const parsed = parseCsv(chunks.join(""));
    expect(parsed).toHaveLength(1202);
    expect(parsed.slice(1).map((fields) => fields[0])).toEqual(rows.map((item) => item.reference));
    expect(parsed[1201]?.[5]).toBe("row, 1201");
  });

  it("names an unknown status by its code", () => {
    expect(csvFields(row(1, { status: 9 }), undefined, WORDS)[CSV_HEADER.indexOf("Status")]).toBe("Status 9");
  });

  it("says so where a row has no balances and its change is worked out from its charge and status", () => {
    const bare = row(1, { plan: "MTN Airtime", amount: 97_00, initialBalanceKobo: null, newBalanceKobo: null });
    const fields = csvFields(bare, moneyByRow(ledgerOf([bare])).get(1), WORDS);
    const named = Object.fromEntries(CSV_HEADER.map((name, index) => [name, fields[index]]));
    expect(named).toMatchObject({
      "Prev. Bal (NGN)": "",
      "Current Bal (NGN)": "",
      "Wallet change (NGN)": "-97.00",
      Note: NO_BALANCES_NOTE,
    });
  });
});

describe("csvFileName", () => {
  const rows = [row(1, { createdAt: "2026-03-01T09:00:00Z" }), row(2, { createdAt: "2025-12-31T23:10:00Z" })];
  it.each([
    [
      "the range asked for",
      rows,
      { from: "2026-01-01", to: "2026-02-28" },
      "transactions-2026-01-01-to-2026-02-28.csv",
    ],
    ["the rows' Lagos days", rows, {}, "transactions-2026-01-01-to-2026-03-01.csv"],
    ["one end asked for", rows, { from: "2025-12-01" }, "transactions-2025-12-01-to-2026-03-01.csv"],
    ["no rows and no range", [], {}, "transactions.csv"],
  ])("%s", (_name, given, range, expected) => {
    expect(csvFileName(given, { ...NO_FILTERS, ...range })).toBe(expected);
  });
});
