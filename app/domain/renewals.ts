import { buyAgainHref, type HistoryRow, historyProductOf } from "./buy-again.ts";
import { addDays, lagosDayOf, renewalDay } from "./dates.ts";
import { isRenewing, productRow } from "./products.ts";
import { customerNamed } from "./recent-numbers.ts";

// Renewals on the dashboard (decision 052): a smart card (a product whose row `renews` by
// `subscription`, decision 092) bought for in the last 35 days is shown from five days before
// its subscription runs out (30 days after the purchase) until five days after, "DStv Compact
// for Mama Nkechi renews around 3 Dec" ("was due around" once the day has passed), with Buy
// again. Read from the person's own history; a card bought for again since starts its 30 days
// again. The words are app/history/words.ts's renewalText, in the reader's language.

/** Shown from this many days before the renewal day. */
export const RENEWAL_NOTICE_DAYS = 5;
/** A card last bought for longer ago than this is no longer shown. */
export const RENEWAL_LOOKBACK_DAYS = 35;
/** The dashboard shows the soonest few; the rest are on Due renewals (decision 086). */
export const RENEWALS_SHOWN = 5;

const PENDING = 0;
const CONFIRMED = 1;

export type RenewalRow = HistoryRow & { status: number; createdAt: string };

export type Renewal = {
  /** The plan as the history names it, "DStv Compact"; "" when it names none. */
  plan: string;
  /** The customer's name on the purchase, else the card's number. */
  customer: string;
  /** Whether the renewal day is ahead, today, or has passed. */
  when: "ahead" | "today" | "past";
  /** The Lagos day it renews, "2026-12-03". */
  day: string;
  /** The smart card's number, from the column its product's row says the history keeps it in. */
  smartNo: string;
  /** The product page with the purchase filled in. */
  buyAgain: string;
};

/** "renews around 3 Dec", "renews around today", or, once the day has passed, "was due around 21 Nov". */
function whenOf(day: string, today: string): Renewal["when"] {
  if (day === today) return "today";
  return day > today ? "ahead" : "past";
}

/**
 * The renewals to show on `today` (a Lagos day, "2026-11-28"), soonest first: for each smart
 * card, its newest purchase that went through or may still (Confirmed or Pending; a failed or
 * reversed one renewed nothing), when that was at most 35 days ago and its renewal day at most
 * five days ahead.
 */
export function renewalsDue(rows: readonly RenewalRow[], today: string): Renewal[] {
  const newest = new Map<string, RenewalRow>();
  for (const row of rows) {
    if (row.status !== CONFIRMED && row.status !== PENDING) continue;
    const product = historyProductOf(row);
    if (!isRenewing(product) || productRow(product).renews !== "subscription") continue;
    const card = row[productRow(product).customer.column].trim();
    const kept = newest.get(card);
    if (kept === undefined || Date.parse(row.createdAt) > Date.parse(kept.createdAt)) newest.set(card, row);
  }
  const oldestPurchase = addDays(today, -RENEWAL_LOOKBACK_DAYS);
  const lastNoticeDay = addDays(today, RENEWAL_NOTICE_DAYS);
  const due: Renewal[] = [];
  for (const [smartNo, row] of newest) {
    const bought = lagosDayOf(row.createdAt);
    const day = renewalDay(row.createdAt);
    const buyAgain = buyAgainHref(row);
    if (bought === "" || bought < oldestPurchase || day > lastNoticeDay || buyAgain === null) continue;
    const customer = customerNamed(row.description2) || smartNo;
    due.push({ plan: row.plan.trim(), customer, when: whenOf(day, today), day, smartNo, buyAgain });
  }
  return due.sort((left, right) => left.day.localeCompare(right.day) || left.smartNo.localeCompare(right.smartNo));
}
