import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";
import { profitBook, profitPeriodOf } from "./profit.ts";
import { profitCsv, profitCsvFileName } from "./profit-csv.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

// The profit CSV (decision 085): a line per counted purchase, oldest first, money as naira a
// spreadsheet reads, a loss as a negative number, no guess for a purchase without Sold for.

const words = {
  header: ["Date (ISO 8601)", "Date", "Reference", "Product", "Status", "Value", "Sold for", "Cost", "Profit"],
  productName: (product: string | null) => product ?? "Other",
  statusLabel: (status: number) => (status === 1 ? "Confirmed" : "Pending"),
  language: "en-NG",
};

const airtime = (id: number, reference: string, at: string, chargedKobo: number) =>
  transactionRecord(id, {
    reference,
    plan: "MTN Airtime",
    phoneNumber: "08031234567",
    description: "MTN airtime to 08031234567",
    subtotal: 500_00,
    amount: chargedKobo,
    createdAt: at,
  });

describe("the profit CSV", () => {
  const history = [
    airtime(3, "=HYPERLINK(1)", "2026-11-27T12:00:00Z", 485_00),
    airtime(2, "0012345", "2026-11-27T10:00:00Z", 485_00),
    airtime(1, "PV1", "2026-11-27T09:00:00Z", 485_00),
  ];
  const book = profitBook(
    history,
    new Map([
      ["PV1", 520_00],
      ["0012345", 480_00],
    ]),
    profitPeriodOf("day", "2026-11-27"),
  );
  const rows = parseCsv(profitCsv(book, words).replace(/^\uFEFF/, ""));

  it("writes a line per purchase, oldest first, with sales, cost and profit as plain numbers", () => {
    expect(rows[0]).toEqual(words.header);
    expect(rows[1]).toEqual([
      "2026-11-27T10:00:00+01:00",
      "27th Nov, 2026, 10:00:00 am",
      "PV1",
      "airtime",
      "Confirmed",
      "500.00",
      "520.00",
      "485.00",
      "35.00",
    ]);
  });

  it("keeps a reference of digits as text, a loss negative, and a formula harmless", () => {
    expect(rows[2]?.[2]).toBe('="0012345"');
    expect(rows[2]?.[8]).toBe("-5.00");
    expect(rows[3]?.[2]).toBe("'=HYPERLINK(1)");
  });

  it("leaves Sold for and Profit empty for a purchase without Sold for", () => {
    expect(rows[3]?.slice(5)).toEqual(["500.00", "", "485.00", ""]);
  });

  it("names the file after its period", () => {
    expect(profitCsvFileName(book)).toBe("profit-2026-11-27.csv");
    expect(profitCsvFileName(profitBook([], new Map(), profitPeriodOf("week", "2026-11-27")))).toBe(
      "profit-2026-11-23-to-2026-11-29.csv",
    );
  });
});
