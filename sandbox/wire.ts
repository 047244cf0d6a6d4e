import type { Provider } from "./catalog.ts";
import { basisPointsToPercent, koboToNaira } from "./money.ts";

export interface WireProduct {
  readonly plan?: string;
  readonly amount1: number;
}

export interface WireSubcategory {
  readonly id: number;
  readonly key: string;
  readonly title: string;
  readonly image: string;
  readonly category_id: number;
  readonly amount: number;
  readonly description: string;
  readonly products: readonly WireProduct[];
}

// CONTRACT.md "Subcategory.products": a plan list prices each plan in naira; every other
// provider carries its discount percent as the single product.
export function toWireSubcategory(provider: Provider): WireSubcategory {
  const discountPercent = basisPointsToPercent(provider.discountBasisPoints);
  return {
    id: provider.id,
    key: provider.key,
    title: provider.title,
    image: provider.image,
    category_id: provider.categoryId,
    amount: discountPercent,
    description: provider.description,
    products:
      provider.priceList === "plans"
        ? provider.plans.map((plan) => ({ plan: plan.plan, amount1: koboToNaira(plan.amountKobo) }))
        : [{ amount1: discountPercent }],
  };
}
