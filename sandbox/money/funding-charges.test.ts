import { describe, expect, it } from "vitest";
import { cardChargeKobo, transferChargeKobo } from "./funding.ts";

describe("the card funding charge (1.5 percent, rounded down to the naira)", () => {
  it.each([
    [100_00, 1_00, 99_00],
    [150_00, 2_00, 148_00],
    [999_00, 14_00, 985_00],
    [1_000_00, 15_00, 985_00],
    [1_066_67, 16_00, 1_050_67],
    [50_000_00, 750_00, 49_250_00],
    [66_66, 0, 66_66],
  ])("%i kobo is charged %i kobo and credits %i", (amountKobo, chargeKobo, creditKobo) => {
    expect(cardChargeKobo(amountKobo)).toBe(chargeKobo);
    expect(amountKobo - cardChargeKobo(amountKobo)).toBe(creditKobo);
  });
});

describe("the bank transfer charge (0.85 %, rounded half up to the kobo)", () => {
  it.each([
    // 8.5 kobo exactly: the half rounds up.
    [10_00, 9],
    [100_00, 85],
    [1_000_00, 8_50],
    [1_000_59, 8_51],
    // 0.85 % of ₦1,058.82 is 899.997 kobo; of ₦1,000.58, 850.493.
    [1_058_82, 9_00],
    [1_000_58, 8_50],
    [50_000_00, 425_00],
  ])("%i kobo is charged %i kobo", (amountKobo, chargeKobo) => {
    expect(transferChargeKobo(amountKobo)).toBe(chargeKobo);
  });
});
