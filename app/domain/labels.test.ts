import { describe, expect, it } from "vitest";
import { HISTORY_PRODUCTS, TRANSACTION_STATUS_CODES, transactionStatus, userLevelLabel } from "./labels.ts";

describe("userLevelLabel (SPEC.md §9: Normal 0, Agent 1, Reseller 2, API 3)", () => {
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

describe("transactionStatus (SPEC.md §4)", () => {
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
  it("lists every product once, in the menu's order", () => {
    expect(HISTORY_PRODUCTS).toEqual(["airtime", "data", "cable", "electricity", "exam", "sms", "funding"]);
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
