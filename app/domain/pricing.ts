import { formatNaira, parseNairaToKobo } from "./money.ts";

// The fields of the upstream Subcategory that the pricing page reads (docs/upstream-api.md, Subcategory).
export type PricingSubcategory = {
  id: number;
  title: string;
  image: string;
  category_id: number;
  amount: number;
  products: Array<{ plan?: string | null; amount1: number | string }>;
};

export type PricingPlan = { name: string; price: string };

export type PricingCard = {
  id: number;
  title: string;
  logoUrl: string;
  /** The discount in percent as the page prints it ("2.5"), or null where the card lists plans. */
  discountPercent: string | null;
  plans: PricingPlan[];
  /** Its discount is the signed-in person's level's; false on the public page, and for a provider no level list names. */
  levelDiscount: boolean;
};

const DATA_CATEGORY = 1;
const AIRTIME_CATEGORY = 2;
const DISCOUNT_CATEGORIES: ReadonlySet<number> = new Set([2, 3, 4, 6, 11]);
const FIRST_DISCOUNT_ID = 55;
const LAST_DISCOUNT_ID = 59;

// Six fraction digits and no grouping keep "2.5" and "3" as a person writes them, and hide
// float noise (0.30000000000000004) and exponents (1e-7) that String() would print.
const percentFormat = new Intl.NumberFormat("en-NG", {
  maximumFractionDigits: 6,
  useGrouping: false,
});

function cardTitle(subcategory: PricingSubcategory): string {
  if (subcategory.category_id === DATA_CATEGORY) return `${subcategory.title} Data`;
  if (subcategory.category_id === AIRTIME_CATEGORY) return `${subcategory.title} Airtime`;
  return subcategory.title;
}

function showsDiscount(subcategory: PricingSubcategory): boolean {
  return (
    DISCOUNT_CATEGORIES.has(subcategory.category_id) ||
    (subcategory.id >= FIRST_DISCOUNT_ID && subcategory.id <= LAST_DISCOUNT_ID)
  );
}

/**
 * Provider logos are paths, prefixed with UPSTREAM_URL (docs/upstream-api.md). An image that is already
 * an absolute http(s) URL is left alone so a CDN-hosted logo is not mangled into
 * `https://api.example/https://cdn...`.
 */
export function logoUrl(apiBase: string, image: string): string {
  if (image === "") return "";
  if (/^https?:\/\//i.test(image)) return image;
  const base = apiBase.replace(/\/+$/, "");
  if (base === "") return image;
  return image.startsWith("/") ? `${base}${image}` : `${base}/${image}`;
}

/** "2.5" for 2.5 %: the page words it in its language. */
function discountPercent(percent: number): string | null {
  // A missing or broken percent would otherwise print "Discount of NaN%", and one outside
  // 0 to 100 a discount nobody can have.
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  return percentFormat.format(percent);
}

function planList(products: PricingSubcategory["products"]): PricingPlan[] {
  const plans: PricingPlan[] = [];
  for (const product of products) {
    const name = typeof product.plan === "string" ? product.plan.trim() : "";
    if (name === "") continue;
    // A plan whose price cannot be read, or is below zero, is left off rather than shown
    // as ₦0 or "-₦500".
    const kobo = parseNairaToKobo(product.amount1);
    if (kobo === null || kobo < 0) continue;
    plans.push({ name, price: formatNaira(kobo, { decimals: 0 }) });
  }
  return plans;
}

/**
 * The public pricing page: one card per subcategory, in the upstream's order. Signed in,
 * `levelDiscounts` (provider id to percent, from the lists the person buys from) replaces the
 * public list's Normal discount wherever it names the provider (decision 046).
 */
export function pricingCards(
  subcategories: readonly PricingSubcategory[],
  apiBase: string,
  levelDiscounts: ReadonlyMap<number, number> = new Map(),
): PricingCard[] {
  return subcategories.map((subcategory) => {
    const discounted = showsDiscount(subcategory);
    const levelDiscount = levelDiscounts.get(subcategory.id);
    return {
      id: subcategory.id,
      title: cardTitle(subcategory),
      logoUrl: logoUrl(apiBase, subcategory.image),
      discountPercent: discounted ? discountPercent(levelDiscount ?? subcategory.amount) : null,
      plans: discounted ? [] : planList(subcategory.products),
      levelDiscount: discounted && levelDiscount !== undefined,
    };
  });
}
