import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  discountedChargeKobo,
  formatNaira,
  nairaDecimalText,
  nairaOnWire,
  parseNairaToKobo,
  parseTypedNaira,
} from "./money.ts";

describe("formatNaira", () => {
  it.each([
    // Thousands grouped, kobo always shown.
    [123_456_750, "₦1,234,567.50"],
    [123_450, "₦1,234.50"],
    // The forms' minimums.
    [10_000, "₦100.00"],
    [1_000, "₦10.00"],
    [50_000, "₦500.00"],
    [0, "₦0.00"],
    [1, "₦0.01"],
    [99, "₦0.99"],
    [100_000_000, "₦1,000,000.00"],
    [-123_450, "-₦1,234.50"],
    [-5, "-₦0.05"],
    [Number.MAX_SAFE_INTEGER, "₦90,071,992,547,409.91"],
  ])("%i kobo with 2 decimals is %s", (kobo, expected) => {
    expect(formatNaira(kobo)).toBe(expected);
    expect(formatNaira(kobo, { decimals: 2 })).toBe(expected);
  });

  it.each([
    [120_000, "₦1,200"],
    [119_950, "₦1,200"],
    [119_949, "₦1,199"],
    [50, "₦1"],
    [49, "₦0"],
    [0, "₦0"],
    [-119_950, "-₦1,200"],
    [-49, "₦0"],
    [100_000_000, "₦1,000,000"],
  ])("%i kobo with no decimals (pricing page) is %s", (kobo, expected) => {
    expect(formatNaira(kobo, { decimals: 0 })).toBe(expected);
  });

  it.each([[1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.MAX_SAFE_INTEGER + 1]])(
    "refuses %s, which is not whole kobo",
    (kobo) => {
      expect(() => formatNaira(kobo)).toThrow(RangeError);
    },
  );
});

describe("parseNairaToKobo", () => {
  it.each<[string | number, number]>([
    [100, 10_000],
    [10, 1_000],
    [500, 50_000],
    [1234.5, 123_450],
    [1.1, 110],
    [0.01, 1],
    [0, 0],
    [-0, 0],
    [-250.75, -25_075],
    ["100", 10_000],
    ["1234.50", 123_450],
    ["1234.5", 123_450],
    ["0.85", 85],
    ["007.10", 710],
    ["-12.30", -1_230],
    ["-0.00", 0],
    ["90071992547409.91", Number.MAX_SAFE_INTEGER],
  ])("reads %j as %i kobo", (value, expected) => {
    expect(parseNairaToKobo(value)).toBe(expected);
  });

  it.each<[string | number]>([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    [0.125],
    [0.1 + 0.2],
    [1e21],
    [1e-7],
    [90_071_992_547_409.92],
    ["90071992547409.92"],
    ["1e3"],
    ["1E3"],
    ["12.345"],
    [""],
    [" "],
    [" 12"],
    ["12 "],
    ["1,200"],
    ["+12"],
    [".5"],
    ["12."],
    ["0x10"],
    ["₦100"],
    ["NaN"],
    ["Infinity"],
    ["--1"],
    ["12abc"],
  ])("refuses %j", (value) => {
    expect(parseNairaToKobo(value)).toBeNull();
  });
});

describe("discountedChargeKobo", () => {
  it.each([
    // amount − amount × discount / 100, to the kobo (the charge line's rule).
    [10_000, 0, 10_000],
    [10_000, 2.5, 9_750],
    [10_000, 3, 9_700],
    [50_000, 1.5, 49_250],
    [10_000, 0.85, 9_915],
    [1_000, 2, 980],
    [10_000, 100, 0],
    [0, 5, 0],
    // 333 × 0.97 = 323.01 exactly.
    [333, 3, 323],
    // 150 × 0.99 = 148.5: exactly half a kobo rounds up.
    [150, 1, 149],
    // 50 × 0.99 = 49.5 and 250 × 0.97 = 242.5, both halves.
    [50, 1, 50],
    [250, 3, 243],
    // 101 × 0.975 = 98.475: below the half, down.
    [101, 2.5, 98],
    // 123 × 0.9665 = 118.8795: above the half, up.
    [123, 3.35, 119],
    // Halves that naira floating point gets wrong: ₦10 (1000 kobo) at 0.85% is 991.5 kobo,
    // which (10 - 10 * 0.85 / 100).toFixed(2) would print as 9.91; 3.8 × 0.975 likewise.
    [1_000, 0.85, 992],
    [1_000, 3.35, 967],
    [380, 2.5, 371],
    [1_000, 10, 900],
    [100_000, 0.1, 99_900],
    [100_000, 1.15, 98_850],
    [Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER],
  ])("%i kobo with %d%% discount charges %i kobo", (amount, percent, expected) => {
    expect(discountedChargeKobo(amount, percent)).toBe(expected);
  });

  it.each([
    [10_000, -1],
    [10_000, 100.5],
    [10_000, Number.NaN],
    [10_000, Number.POSITIVE_INFINITY],
    [-1, 2],
    [1.5, 2],
    [Number.NaN, 2],
  ])("refuses amount %d with %d%%", (amount, percent) => {
    expect(() => discountedChargeKobo(amount, percent)).toThrow(RangeError);
  });
});

