import { describe, expect, it } from "vitest";
import { TRANSACTION_STATUS_CODES } from "../domain/labels.ts";
import { parseFilters } from "../domain/transaction-filters.ts";
import { SORT_COLUMNS } from "../domain/transactions.ts";
import { m } from "../i18n/paraglide/messages.js";
import { columnName, filterErrors, ledgerLineWords, noBalancesNote, productName, statusLabel } from "./words.ts";

// The history's words (decision 059): in English exactly as the screens, the CSV and the product
// had them before they were messages, and in Hausa and Pidgin for a reader of either.

describe("in English, as before", () => {
  it("names the statuses as the product does, and a code it does not know by its number", () => {
    expect(TRANSACTION_STATUS_CODES.map((code) => statusLabel(code))).toEqual([
      "Pending",
      "Confirmed",
      "Failed",
      "Ignored",
      "Reversed",
    ]);
    expect(statusLabel(9)).toBe("Status 9");
  });

  it("names the products, and Other for what cannot be told", () => {
    const products = ["airtime", "data", "cable", "electricity", "exam", "sms", "funding", null] as const;
    expect(products.map((product) => productName(product))).toEqual([
      "Airtime",
      "Data",
      "Cable TV",
      "Electricity",
      "Exam pins",
      "Bulk SMS",
      "Wallet funding",
      "Other",
    ]);
    expect(productName("other")).toBe("Other");
  });

  it("names the history's columns, Value and Charged for money", () => {
    expect(SORT_COLUMNS.map((column) => columnName(column))).toEqual([
      "Trans. Ref.",
      "Plan",
      "Phone No",
      "Smart No.",
      "Meter No.",
      "Description",
      "Description 2",
      "Response",
      "Value",
      "Charged",
      "Exam Card",
      "Token",
      "Prev. Bal",
      "Current Bal",
      "Status",
      "Date Created",
    ]);
  });

  it("says the ledger's lines as decision 042 does", () => {
    expect(noBalancesNote()).toBe("No balances on this row: worked out from its charge and status");
    expect(ledgerLineWords("row")).toBeNull();
    expect(ledgerLineWords("money-back")).toBe("Money back for this reversed purchase");
    expect(ledgerLineWords("adjustment")).toBe("Adjustment: the balance moved with no transaction of its own");
    expect(ledgerLineWords("since-last")).toBe("Money back and adjustments since your last transaction");
    expect(m.hist_col_money_back()).toBe("Money back");
  });

  it("gives each filter's problem its message", () => {
    const read = (search: string) => filterErrors(parseFilters(new URLSearchParams(search)).errors);
    expect(read(`q=${"x".repeat(101)}&product=gold&status=late&from=2026-02-30`)).toEqual({
      search: "Search for 100 characters or fewer.",
      product: "Choose a product from the list.",
      status: "Choose a status from the list.",
      from: "Enter a real date, like 2026-01-31.",
    });
    expect(read("from=2026-02-01&to=2026-01-01")).toEqual({
      to: "The To date must be the same as or after the From date.",
    });
    expect(read("")).toEqual({});
  });
});

describe("in Hausa and Pidgin", () => {
  it("names statuses, columns and notes in the reader's language", () => {
    expect(statusLabel(0, "ha")).toBe("Ana jira");
    expect(statusLabel(1, "pcm")).toBe("E don confirm");
    expect(statusLabel(7, "ha")).toBe("Matsayi 7");
    expect(columnName("reference", "ha")).toBe("Lambar ma'amala");
    expect(noBalancesNote("pcm")).toBe("Dis row no get balance: we use im charge and status take calculate am");
  });
});
