import { describe, expect, it } from "vitest";
import { chosenProvider, pricedOptions } from "./options.ts";

describe("chosenProvider", () => {
  const providers = [
    { id: 1, title: "MTN", discountPercent: 2 },
    { id: 12, title: "Glo", discountPercent: 3 },
  ];

  it.each([
    ["1", "MTN"],
    ["12", "Glo"],
    ["", null],
    [undefined, null],
    ["2", null],
    ["1 ", null],
  ])("the field's %j names %s", (value, title) => {
    expect(chosenProvider(providers, value)?.title ?? null).toBe(title);
  });
});

describe("pricedOptions", () => {
  it("shows each plan with its price, by code", () => {
    expect(pricedOptions([{ code: "dstv-compact", name: "DStv Compact", amountKobo: 19_000_00 }])).toEqual([
      { value: "dstv-compact", label: "DStv Compact (₦19,000.00)" },
    ]);
  });
});
