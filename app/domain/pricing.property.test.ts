import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pricingCards } from "./pricing.ts";
import type { PricingSubcategory } from "./pricing.ts";

// Whatever the upstream sends in a price or a discount, the pricing page shows a real
// price and a real discount, or leaves the line off.
const wirePrice = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double(),
  fc.stringMatching(/^-?\d{1,7}(\.\d{1,3})?$/),
  fc.string({ maxLength: 8 }),
);
const subcategory: fc.Arbitrary<PricingSubcategory> = fc.record({
  id: fc.integer({ min: 1, max: 80 }),
  title: fc.constantFrom("MTN", "Airtel", "DSTV"),
  image: fc.constant("media/logo.png"),
  category_id: fc.integer({ min: 1, max: 12 }),
  amount: fc.oneof(fc.double(), fc.integer({ min: -200, max: 200 })),
  products: fc.array(fc.record({ plan: fc.constantFrom("1GB", "2GB", null), amount1: wirePrice }), { maxLength: 4 }),
});

describe("pricingCards", () => {
  it("shows only non-negative plan prices and discounts from 0 to 100 %", () => {
    fc.assert(
      fc.property(fc.array(subcategory, { maxLength: 6 }), (subcategories) => {
        for (const card of pricingCards(subcategories, "https://api.example")) {
          for (const plan of card.plans) expect(plan.price).toMatch(/^₦\d{1,3}(,\d{3})*$/);
          if (card.discountPercent !== null) {
            const percent = Number(card.discountPercent);
            expect(percent).toBeGreaterThanOrEqual(0);
            expect(percent).toBeLessThanOrEqual(100);
          }
        }
      }),
    );
  });
});
