import type { HistoryProduct } from "./buy-again.ts";
import { addDays, lagosDayOf } from "./dates.ts";
import { HISTORY_PRODUCTS } from "./labels.ts";
import { ledgerOf, type LedgerLine, spentKobo } from "./ledger.ts";
import { type FilterProblems, parseFilters } from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";

// A statement for a date range (decisions 031 and 042): the ledger's lines of
// the range oldest first (app/domain/ledger.ts), and its five sums: opening balance, money in,
// money out, money back and closing balance, where `opening + in − out + back = closing`.

/** A statement's range when none is asked for: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
/** More rows than a statement prints: its totals still count them all. */
export const STATEMENT_ROW_LIMIT = 1000;

export type StatementRange = { from: string; to: string };

/**
 * `?from=&to=` as the transactions filters read them; a day missing or refused falls back to
 * the default (to: today in Lagos; from: 30 days up to `to`), with the filters' problems.
 */
export function parseStatementRange(
  search: URLSearchParams,
  today: string,
): {
  range: StatementRange;
  errors: FilterProblems;
  typed: { from: string; to: string };
} {
  const only = new URLSearchParams();
  for (const name of ["from", "to"]) only.set(name, search.get(name) ?? "");
  const { filters, errors, typed } = parseFilters(only);
  const to = filters.to ?? (filters.from !== null && filters.from > today ? filters.from : today);
  const from = filters.from ?? addDays(to, 1 - DEFAULT_DAYS);
  return { range: { from, to }, errors, typed: { from: typed.from, to: typed.to } };
}

/** A statement's five lines: `opening + in − out + back = closing`, exactly. */
export type StatementSums = {
  openingKobo: number;
  inKobo: number;
  outKobo: number;
  backKobo: number;
  closingKobo: number;
  /** Money out less money back: "spent", as the dashboard and the chart count it. */
  spentKobo: number;
};

export type ProductSpend = { product: HistoryProduct | null; count: number; spentKobo: number };

export type Statement = {
  /** The range's lines, oldest first, at most STATEMENT_ROW_LIMIT. */
  lines: LedgerLine[];
  /** Every line in range, shown or not. */
  count: number;
  /** The history's rows among them: the statement's "Transactions". */
  transactions: number;
  /** Null when the range has no line: there is then no balance to show. */
  sums: StatementSums | null;
  /** Spent per product (money back counts against the product it came back for), in menu order. */
  byProduct: ProductSpend[];
};

/**
 * The statement of `range` from a history in any order. With `wallet` (the balance now), a
 * range that reaches today closes at the wallet: money back or adjustments after the last
 * transaction are a line of their own.
 */
export function statementOf(
  history: readonly TransactionRecord[],
  range: StatementRange,
  wallet: { balanceKobo: number; at: string } | null = null,
): Statement {
  // The wallet anchors every period alike. Money back after the last row is dated with its
  // reversed purchase, so a past period holds it whenever it is printed; any other difference
  // is dated now, so only a period that reaches today holds it (decision 074).
  const ledger = ledgerOf(history, wallet);
  let openingKobo = ledger.openingKobo;
  const lines: LedgerLine[] = [];
  for (const line of ledger.lines) {
    const day = lagosDayOf(line.at);
    if (day > range.to) break;
    if (day < range.from) openingKobo = line.balanceKobo;
    else lines.push(line);
  }
  const products = new Map<HistoryProduct | null, ProductSpend>();
  let inKobo = 0;
  let outKobo = 0;
  let backKobo = 0;
  for (const line of lines) {
    inKobo += line.inKobo;
    outKobo += line.outKobo;
    backKobo += line.backKobo;
    const product = products.get(line.product) ?? { product: line.product, count: 0, spentKobo: 0 };
    if (line.kind === "row") product.count += 1;
    product.spentKobo += line.outKobo - line.backKobo;
    products.set(line.product, product);
  }
  const productOrder: (HistoryProduct | null)[] = [...HISTORY_PRODUCTS, null];
  return {
    lines: lines.slice(0, STATEMENT_ROW_LIMIT),
    count: lines.length,
    transactions: lines.filter((line) => line.kind === "row").length,
    sums:
      lines.length === 0
        ? null
        : {
            openingKobo,
            inKobo,
            outKobo,
            backKobo,
            closingKobo: openingKobo + inKobo - outKobo + backKobo,
            spentKobo: spentKobo(lines),
          },
    byProduct: productOrder.flatMap((product) => {
      const found = products.get(product);
      return found ? [found] : [];
    }),
  };
}
