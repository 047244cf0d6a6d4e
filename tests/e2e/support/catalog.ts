import {
  type DataPlanSeed,
  type SubcategorySeed,
  subcategorySeeds,
  type VariationSeed,
} from "../../../sandbox/seed/catalog.ts";
import type { UserLevel } from "./accounts.ts";
import { expectedCharge, nairaOf } from "./money.ts";
import type { VerifyProduct } from "./verify.ts";

// The sandbox's catalog as seeded (sandbox/seed/catalog.ts): the providers, plans, variations,
// prices and discounts the tests expect, read from the seed rather than from the portal under test.

const CATEGORY = { data: 1, airtime: 2, sms: 11 } as const;

export function catalogProvider(category: keyof typeof CATEGORY, title: string): SubcategorySeed {
  const provider = subcategorySeeds.find((seed) => seed.categoryId === CATEGORY[category] && seed.title === title);
  if (provider === undefined) throw new Error(`no ${category} provider ${title} in the seed`);
  return provider;
}

/** The provider's discount for a level, in basis points. */
export function discountOf(provider: SubcategorySeed, level: UserLevel): number {
  return provider.discounts[level];
}

export function catalogPlan(provider: SubcategorySeed, variationCode: string): DataPlanSeed {
  const plan = provider.plans.find((candidate) => candidate.variationCode === variationCode);
  if (plan === undefined) throw new Error(`no plan ${variationCode} for ${provider.title} in the seed`);
  return plan;
}

/** A data plan as the upstream names it ("MTN 1GB - 30 days"). */
export function planLabel(provider: SubcategorySeed, plan: DataPlanSeed): string {
  return `${provider.title} ${plan.plan}`;
}

/** The plan's option in the form: its name and price. */
export function planOption(provider: SubcategorySeed, plan: DataPlanSeed): string {
  return `${planLabel(provider, plan)} (${nairaOf(plan.amountKobo)})`;
}

/** docs/sandbox.md: ₦2.50 a page a number, less the level's bulk-SMS discount. */
export function smsRateKobo(level: UserLevel): number {
  return expectedCharge(2_50, discountOf(catalogProvider("sms", "Bulk SMS"), level));
}

const VERIFY_CATEGORY: Record<VerifyProduct, number> = { cable: 3, electricity: 4, exam: 6 };

export function seedProvider(product: VerifyProduct, title: string): SubcategorySeed {
  const provider = subcategorySeeds.find(
    (seed) => seed.categoryId === VERIFY_CATEGORY[product] && seed.title === title,
  );
  if (provider === undefined) throw new Error(`no ${product} provider ${title} in the seed`);
  return provider;
}

export function seedVariation(provider: SubcategorySeed, code: string): VariationSeed {
  const variation = provider.variations.find((candidate) => candidate.variationCode === code);
  if (variation === undefined) throw new Error(`no variation ${code} for ${provider.title} in the seed`);
  return variation;
}

/** A plan or variant as its option reads: "DStv Compact (₦19,000.00)". */
export function variationOption(variation: VariationSeed): string {
  return `${variation.name} (${nairaOf(variation.amountKobo)})`;
}
