import { describe, expect, it } from "vitest";
import { stillVerified } from "./use-verification.ts";

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
