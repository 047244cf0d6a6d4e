import { describe, expect, it } from "vitest";
import { electricitySchema } from "../forms/purchase-electricity.ts";
import { fundWalletHref, purchaseAddress, shortfallOf } from "./checks.server.ts";

// Decision 044: the way to Fund Wallet and back to the purchase, and when the wallet is short.

const PATH = "/dashboard/pay-for-electricity";

describe("purchaseAddress", () => {
  it.each<[string, Record<string, string>, string]>([
    [
      "the form's own fields, in the schema's order",
      { meterNo: "1111111111111", phone: "08011111111", amount: "10,000", provider: "12", meterType: "prepaid" },
      `${PATH}?phone=08011111111&amount=10%2C000&provider=12&meterType=prepaid&meterNo=1111111111111`,
    ],
    [
      "never the sealed verification, the key or a stray field",
      { phone: "08011111111", verification: "sealed.value", key: "k", csrf: "c", evil: "x" },
      `${PATH}?phone=08011111111`,
    ],
    ["an empty field is left out", { phone: "", amount: "500" }, `${PATH}?amount=500`],
    ["nothing typed: the page itself", {}, PATH],
  ])("%s", (_, values, expected) => {
    expect(purchaseAddress(PATH, electricitySchema, values)).toBe(expected);
  });
});

describe("fundWalletHref", () => {
  it.each([
    [
      `${PATH}?phone=08011111111&amount=500`,
      "/dashboard/fund-wallet?back=%2Fdashboard%2Fpay-for-electricity%3Fphone%3D08011111111%26amount%3D500",
    ],
    ["//evil.example/dashboard", "/dashboard/fund-wallet?back=%2Fdashboard"],
    ["https://evil.example/", "/dashboard/fund-wallet?back=%2Fdashboard"],
  ])("comes back to %j, a path of ours only", (back, expected) => {
    expect(fundWalletHref(back)).toBe(expected);
  });
});

describe("shortfallOf", () => {
  it.each<[number, number, boolean]>([
    [3_922_50, 9_800_00, true],
    [9_799_99, 9_800_00, true],
    [9_800_00, 9_800_00, false],
    [9_800_01, 9_800_00, false],
    [0, 0, false],
  ])("a wallet of %d kobo against a charge of %d kobo is short: %s", (balance, charge, short) => {
    expect(shortfallOf(balance, charge, PATH, null) !== null).toBe(short);
  });

  it("says what the wallet has and what the purchase costs, with the card where there is one", () => {
    expect(shortfallOf(3_922_50, 9_800_00, PATH, { sealed: "s", total: "₦10,150.00" })).toEqual({
      balance: "₦3,922.50",
      charge: "₦9,800.00",
      fundWallet: "/dashboard/fund-wallet?back=%2Fdashboard%2Fpay-for-electricity",
      card: { sealed: "s", total: "₦10,150.00" },
    });
  });
});
