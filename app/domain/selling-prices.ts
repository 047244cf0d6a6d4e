// A reseller's own prices (decision 085): one rule per product, what the shop charges its
// customer for what the wallet buys. Airtime is priced per ₦100 of value ("₦104 per ₦100";
// ₦100 is face value); data by one markup added to every plan's value; cable, electricity and
// exam pins by a service fee. No rule: the confirmation leaves "Sold for" empty.

import { PRODUCT_KEYS, type ProductKey } from "./products.ts";

/** A product a shop sets a price for: every product but bulk SMS, which has none. */
export type SellingProduct = Exclude<ProductKey, "sms">;

/**
 * The products a shop sets prices for, in the product list's order (decision 083): a new product
 * is priced by a service fee unless it says otherwise here. Read from the names, never the
 * table: the browser's Sold for field imports this module, and the names alone carry no rules.
 */
export const SELLING_PRODUCTS: readonly SellingProduct[] = PRODUCT_KEYS.filter(
  (product): product is SellingProduct => product !== "sms",
);

/** Each product's rule in kobo: airtime's price per ₦100 of value, the others' amount added to the value. */
export type PriceRules = Partial<Record<SellingProduct, number>>;

const HUNDRED_NAIRA_KOBO = 100_00n;

export function isSellingProduct(product: string): product is SellingProduct {
  return (SELLING_PRODUCTS as readonly string[]).includes(product);
}

/**
 * What the rule sells `valueKobo` of `product` for, in kobo; null when the shop has no rule for
 * it. Airtime's per-₦100 price is applied exactly and rounded half up to the kobo.
 */
export function soldForByRule(product: string, valueKobo: number, rules: PriceRules): number | null {
  if (!isSellingProduct(product)) return null;
  const rule = rules[product];
  if (rule === undefined) return null;
  if (product !== "airtime") return valueKobo + rule;
  const scaled = BigInt(valueKobo) * BigInt(rule);
  return Number((scaled + HUNDRED_NAIRA_KOBO / 2n) / HUNDRED_NAIRA_KOBO);
}

/** What a sale loses against what the wallet paid, in kobo; 0 when it does not. */
export function lossKobo(soldForKobo: number, chargedKobo: number): number {
  return Math.max(0, chargedKobo - soldForKobo);
}
