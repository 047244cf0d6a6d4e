import { describe, expect, it } from "vitest";
import { chosenProvider, pricedOptions, stillVerified } from "./purchase-page.tsx";

const verified = {
  sealed: "sealed",
  target: { providerId: 3, number: "1111111111111", detail: "prepaid" },
  customer: [{ label: "Customer name", value: "Tunde Bakare" }],
};

describe("stillVerified", () => {
  it.each([
    [
      "the same provider, number and detail",
      { providerId: 3, number: "1111111111111", detail: "prepaid" },
      true,
      false,
    ],
    ["the number with spaces around it", { providerId: 3, number: " 1111111111111 ", detail: "prepaid" }, true, false],
    ["another number", { providerId: 3, number: "1111111111112", detail: "prepaid" }, false, false],
    ["another meter type", { providerId: 3, number: "1111111111111", detail: "postpaid" }, false, false],
    [
      "another provider: gone, and the page says why",
      { providerId: 4, number: "1111111111111", detail: "prepaid" },
      false,
      true,
    ],
    ["no provider chosen", { providerId: null, number: "1111111111111", detail: "prepaid" }, false, true],
  ] as const)("%s", (_, now, kept, providerChanged) => {
    const state = stillVerified(verified, now);
    expect(state.verified !== null).toBe(kept);
    expect(state.providerChanged).toBe(providerChanged);
  });

  it("says nothing when nothing was verified", () => {
    expect(stillVerified(undefined, { providerId: 3, number: "", detail: "" })).toEqual({
      verified: null,
      providerChanged: false,
    });
    expect(stillVerified(null, { providerId: 3, number: "", detail: "" })).toEqual({
      verified: null,
      providerChanged: false,
    });
  });
});

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
