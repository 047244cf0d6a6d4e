import { type HistoryRow, productOf } from "./buy-again.ts";
import { type ProductKey, productRow } from "./products.ts";

// "You bought this 14 seconds ago" (decision 044): the confirmation warns of a purchase of the
// same product, for the same number, at the same face value, made a moment ago; a double
// purchase is most often a second tap after a slow answer. The person may still go on.

/** How far back a purchase counts as "just bought". */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** A history row as far as telling a repeat goes. */
export type PastPurchase = HistoryRow & { status: number; createdAt: string };

/** What is about to be bought: the product, its number (phone, smart card or meter) and its face value. */
export type IntendedPurchase = { product: ProductKey; number: string; faceKobo: number };

// Pending and confirmed purchases took the money; a failed, ignored or reversed one gave it
// back, so buying again is what the person should do.
const TOOK_THE_MONEY = new Set([0, 1]);

/**
 * How long ago (ms) the newest matching purchase was made, or null when none was made in the
 * last ten minutes. A purchase for many numbers (bulk SMS) is never matched: its "number" is a list.
 */
export function lastSamePurchaseAge(
  rows: readonly PastPurchase[],
  intended: IntendedPurchase,
  now: number,
): number | null {
  const { customer } = productRow(intended.product);
  if (customer.many) return null;
  let newest: number | null = null;
  for (const row of rows) {
    if (!TOOK_THE_MONEY.has(row.status) || row.subtotal !== intended.faceKobo) continue;
    if (productOf(row) !== intended.product || row[customer.column].trim() !== intended.number.trim()) continue;
    const made = Date.parse(row.createdAt);
    if (Number.isNaN(made)) continue;
    // A clock a little ahead of ours is "just now", not the future.
    const age = Math.max(0, now - made);
    if (age <= REPEAT_WINDOW_MS && (newest === null || age < newest)) newest = age;
  }
  return newest;
}
