import { type HistoryProduct, historyProductOf } from "./buy-again.ts";
import { addDays } from "./dates.ts";
import { HISTORY_PRODUCTS, TRANSACTION_STATUS_CODES } from "./labels.ts";
import { type FilterErrors, matcherOf, NO_FILTERS, parseFilters } from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";

// A statement for a date range (issue 14 part 2, decision 031): the rows of the range oldest
// first, the balance before the first and after the last, and totals per product and status.
// Totals add up the raw values of every row in range; only the rows printed are formatted.

/** A statement's range when none is asked for: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
/** More rows than a statement prints: its totals still count them all. */
export const STATEMENT_ROW_LIMIT = 1000;

export type StatementRange = { from: string; to: string };

/**
 * `?from=&to=` as the transactions filters read them; a day missing or refused falls back to
 * the default (to: today in Lagos; from: 30 days up to `to`), with the filters' messages.
 */
export function parseStatementRange(
  search: URLSearchParams,
  today: string,
): {
  range: StatementRange;
  errors: FilterErrors;
  typed: { from: string; to: string };
} {
  const only = new URLSearchParams();
  for (const name of ["from", "to"]) only.set(name, search.get(name) ?? "");
  const { filters, errors, typed } = parseFilters(only);
  const to = filters.to ?? (filters.from !== null && filters.from > today ? filters.from : today);
  const from = filters.from ?? addDays(to, 1 - DEFAULT_DAYS);
  return { range: { from, to }, errors, typed: { from: typed.from, to: typed.to } };
}

export type Total = { count: number; amountKobo: number };

export type Statement = {
  /** The range's rows, oldest first, at most STATEMENT_ROW_LIMIT. */
  rows: TransactionRecord[];
  /** Every row in range, shown or not. */
  total: Total;
  /** The wallet before the range's first row and after its last; null when the range is empty. */
  openingKobo: number | null;
  closingKobo: number | null;
  /** Every product and "cannot be told" (null) with at least one row, in menu order. */
  byProduct: (Total & { product: HistoryProduct | null })[];
  /** Every status with at least one row, in code order. */
  byStatus: (Total & { status: number })[];
};

function addTo<Key>(totals: Map<Key, Total>, key: Key, amountKobo: number): void {
  const total = totals.get(key) ?? { count: 0, amountKobo: 0 };
  total.count += 1;
  total.amountKobo += amountKobo;
  totals.set(key, total);
}

/** The statement of `range` from a history in any order. */
export function statementOf(history: readonly TransactionRecord[], range: StatementRange): Statement {
  const inRange = matcherOf({ ...NO_FILTERS, from: range.from, to: range.to });
  const rows: { row: TransactionRecord; at: number; index: number }[] = [];
  history.forEach((row, index) => {
    if (inRange(row)) rows.push({ row, at: Date.parse(row.createdAt), index });
  });
  // Oldest first; rows of the same moment keep the upstream's newest-first order reversed.
  rows.sort((left, right) => left.at - right.at || right.index - left.index);

  const products = new Map<HistoryProduct | null, Total>();
  const statuses = new Map<number, Total>();
  let amountKobo = 0;
  for (const { row } of rows) {
    amountKobo += row.subtotal;
    addTo(products, historyProductOf(row), row.subtotal);
    addTo(statuses, row.status, row.subtotal);
  }
  const first = rows[0]?.row;
  const last = rows[rows.length - 1]?.row;
  const productOrder: (HistoryProduct | null)[] = [...HISTORY_PRODUCTS, null];
  // A status outside SPEC.md's five still counts, after them.
  const unknown = [...statuses.keys()].filter((status) => !TRANSACTION_STATUS_CODES.some((code) => code === status));
  const statusOrder = [...TRANSACTION_STATUS_CODES, ...unknown.sort((left, right) => left - right)];
  return {
    rows: rows.slice(0, STATEMENT_ROW_LIMIT).map(({ row }) => row),
    total: { count: rows.length, amountKobo },
    openingKobo: first?.initialBalanceKobo ?? null,
    closingKobo: last?.newBalanceKobo ?? null,
    byProduct: productOrder.flatMap((product) => {
      const found = products.get(product);
      return found ? [{ product, ...found }] : [];
    }),
    byStatus: statusOrder.flatMap((status) => {
      const found = statuses.get(status);
      return found ? [{ status, ...found }] : [];
    }),
  };
}
