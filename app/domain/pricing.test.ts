import { describe, expect, it } from "vitest";
import { logoUrl, pricingCards } from "./pricing.ts";
import type { PricingCard, PricingSubcategory } from "./pricing.ts";

const API = "https://api.example.ng";

const dataPlans: PricingSubcategory["products"] = [
  { plan: "1GB - 30 days", amount1: 1200 },
  { plan: "500MB - 30 days", amount1: "350.00" },
];

function subcategory(
  overrides: Partial<PricingSubcategory> & Pick<PricingSubcategory, "id" | "category_id">,
): PricingSubcategory {
  return {
    title: "MTN",
    image: "/media/providers/mtn.png",
    amount: 2.5,
    products: dataPlans,
    ...overrides,
  };
}

const logo = `${API}/media/providers/mtn.png`;
const listedPlans = [
  { name: "1GB - 30 days", price: "₦1,200" },
  { name: "500MB - 30 days", price: "₦350" },
];

describe("pricingCards, one rule per row", () => {
  it.each<[string, PricingSubcategory, Omit<PricingCard, "levelDiscount">]>([
    [
      "category 1 (data): suffix Data, lists each plan in whole naira",
      subcategory({ id: 10, category_id: 1 }),
      { id: 10, title: "MTN Data", logoUrl: logo, discountPercent: null, plans: listedPlans },
    ],
    [
      "category 1, id 54: just below the discount range, still lists plans",
      subcategory({ id: 54, category_id: 1 }),
      { id: 54, title: "MTN Data", logoUrl: logo, discountPercent: null, plans: listedPlans },
    ],
    [
      "category 1, id 55: first id of the range shows the discount instead of plans",
      subcategory({ id: 55, category_id: 1, amount: 2.5 }),
      { id: 55, title: "MTN Data", logoUrl: logo, discountPercent: "2.5", plans: [] },
    ],
    [
      "category 1, id 57: inside the range",
      subcategory({ id: 57, category_id: 1, amount: 4 }),
      { id: 57, title: "MTN Data", logoUrl: logo, discountPercent: "4", plans: [] },
    ],
    [
      "category 1, id 59: last id of the range",
      subcategory({ id: 59, category_id: 1, amount: 3 }),
      { id: 59, title: "MTN Data", logoUrl: logo, discountPercent: "3", plans: [] },
    ],
    [
      "category 1, id 60: just above the range, lists plans again",
      subcategory({ id: 60, category_id: 1 }),
      { id: 60, title: "MTN Data", logoUrl: logo, discountPercent: null, plans: listedPlans },
    ],
    [
      "category 2 (airtime): suffix Airtime and a discount",
      subcategory({ id: 1, category_id: 2, amount: 3 }),
      { id: 1, title: "MTN Airtime", logoUrl: logo, discountPercent: "3", plans: [] },
    ],
    [
      "category 3 (cable TV): title only, discount",
      subcategory({ id: 20, category_id: 3, title: "DSTV", amount: 1.5 }),
      { id: 20, title: "DSTV", logoUrl: logo, discountPercent: "1.5", plans: [] },
    ],
    [
      "category 4 (electricity): title only, discount",
      subcategory({ id: 30, category_id: 4, title: "IKEDC - Ikeja Electric", amount: 0.85 }),
      {
        id: 30,
        title: "IKEDC - Ikeja Electric",
        logoUrl: logo,
        discountPercent: "0.85",
        plans: [],
      },
    ],
    [
      "category 6 (exam pins): title only, discount of 0 still shown",
      subcategory({ id: 40, category_id: 6, title: "JAMB", amount: 0 }),
      { id: 40, title: "JAMB", logoUrl: logo, discountPercent: "0", plans: [] },
    ],
    [
      "category 11 (bulk SMS): title only, discount",
      subcategory({ id: 50, category_id: 11, title: "Bulk SMS", amount: 2.75 }),
      { id: 50, title: "Bulk SMS", logoUrl: logo, discountPercent: "2.75", plans: [] },
    ],
    [
      "unknown category: title only, lists its plan products",
      subcategory({ id: 70, category_id: 9, title: "Gift cards" }),
      { id: 70, title: "Gift cards", logoUrl: logo, discountPercent: null, plans: listedPlans },
    ],
    [
      "unknown category in the 55–59 id range: title only, discount",
      subcategory({ id: 56, category_id: 9, title: "Gift cards", amount: 5 }),
      { id: 56, title: "Gift cards", logoUrl: logo, discountPercent: "5", plans: [] },
    ],
    [
      "unknown category without plan products: nothing listed",
      subcategory({ id: 71, category_id: 7, title: "Other", products: [{ amount1: 2 }] }),
      { id: 71, title: "Other", logoUrl: logo, discountPercent: null, plans: [] },
    ],
  ])("%s", (_rule, input, expected) => {
    expect(pricingCards([input], API)).toEqual([{ ...expected, levelDiscount: false }]);
  });
});

