import { historyProductOf } from "./buy-again.ts";
import { addDays, lagosDayOf, lagosDayStart, parseDay } from "./dates.ts";
import { PRODUCT_KEYS, type ProductKey } from "./products.ts";
import type { TransactionRecord } from "./transactions.ts";

// The profit book (decision 085): for a day, a week or a month, what the shop sold its
// purchases for, what the wallet paid for them, and the difference, by product and in total.
// A purchase counts when it is Confirmed or Pending, on the Lagos day it was made; a failed,
// ignored or reversed one counts 0 (the wallet got its money back or never paid). A purchase
// with no "Sold for" is listed apart with what the wallet paid, never guessed.

export const PERIOD_KINDS = ["day", "week", "month"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** A period's Lagos days, both included. */
export type ProfitPeriod = { kind: PeriodKind; from: string; to: string };

/** A counted purchase's product; null where the row does not say which (listed as "Other"). */
export type ProfitProduct = ProductKey | null;

export type ProfitSums = { count: number; salesKobo: number; costKobo: number; profitKobo: number };

export type ProfitLine = ProfitSums & { product: ProfitProduct };

export type ProfitBook = {
  period: ProfitPeriod;
  /** Purchases with a "Sold for", per product in menu order. */
  byProduct: ProfitLine[];
  total: ProfitSums;
  /** Purchases that count but have no "Sold for": their number and what the wallet paid. */
  unpriced: { rows: TransactionRecord[]; costKobo: number };
  /** Failed, ignored and reversed purchases in the period: shown as a number, counted as 0. */
  notCounted: number;
  /** Every purchase that counts, oldest first, with its "Sold for" or null: the CSV's rows. */
  counted: { row: TransactionRecord; soldForKobo: number | null }[];
  /** Profit per day of the period, every day present, oldest first. */
  byDay: { day: string; profitKobo: number }[];
};

const PRODUCT_ORDER: ProfitProduct[] = [...PRODUCT_KEYS, null];

/** Confirmed (1) and Pending (0) purchases took the wallet's money and count. */
export function countsForProfit(row: Pick<TransactionRecord, "status">): boolean {
  return row.status === 0 || row.status === 1;
}

/** A purchase, not money into the wallet. */
export function isPurchase(row: TransactionRecord): boolean {
  return historyProductOf(row) !== "funding";
}

/** The day, the Monday-to-Sunday week or the calendar month holding `day`. */
export function profitPeriodOf(kind: PeriodKind, day: string): ProfitPeriod {
  if (kind === "day") return { kind, from: day, to: day };
  if (kind === "week") {
    const start = lagosDayStart(day) ?? 0;
    // Lagos midnight is 23:00 UTC the day before: the noon after it is on the same weekday.
    const weekday = new Date(start + 13 * 60 * 60_000).getUTCDay();
    const from = addDays(day, -((weekday + 6) % 7));
    return { kind, from, to: addDays(from, 6) };
  }
  const from = `${day.slice(0, 7)}-01`;
  const nextMonth = addDays(from, 31).slice(0, 7);
  return { kind, from, to: addDays(`${nextMonth}-01`, -1) };
}

/** `?period=&day=` read leniently: a kind not known is a day; a day that cannot be read is today, with "notADay". */
export function parseProfitPeriod(
  search: URLSearchParams,
  today: string,
): { period: ProfitPeriod; dayProblem: "notADay" | null; typedDay: string } {
  const askedKind = search.get("period") ?? "";
  const kind = (PERIOD_KINDS as readonly string[]).includes(askedKind) ? (askedKind as PeriodKind) : "day";
  const typedDay = search.get("day")?.trim() ?? "";
  const day = typedDay === "" ? today : parseDay(typedDay);
  return {
    period: profitPeriodOf(kind, day ?? today),
    dayProblem: day === null ? "notADay" : null,
    typedDay: typedDay === "" ? today : typedDay,
  };
}

const noSums = (): ProfitSums => ({ count: 0, salesKobo: 0, costKobo: 0, profitKobo: 0 });

function add(sums: ProfitSums, soldForKobo: number, costKobo: number): void {
  sums.count += 1;
  sums.salesKobo += soldForKobo;
  sums.costKobo += costKobo;
  sums.profitKobo += soldForKobo - costKobo;
}

/** The book of `period` from a history in any order and the shop's sales by transaction reference. */
export function profitBook(
  history: readonly TransactionRecord[],
  soldFor: ReadonlyMap<string, number>,
  period: ProfitPeriod,
): ProfitBook {
  const products = new Map<ProfitProduct, ProfitLine>();
  const total = noSums();
  const unpriced: TransactionRecord[] = [];
  let unpricedCost = 0;
  let notCounted = 0;
  const counted: ProfitBook["counted"] = [];
  const days = new Map<string, number>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.set(day, 0);
  for (const row of history) {
    const day = lagosDayOf(row.createdAt);
    if (day < period.from || day > period.to || !isPurchase(row)) continue;
    if (!countsForProfit(row)) {
      notCounted += 1;
      continue;
    }
    const sold = soldFor.get(row.reference);
    counted.push({ row, soldForKobo: sold ?? null });
    if (sold === undefined) {
      unpriced.push(row);
      unpricedCost += row.amount;
      continue;
    }
    const found = historyProductOf(row);
    const product: ProfitProduct = found === "funding" ? null : found;
    const line = products.get(product) ?? { product, ...noSums() };
    add(line, sold, row.amount);
    products.set(product, line);
    add(total, sold, row.amount);
    days.set(day, (days.get(day) ?? 0) + sold - row.amount);
  }
  return {
    period,
    byProduct: PRODUCT_ORDER.flatMap((product) => products.get(product) ?? []),
    total,
    unpriced: { rows: unpriced, costKobo: unpricedCost },
    notCounted,
    counted: counted.sort((one, other) => Date.parse(one.row.createdAt) - Date.parse(other.row.createdAt)),
    byDay: [...days].map(([day, profitKobo]) => ({ day, profitKobo })),
  };
}
