import { describe, expect, it } from "vitest";
import {
  fundingMoney,
  HISTORY_PRODUCTS,
  TRANSACTION_STATUS_CODES,
  transactionStatus,
  userLevelLabel,
} from "./labels.ts";
import { PRODUCT_KEYS } from "./products.ts";

describe("userLevelLabel (Normal 0, Agent 1, Reseller 2, API 3)", () => {
  it.each([
    [0, "Normal"],
    [1, "Agent"],
    [2, "Reseller"],
    [3, "API"],
  ])("level %i is %s", (level, label) => {
    expect(userLevelLabel(level)).toBe(label);
  });

  it.each([[4], [-1], [1.5], [Number.NaN], [null], [undefined]])("level %s has no label", (level) => {
    expect(userLevelLabel(level)).toBeNull();
  });
});

describe("transactionStatus", () => {
  it.each([
    [0, "Pending", "warning"],
    [1, "Confirmed", "success"],
    [2, "Failed", "danger"],
    [3, "Ignored", "danger"],
    [4, "Reversed", "info"],
  ])("status %i is %s with a %s badge", (status, label, tone) => {
    expect(transactionStatus(status)).toEqual({ label, tone });
  });

  it.each([[5], [-1], [0.5], [Number.NaN], [null], [undefined]])("status %s is unknown", (status) => {
    expect(transactionStatus(status)).toBeNull();
  });

  it("hands out copies, so one caller cannot relabel a status for the next", () => {
    const first = transactionStatus(1);
    if (first === null) throw new Error("status 1 must be known");
    first.tone = "danger";
    expect(transactionStatus(1)).toEqual({ label: "Confirmed", tone: "success" });
  });
});

describe("HISTORY_PRODUCTS (their names: app/history/words.test.ts)", () => {
  it("lists every product once, in the table's order, then money in", () => {
    expect(HISTORY_PRODUCTS.slice(0, 6)).toEqual(["airtime", "data", "cable", "electricity", "exam", "sms"]);
    expect(HISTORY_PRODUCTS).toEqual([...PRODUCT_KEYS, "funding"]);
  });
});

describe("TRANSACTION_STATUS_CODES", () => {
  it("is every status with a label", () => {
    expect(TRANSACTION_STATUS_CODES.map((code) => transactionStatus(code)?.label)).toEqual([
      "Pending",
      "Confirmed",
      "Failed",
      "Ignored",
      "Reversed",
    ]);
  });
});

describe("fundingMoney (decision 074)", () => {
  it.each([
    // A ₦5,000 bank transfer less its ₦42.50 charge.
    [5_000_00, 4_957_50, { paidInKobo: 5_000_00, toWalletKobo: 4_957_50, feeKobo: 42_50 }],
    // A manual payment approved in full.
    [45_000_00, 45_000_00, { paidInKobo: 45_000_00, toWalletKobo: 45_000_00, feeKobo: 0 }],
    // More in than paid (a bonus) is never a negative fee.
    [1_000_00, 1_010_00, { paidInKobo: 1_000_00, toWalletKobo: 1_010_00, feeKobo: 0 }],
  ])("a funding of %i kobo that put %i in the wallet", (subtotal, amount, money) => {
    expect(fundingMoney({ subtotal, amount })).toEqual(money);
  });
});