describe("pricingCards for a signed-in level (decision 046)", () => {
  const levels = new Map([
    [1, 4],
    [10, 3],
    [56, 6.5],
  ]);

  it.each<[string, PricingSubcategory, Pick<PricingCard, "discountPercent" | "levelDiscount" | "plans">]>([
    [
      "a provider the level's lists name: its discount replaces the Normal one",
      subcategory({ id: 1, category_id: 2, amount: 3 }),
      { discountPercent: "4", levelDiscount: true, plans: [] },
    ],
    [
      "a discount card in the 55–59 range named by the level's lists",
      subcategory({ id: 56, category_id: 1, amount: 5 }),
      { discountPercent: "6.5", levelDiscount: true, plans: [] },
    ],
    [
      "a provider no level list names (bulk SMS): the Normal discount, said to be so",
      subcategory({ id: 50, category_id: 11, amount: 2.75 }),
      { discountPercent: "2.75", levelDiscount: false, plans: [] },
    ],
    [
      "a card of plans: the plans' prices, no discount line",
      subcategory({ id: 10, category_id: 1 }),
      { discountPercent: null, levelDiscount: false, plans: listedPlans },
    ],
  ])("%s", (_rule, input, expected) => {
    const [card] = pricingCards([input], API, levels);
    expect(card).toMatchObject(expected);
  });
});

describe("pricingCards details", () => {
  it("keeps the upstream order", () => {
    const cards = pricingCards(
      [
        subcategory({ id: 3, category_id: 2 }),
        subcategory({ id: 1, category_id: 1 }),
        subcategory({ id: 2, category_id: 6 }),
      ],
      API,
    );
    expect(cards.map((card) => card.id)).toEqual([3, 1, 2]);
  });

  it("returns no cards for no subcategories", () => {
    expect(pricingCards([], API)).toEqual([]);
  });

  it.each<[number | string, string]>([
    [1200, "₦1,200"],
    [1199.5, "₦1,200"],
    [1199.49, "₦1,199"],
    ["25000.00", "₦25,000"],
    [100, "₦100"],
    [0, "₦0"],
  ])("prints a plan costing %j naira as %s", (amount1, price) => {
    const [card] = pricingCards([subcategory({ id: 10, category_id: 1, products: [{ plan: "1GB", amount1 }] })], API);
    expect(card?.plans).toEqual([{ name: "1GB", price }]);
  });

  it("skips products without a plan name or with an unreadable price", () => {
    const [card] = pricingCards(
      [
        subcategory({
          id: 10,
          category_id: 1,
          products: [
            { amount1: 100 },
            { plan: null, amount1: 100 },
            { plan: "   ", amount1: 100 },
            { plan: "2GB", amount1: "abc" },
            { plan: " 3GB ", amount1: 900 },
          ],
        }),
      ],
      API,
    );
    expect(card?.plans).toEqual([{ name: "3GB", price: "₦900" }]);
  });

  it.each<[number, string | null]>([
    [2.5, "2.5"],
    [3, "3"],
    [0.1 + 0.2, "0.3"],
    [Number.NaN, null],
  ])("prints a discount amount of %d as %j", (amount, discount) => {
    const [card] = pricingCards([subcategory({ id: 1, category_id: 2, amount })], API);
    expect(card?.discountPercent).toBe(discount);
  });
});

describe("logoUrl", () => {
  it.each([
    [API, "/media/mtn.png", `${API}/media/mtn.png`],
    [`${API}/`, "/media/mtn.png", `${API}/media/mtn.png`],
    [`${API}//`, "/media/mtn.png", `${API}/media/mtn.png`],
    [`${API}/api/`, "/media/mtn.png", `${API}/api/media/mtn.png`],
    [API, "media/mtn.png", `${API}/media/mtn.png`],
    [API, "https://cdn.example.ng/mtn.png", "https://cdn.example.ng/mtn.png"],
    [API, "HTTP://cdn.example.ng/mtn.png", "HTTP://cdn.example.ng/mtn.png"],
    ["", "/media/mtn.png", "/media/mtn.png"],
    ["/", "/media/mtn.png", "/media/mtn.png"],
    [API, "", ""],
  ])("base %j and image %j give %j", (base, image, expected) => {
    expect(logoUrl(base, image)).toBe(expected);
  });

  it("is the card's logo", () => {
    const [card] = pricingCards([subcategory({ id: 1, category_id: 2, image: "/media/glo.png" })], `${API}/`);
    expect(card?.logoUrl).toBe(`${API}/media/glo.png`);
  });
});
