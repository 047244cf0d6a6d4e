import { buyAgainHref, type HistoryRow, historyProductOf } from "./buy-again.ts";
import { addDays, lagosDayOf, renewalDay } from "./dates.ts";
import { isRenewing, productRow, type RenewingProduct } from "./products.ts";
import { customerNamed } from "./recent-numbers.ts";

// Due renewals (decision 086): a reseller's customers of the products whose row `renews` (cable
// and electricity, decision 092) whose renewal falls in the next seven days, each with Renew, a
// link that fills the product's form (it never buys). Read from the person's own history, by the
// dashboard's rule (decision 052): a smart card or meter renews 30 days after its newest purchase
// that went through or may still; a customer bought for again since starts the 30 days again. A
// renewal up to five days past stays listed, as on the dashboard: it has not been bought since.

/** Listed when the renewal day is at most this many days ahead. */
export const DUE_WITHIN_DAYS = 7;
/** And while it is at most this many days past. */
export const OVERDUE_DAYS = 5;

const PENDING = 0;
const CONFIRMED = 1;

export type DueRenewalRow = HistoryRow & { status: number; createdAt: string };

export type DueRenewal = {
  product: RenewingProduct;
  /** The smart card or meter number. */
  number: string;
  /** The customer's name on the purchase, else "". */
  customer: string;
  /** The plan as the history names it ("DStv Compact", "IKEDC prepaid"), else "". */
  plan: string;
  /** The Lagos day it renews, "2026-12-03", and how far that is from today (negative: past). */
  day: string;
  daysLeft: number;
  /** Face value of the last purchase, in kobo. */
  lastKobo: number;
  /** The product's form filled in as last time. */
  renew: string;
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The renewing products' customers due on `today` (a Lagos day), soonest first, overdue ones at the top. */
export function dueRenewals(rows: readonly DueRenewalRow[], today: string): DueRenewal[] {
  const newest = new Map<string, { row: DueRenewalRow; product: DueRenewal["product"]; number: string }>();
  for (const row of rows) {
    if (row.status !== CONFIRMED && row.status !== PENDING) continue;
    const product = historyProductOf(row);
    if (!isRenewing(product)) continue;
    // The card or meter, where the product's row says its history keeps it (decision 083).
    const number = row[productRow(product).customer.column].trim();
    const key = `${product}:${number}`;
    const kept = newest.get(key);
    if (kept === undefined || Date.parse(row.createdAt) > Date.parse(kept.row.createdAt))
      newest.set(key, { row, product, number });
  }
  const first = addDays(today, -OVERDUE_DAYS);
  const last = addDays(today, DUE_WITHIN_DAYS);
  const due: DueRenewal[] = [];
  for (const { row, product, number } of newest.values()) {
    const day = renewalDay(row.createdAt);
    const renew = buyAgainHref(row);
    if (day === "" || lagosDayOf(row.createdAt) === "" || day < first || day > last || renew === null) continue;
    due.push({
      product,
      number,
      customer: customerNamed(row.description2),
      plan: row.plan.trim(),
      day,
      daysLeft: daysBetween(today, day),
      lastKobo: row.subtotal,
      renew,
    });
  }
  return due.sort((a, b) => a.day.localeCompare(b.day) || a.number.localeCompare(b.number));
}
