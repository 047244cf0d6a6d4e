import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountedChargeKobo, formatNaira, parseNairaToKobo, parseTypedNaira } from "./money.ts";

// Any string at all, and strings made of the characters an amount is written with, where
// the parser's edge cases live.
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 30 }), fc.stringMatching(/^[ ₦N,.\-+e0-9]{0,24}$/));
const kobo = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const percent = fc.oneof(
  fc.integer({ min: 0, max: 100 }),
  fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100),
  fc.double({ min: 0, max: 100, noNaN: true }),
);

describe("parseTypedNaira: every string is whole kobo or refused", () => {
  it("gives null or a non-negative safe integer", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseTypedNaira(text);
        return parsed === null || (Number.isSafeInteger(parsed) && parsed >= 0);
      }),
    );
  });

  it("reads back every amount the portal prints, with or without ₦ and grouping", () => {
    fc.assert(
      fc.property(kobo, (amount) => {
        const printed = formatNaira(amount);
        expect(parseTypedNaira(printed)).toBe(amount);
        expect(parseTypedNaira(printed.replace("₦", "").replaceAll(",", ""))).toBe(amount);
      }),
    );
  });

  it("refuses commas that do not group thousands, so '1,5' never becomes ₦15", () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,3}(,\d{1,2}|,\d{4,6})$/), (text) => parseTypedNaira(text) === null));
  });

  it("refuses a sign, an exponent or a third decimal wherever it appears", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,6}$/),
        fc.constantFrom("-", "+", "e3", ".001", "e"),
        fc.boolean(),
        (digits, extra, before) => parseTypedNaira(before ? `${extra}${digits}` : `${digits}${extra}`) === null,
      ),
    );
  });
});

describe("parseNairaToKobo: every wire value is whole kobo or refused", () => {
  it("gives null or a safe integer for any string or number", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.double(), fc.integer()), (value) => {
        const parsed = parseNairaToKobo(value);
        return parsed === null || Number.isSafeInteger(parsed);
      }),
    );
  });

  it("reads a wire amount (naira with 2 decimals) back to the kobo it came from", () => {
    fc.assert(
      fc.property(kobo, (amount) => {
        const wire = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
        return parseNairaToKobo(wire) === amount;
      }),
    );
  });
});

describe("discountedChargeKobo: the charge formula", () => {
  it("is never negative and never above the amount", () => {
    fc.assert(
      fc.property(kobo, percent, (amount, discount) => {
        const charge = discountedChargeKobo(amount, discount);
        return Number.isSafeInteger(charge) && charge >= 0 && charge <= amount;
      }),
    );
  });

  it("charges the whole amount at 0 % and nothing at 100 %", () => {
    fc.assert(
      fc.property(
        kobo,
        (amount) => discountedChargeKobo(amount, 0) === amount && discountedChargeKobo(amount, 100) === 0,
      ),
    );
  });

  it("never charges more for a bigger discount or less for a bigger amount", () => {
    fc.assert(
      fc.property(kobo, kobo, percent, percent, (a, b, p, q) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const [low, high] = p <= q ? [p, q] : [q, p];
        return (
          discountedChargeKobo(small, low) <= discountedChargeKobo(large, low) &&
          discountedChargeKobo(small, high) <= discountedChargeKobo(small, low)
        );
      }),
    );
  });

  it("is the exact amount × (100 − discount) / 100, half-up to the kobo, for 2-decimal percents", () => {
    fc.assert(
      fc.property(kobo, fc.integer({ min: 0, max: 10_000 }), (amount, basisPoints) => {
        const exact = (BigInt(amount) * BigInt(10_000 - basisPoints) * 2n + 10_000n) / 20_000n;
        return discountedChargeKobo(amount, basisPoints / 100) === Number(exact);
      }),
    );
  });
});
