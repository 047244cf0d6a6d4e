// A reseller's own prices (decision 085): one rule per product, what the shop charges its
// customer for what the wallet buys, of the kind its row's `shopPrice` says (decision 092).
// Airtime is priced per ₦100 of value ("₦104 per ₦100"; ₦100 is face value); data by one
// markup added to every plan's value; cable, electricity and exam pins by a service fee. No
// rule: the confirmation leaves "Sold for" empty.

import { isSellingProduct, PRODUCT_KEYS, productRow, type SellingProduct } from "./products.ts";

/**
 * The products a shop sets prices for, in the product list's order: those whose row has a
 * `shopPrice`. Marked pure: the browser's Sold for field imports this module for `lossKobo`
 * alone, and must not carry the table (decision 083).
 */
export const SELLING_PRODUCTS: readonly SellingProduct[] = /* @__PURE__ */ PRODUCT_KEYS.filter(isSellingProduct);

/** Each product's rule in kobo: a price per ₦100 of value, or an amount added to the value. */
export type PriceRules = Partial<Record<SellingProduct, number>>;

const HUNDRED_NAIRA_KOBO = 100_00n;

/**
 * What the rule sells `valueKobo` of `product` for, in kobo; null when the shop has no rule for
 * it. A price per ₦100 is applied exactly and rounded half up to the kobo.
 */
export function soldForByRule(product: string, valueKobo: number, rules: PriceRules): number | null {
  if (!isSellingProduct(product)) return null;
  const rule = rules[product];
  if (rule === undefined) return null;
  if (productRow(product).shopPrice === "added") return valueKobo + rule;
  const scaled = BigInt(valueKobo) * BigInt(rule);
  return Number((scaled + HUNDRED_NAIRA_KOBO / 2n) / HUNDRED_NAIRA_KOBO);
}

/** What a sale loses against what the wallet paid, in kobo; 0 when it does not. */
export function lossKobo(soldForKobo: number, chargedKobo: number): number {
  return Math.max(0, chargedKobo - soldForKobo);
}
