import { productOf } from "./buy-again.ts";
import { formatMonth, formatMonthName } from "./dates.ts";
import { ledgerOf } from "./ledger.ts";
import { PRODUCT_KEYS, type ProductKey, productRow } from "./products.ts";
import type { TransactionRecord } from "./transactions.ts";

// Spend at a glance (decision 033): the last six months of spending, per month and product, for
// the dashboard's chart. Spent is what the ledger says (app/domain/ledger.ts, decision 042):
// charges less the money that came back, from the balance chain, the same figure as the
// statement's. Money back counts against the product it came back for; an adjustment, and money
// back since the last transaction, against "Other". Months are Lagos months (UTC+1 all year).

/** Each product is its own group (app/domain/products.ts), and what cannot be told is "Other". */
export type SpendProduct = ProductKey | "other";

export const SPEND_PRODUCTS: readonly SpendProduct[] = /* @__PURE__ */ Array<SpendProduct>().concat(
  PRODUCT_KEYS,
  "other",
);

/** A product's bars in the chart: its row's colour (app/domain/products.ts); what cannot be told is brown. */
export function spendColour(product: SpendProduct): string {
  return product === "other" ? "#7a5c2e" : productRow(product).colour;
}

/** A bar's label, short enough to sit over it: "₦686", "₦18.8k", "₦1.2m". */
export function shortNaira(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const naira = Math.round(Math.abs(kobo) / 100);
  if (naira < 1000) return `${sign}₦${naira}`;
  const [size, suffix] = naira < 1_000_000 ? [1000, "k"] : [1_000_000, "m"];
  const short = (naira / size).toFixed(1).replace(/\.0$/, "");
  return `${sign}₦${short}${suffix}`;
}

export type SpendMonth = {
  /** "2026-11" */
  key: string;
  /** "Nov 2026", in the language asked for ("Nuw 2026") */
  label: string;
  /** "Nov": the bar's label */
  short: string;
  byProduct: Record<SpendProduct, number>;
  totalKobo: number;
};

export type Spending = {
  months: SpendMonth[];
  thisMonthKobo: number;
  lastMonthKobo: number;
  /** Face value less charge over the six months: what the person's level saved them. */
  discountKobo: number;
  /** Pending purchases in the whole history. */
  pending: number;
};

const LAGOS_OFFSET_MS = 60 * 60_000;
const PENDING = 0;
const CONFIRMED = 1;

/** The Lagos month of an instant as [year, month 0-11], or null for a date that does not parse. */
function lagosMonth(iso: string): [number, number] | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const date = new Date(time + LAGOS_OFFSET_MS);
  return [date.getUTCFullYear(), date.getUTCMonth()];
}

function monthKey(year: number, month: number): string {
  return `${year}-${String(month + 1).padStart(2, "0")}`;
}

function emptyMonth(year: number, month: number, language: string | undefined): SpendMonth {
  const byProduct = Object.fromEntries(SPEND_PRODUCTS.map((product) => [product, 0])) as Record<SpendProduct, number>;
  return {
    key: monthKey(year, month),
    label: formatMonth(year, month, language),
    short: formatMonthName(month, language),
    byProduct,
    totalKobo: 0,
  };
}

/** A purchase, not a funding: it took money from the wallet, or names a product and gave none. */
function isPurchase(row: TransactionRecord): boolean {
  const { initialBalanceKobo: before, newBalanceKobo: after } = row;
  if (before === null || after === null) return productOf(row) !== null;
  if (after > before) return false;
  return after < before || productOf(row) !== null;
}

/** A purchase that stands: Confirmed, or Pending (already paid); failed and reversed ones were refunded. */
export function isStandingPurchase(row: TransactionRecord): boolean {
  return (row.status === CONFIRMED || row.status === PENDING) && isPurchase(row);
}

/**
 * `walletKobo`: the wallet balance now, so money back since the last transaction counts this
 * month as it does on a statement to now. `language` names the months ("Nov 2026" in English).
 */
export function spending(
  rows: readonly TransactionRecord[],
  now: Date,
  walletKobo: number | null = null,
  monthCount = 6,
  language?: string,
): Spending {
  const current = lagosMonth(now.toISOString()) ?? [now.getUTCFullYear(), now.getUTCMonth()];
  const months: SpendMonth[] = [];
  for (let back = monthCount - 1; back >= 0; back -= 1) {
    const total = current[0] * 12 + current[1] - back;
    months.push(emptyMonth(Math.floor(total / 12), total % 12, language));
  }
  const byKey = new Map(months.map((month) => [month.key, month]));
  let discountKobo = 0;
  let pending = 0;
  for (const row of rows) {
    if (row.status === PENDING && isStandingPurchase(row)) pending += 1;
    if (!isStandingPurchase(row)) continue;
    const at = lagosMonth(row.createdAt);
    if (at !== null && byKey.has(monthKey(at[0], at[1]))) discountKobo += Math.max(0, row.subtotal - row.amount);
  }
  const wallet = walletKobo === null ? null : { balanceKobo: walletKobo, at: now.toISOString() };
  for (const line of ledgerOf(rows, wallet).lines) {
    const spent = line.outKobo - line.backKobo;
    if (spent === 0) continue;
    const at = lagosMonth(line.at);
    const month = at === null ? undefined : byKey.get(monthKey(at[0], at[1]));
    if (month === undefined) continue;
    const product = line.product === null || line.product === "funding" ? "other" : line.product;
    month.byProduct[product] += spent;
    month.totalKobo += spent;
  }
  return {
    months,
    thisMonthKobo: months.at(-1)?.totalKobo ?? 0,
    lastMonthKobo: months.at(-2)?.totalKobo ?? 0,
    discountKobo,
    pending,
  };
}