describe("parseTypedNaira", () => {
  it.each<[string, number]>([
    ["500", 50_000],
    [" 1,500 ", 150_000],
    ["₦2,000.50", 200_050],
    ["10,000,000", 1_000_000_000],
    ["0.5", 50],
    ["007", 700],
  ])("reads %j as %i kobo", (text, kobo) => {
    expect(parseTypedNaira(text)).toBe(kobo);
  });

  it.each([
    ["1,5"],
    ["1,50"],
    ["1500,"],
    [",500"],
    ["1,5000"],
    ["1.500"],
    ["-500"],
    ["+500"],
    ["1e3"],
    ["₦"],
    [""],
    ["5 00"],
    ["₦ 500"],
    ["90071992547409.92"],
  ])("refuses %j", (text) => {
    expect(parseTypedNaira(text)).toBeNull();
  });
});

describe("nairaOnWire: the upstream's amounts", () => {
  /** The wire text of a naira amount, read back into kobo the way the upstream would. */
  function roundTrip(kobo: number): { text: string; kobo: number | null } {
    const text = String(nairaOnWire(kobo));
    return { text, kobo: parseNairaToKobo(text) };
  }

  it.each([
    [0, "0"],
    [1, "0.01"],
    [10, "0.1"],
    [99, "0.99"],
    [100, "1"],
    [150, "1.5"],
    [10_000, "100"],
    [123_456_789, "1234567.89"],
    [900_719_925_474_099, "9007199254740.99"],
  ])("%i kobo goes on the wire as %s naira and reads back exactly", (kobo, text) => {
    expect(roundTrip(kobo)).toEqual({ text, kobo });
    expect(JSON.stringify({ amount: nairaOnWire(kobo) })).toBe(`{"amount":${text}}`);
  });

  it("writes every amount up to ₦1,000 with at most 2 decimals, readable back to the same kobo", () => {
    const wrong: number[] = [];
    for (let kobo = 0; kobo <= 100_000; kobo++) {
      const { text, kobo: back } = roundTrip(kobo);
      if (!/^\d+(\.\d{1,2})?$/.test(text) || back !== kobo) wrong.push(kobo);
    }
    expect(wrong).toEqual([]);
  });

  it("stays exact for large amounts spread across the range a wallet could ever hold", () => {
    const wrong: number[] = [];
    // A fixed linear congruential sequence: the same spread of values on every run.
    let seed = 20_250_101n;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 6_364_136_223_846_793_005n + 1_442_695_040_888_963_407n) % 2n ** 64n;
      const kobo = Number(seed % 1_000_000_000_000_000n);
      const { text, kobo: back } = roundTrip(kobo);
      if (!/^\d+(\.\d{1,2})?$/.test(text) || back !== kobo) wrong.push(kobo);
    }
    expect(wrong).toEqual([]);
  });
});

describe("nairaOnWire: the card gateways' amounts", () => {
  it.each([
    [10_000, 100],
    [150_050, 1500.5],
    [1, 0.01],
  ])("%i kobo is ₦%s on the wire", (kobo, naira) => {
    expect(nairaOnWire(kobo)).toBe(naira);
    expect(JSON.stringify(nairaOnWire(kobo))).toBe(String(naira));
  });

  it.each([-100, 10.5, Number.NaN, 2 ** 53])("refuses %s kobo", (kobo) => {
    expect(() => nairaOnWire(kobo)).toThrow(RangeError);
  });
});

describe("nairaDecimalText: naira in a file", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [150_050, "1500.50"],
    [123_456_789_00, "123456789.00"],
    [-500, "-5.00"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("%i kobo is %s", (kobo, text) => {
    expect(nairaDecimalText(kobo)).toBe(text);
  });

  it("refuses a fraction of a kobo", () => {
    expect(() => nairaDecimalText(1.5)).toThrow(RangeError);
  });
});

describe("formatNaira's grouping against Intl's en-NG", () => {
  const intl = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0, useGrouping: true });
  /** What formatNaira wrote when it grouped with Intl on BigInt. */
  function reference(kobo: number, decimals: 0 | 2): string {
    const magnitude = BigInt(Math.abs(kobo));
    let whole = magnitude / 100n;
    const fraction = magnitude % 100n;
    if (decimals === 0 && fraction * 2n >= 100n) whole += 1n;
    const text = decimals === 0 ? intl.format(whole) : `${intl.format(whole)}.${fraction.toString().padStart(2, "0")}`;
    return `${kobo < 0 && /[1-9]/.test(text) ? "-" : ""}₦${text}`;
  }

  it("writes every safe amount as Intl did, with and without kobo", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.maxSafeInteger(), fc.maxSafeNat()),
        fc.constantFrom<0 | 2>(0, 2),
        (kobo, decimals) => {
          expect(formatNaira(kobo, { decimals })).toBe(reference(kobo, decimals));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
