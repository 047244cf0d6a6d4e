import { describe, expect, it } from "vitest";
import { cardFunding, cardOrderTotalKobo } from "./funding.ts";

describe("cardFunding: 1.5 % charge rounded down, 'You get' rounded up, to the naira", () => {
  it.each([
    { amount: 100_00, charge: 1_00, youGet: 99_00 },
    { amount: 150_00, charge: 2_00, youGet: 148_00 },
    { amount: 999_00, charge: 14_00, youGet: 985_00 },
    { amount: 1_000_00, charge: 15_00, youGet: 985_00 },
    { amount: 1_067_00, charge: 16_00, youGet: 1_051_00 },
    { amount: 50_000_00, charge: 750_00, youGet: 49_250_00 },
    { amount: 66_00, charge: 0, youGet: 66_00 },
  ])("₦$amount kobo: charge $charge, you get $youGet", ({ amount, charge, youGet }) => {
    expect(cardFunding(amount)).toEqual({ amountKobo: amount, chargeKobo: charge, youGetKobo: youGet });
  });

  it("refuses a fractional kobo rather than rounding it", () => {
    expect(() => cardFunding(100.5)).toThrow(RangeError);
  });

  it("refuses an amount with kobo, where rounding 'You get' up would promise more than was paid", () => {
    expect(() => cardFunding(1_50)).toThrow(RangeError);
    expect(() => cardFunding(1_066_67)).toThrow(RangeError);
  });
});

describe("cardOrderTotalKobo: the amount plus the checkout surcharge, half-up to the kobo", () => {
  it.each([
    { amount: 500_00, percent: 1.5, total: 507_50 },
    { amount: 100_00, percent: 1.5, total: 101_50 },
    { amount: 333_33, percent: 1.5, total: 338_33 },
    { amount: 1_00, percent: 1.5, total: 1_02 },
    { amount: 970_00, percent: 0, total: 970_00 },
    { amount: 970_00, percent: 0.75, total: 977_28 },
  ])("$amount kobo at $percent % is $total kobo", ({ amount, percent, total }) => {
    expect(cardOrderTotalKobo(amount, percent)).toBe(total);
  });
});
