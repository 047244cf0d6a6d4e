import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardFunding, cardOrderTotalKobo } from "./funding.ts";

// Whole naira, as the card funding form takes them (decision 016), up to ₦100,000,000,
// the most a form accepts.
const wholeNaira = fc.integer({ min: 0, max: 100_000_000 }).map((naira) => naira * 100);
const kobo = fc.integer({ min: 0, max: 100_000_000_00 });

describe("cardFunding: the card charge", () => {
  it("is never negative, never above the amount, and 'You get' plus the charge is the amount", () => {
    fc.assert(
      fc.property(wholeNaira, (amount) => {
        const { chargeKobo, youGetKobo } = cardFunding(amount);
        expect(chargeKobo).toBeGreaterThanOrEqual(0);
        expect(chargeKobo).toBeLessThanOrEqual(amount);
        expect(youGetKobo).toBeLessThanOrEqual(amount);
        expect(chargeKobo + youGetKobo).toBe(amount);
      }),
    );
  });

  it("is exactly 1.5 % rounded down to the naira", () => {
    fc.assert(
      fc.property(
        wholeNaira,
        (amount) => cardFunding(amount).chargeKobo === Number((BigInt(amount) * 15n) / 100_000n) * 100,
      ),
    );
  });

  it("refuses any amount with kobo rather than promising more than was paid", () => {
    fc.assert(
      fc.property(
        kobo.filter((amount) => amount % 100 !== 0),
        (amount) => {
          expect(() => cardFunding(amount)).toThrow(RangeError);
        },
      ),
    );
  });
});

describe("cardOrderTotalKobo: airtime and data paid by card", () => {
  it("is the amount plus the surcharge, half-up to the kobo, never less than the amount", () => {
    fc.assert(
      fc.property(kobo, fc.integer({ min: 0, max: 10_000 }), (amount, basisPoints) => {
        const total = cardOrderTotalKobo(amount, basisPoints / 100);
        const exact = BigInt(amount) + (BigInt(amount) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
        expect(total).toBe(Number(exact));
        expect(total).toBeGreaterThanOrEqual(amount);
      }),
    );
  });
});
