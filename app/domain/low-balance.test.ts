import { describe, expect, it } from "vitest";
import { lowBalance } from "./low-balance.ts";

describe("lowBalance: a warning only below the person's own threshold", () => {
  it.each([
    ["no threshold set", 450_00, null, null],
    ["no threshold, an empty wallet", 0, null, null],
    ["below it", 450_00, 1_000_00, { balance: "₦450.00", threshold: "₦1,000.00" }],
    ["a kobo below it", 999_99, 1_000_00, { balance: "₦999.99", threshold: "₦1,000.00" }],
    ["exactly at it", 1_000_00, 1_000_00, null],
    ["above it", 1_000_01, 1_000_00, null],
    ["an empty wallet", 0, 1_00, { balance: "₦0.00", threshold: "₦1.00" }],
    ["large amounts", 1_234_567_50, 10_000_000_00, { balance: "₦1,234,567.50", threshold: "₦10,000,000.00" }],
  ])("%s", (_, balanceKobo, thresholdKobo, expected) => {
    expect(lowBalance(balanceKobo, thresholdKobo)).toEqual(expected);
  });
});
