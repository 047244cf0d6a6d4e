import { describe, expect, it } from "vitest";
import { lossKobo, type PriceRules, soldForByRule } from "./selling-prices.ts";

// The rules as a reseller sets them on Selling prices (decision 085), in kobo.

const rules: PriceRules = { airtime: 104_00, data: 50_00, cable: 100_00, electricity: 0, exam: 200_00 };

describe("the price a rule gives", () => {
  it.each([
    ["airtime at ₦104 per ₦100: ₦500 sells for ₦520", "airtime", 500_00, 520_00],
    ["airtime at ₦104 per ₦100: ₦150 sells for ₦156", "airtime", 150_00, 156_00],
    ["airtime rounds half a kobo up: ₦1.01 at ₦104 is ₦1.0504, so ₦1.05", "airtime", 1_01, 1_05],
    ["data adds its markup to the plan's value", "data", 1_000_00, 1_050_00],
    ["cable adds the service fee", "cable", 4_615_00, 4_715_00],
    ["a fee of ₦0 sells at face value", "electricity", 5_000_00, 5_000_00],
    ["exam pins add the fee", "exam", 3_500_00, 3_700_00],
  ])("%s", (_, product, valueKobo, soldFor) => {
    expect(soldForByRule(product, valueKobo, rules)).toBe(soldFor);
  });

  it("airtime rounds half a kobo up: ₦0.50 at ₦101 per ₦100 is ₦0.505, so ₦0.51", () => {
    expect(soldForByRule("airtime", 50, { airtime: 101_00 })).toBe(51);
  });

  it("airtime at ₦100 per ₦100 is face value, even at the largest amount", () => {
    expect(soldForByRule("airtime", 100_000_000_00, { airtime: 100_00 })).toBe(100_000_000_00);
  });

  it.each([
    ["no rule for the product", "data", {}],
    ["bulk SMS, which has no selling price", "sms", rules],
    ["a product the shop does not know", "funding", rules],
  ])("gives nothing for %s", (_, product, given) => {
    expect(soldForByRule(product, 500_00, given)).toBeNull();
  });
});

describe("a sale at a loss", () => {
  it.each([
    [520_00, 485_00, 0],
    [485_00, 485_00, 0],
    [480_00, 485_00, 5_00],
    [0, 485_00, 485_00],
  ])("sold for %i kobo with %i charged loses %i kobo", (soldFor, charged, loss) => {
    expect(lossKobo(soldFor, charged)).toBe(loss);
  });
});
