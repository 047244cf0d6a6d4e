import { describe, expect, it } from "vitest";
import { PROVIDER_MESSAGE } from "../forms/purchase.ts";
import { lines, listed, listedProvider, NotListed } from "./product.server.ts";

const providers = [
  { id: 1, title: "MTN", discountPercent: 2 },
  { id: 4, title: "Glo", discountPercent: 3 },
];

describe("listedProvider", () => {
  it.each([
    [1, "MTN"],
    [4, "Glo"],
  ])("finds provider %i in today's list", async (id, title) => {
    await expect(listedProvider(Promise.resolve(providers), id)).resolves.toMatchObject({ id, title });
  });

  it.each([2, 0, 99])("turns provider %i, not in today's list, into the provider field's message", async (id) => {
    const error = await listedProvider(Promise.resolve(providers), id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotListed);
    expect(error).toMatchObject({ field: "provider", message: PROVIDER_MESSAGE() });
  });
});

describe("listed", () => {
  const plans = [{ code: "a" }, { code: "b" }];

  it("takes a list or a promise of one", async () => {
    await expect(listed(plans, (plan) => plan.code === "b", "plan", "Select a plan")).resolves.toEqual({ code: "b" });
    await expect(listed(Promise.resolve(plans), (plan) => plan.code === "a", "plan", "Select a plan")).resolves.toEqual(
      { code: "a" },
    );
  });

  it("names the field and the message when nothing matches", async () => {
    await expect(listed(plans, (plan) => plan.code === "c", "variant", "Amount is required!")).rejects.toMatchObject({
      field: "variant",
      message: "Amount is required!",
    });
  });
});

describe("lines", () => {
  it.each([
    [
      "a record, in the order written",
      [{ Provider: "MTN", "Phone number": "08011111111" }],
      ["Provider", "Phone number"],
    ],
    [
      "records and lines mixed",
      [{ Exam: "JAMB" }, [{ label: "Customer name", value: "Ifeanyi Obi" }], { Variant: "UTME" }],
      ["Exam", "Customer name", "Variant"],
    ],
    [
      "falsy parts left out",
      [{ Exam: "WAEC" }, false, null, undefined, { "Phone number": "080" }],
      ["Exam", "Phone number"],
    ],
    ["nothing", [], []],
  ] as const)("%s", (_, parts, labels) => {
    expect(lines(...parts).map((line) => line.label)).toEqual(labels);
  });

  it("keeps each value with its label", () => {
    expect(lines({ Amount: "₦500.00" })).toEqual([{ label: "Amount", value: "₦500.00" }]);
  });
});
