import { type HistoryProduct, historyProductOf, readsAsFunding } from "./buy-again.ts";
import type { TransactionRecord } from "./transactions.ts";

// How each history row moved the wallet (decision 042): the one rule the
// statement, the dashboard's totals, the spend chart and the CSV share.
//
// The balance chain is the truth. A row moved the wallet by its Current Bal − Prev. Bal; a jump
// between one row's Current Bal and the next row's Prev. Bal is a movement of its own ("Money
// back" against a reversed purchase just before it, else "Adjustment"), and so is a difference
// between the last row's Current Bal and the wallet ("since your last transaction"). Status
// labels a line and never changes the arithmetic. Only a row without balances falls back to its
// charge (`amount`, never the face value) and its status, and its line says so. What each kind
// of line and that note say is in app/history/words.ts, in the reader's language.

/** What a line is: a row of the history, or money that moved with no row of its own. */
export type LedgerKind = "row" | "money-back" | "adjustment" | "since-last";

export type LedgerLine = {
  kind: LedgerKind;
  /** The row itself; for money back, the reversed purchase it came back for; null for an adjustment. */
  row: TransactionRecord | null;
  /**
   * When it is counted: the row's time; money back or an adjustment between two rows takes the
   * row's before it, money back after the last row its reversed purchase's; any other difference
   * from the wallet after the last row is dated now.
   */
  at: string;
  /** The product it is spent on; a jump counts against its reversed purchase's, an adjustment against none. */
  product: HistoryProduct | null;
  /** Money in (funding), money out (charges) and money back (reversals, refunds, adjustments), each ≥ 0. */
  inKobo: number;
  outKobo: number;
  backKobo: number;
  /** The wallet after this line. */
  balanceKobo: number;
  /** The row has no balances, so the line is worked out from its charge and status. */
  fromStatus: boolean;
};

export type Ledger = {
  /** The wallet before the first line. */
  openingKobo: number;
  /** Oldest first. */
  lines: LedgerLine[];
  /** The wallet after the last line: the wallet balance when one was given. */
  closingKobo: number;
};

const PENDING = 0;
const CONFIRMED = 1;
const REVERSED = 4;

/** What a line moved: in − out + back. */
export function netKobo(line: Pick<LedgerLine, "inKobo" | "outKobo" | "backKobo">): number {
  return line.inKobo - line.outKobo + line.backKobo;
}

/** Spent: charges less the money that came back. The same figure on every screen. */
export function spentKobo(lines: readonly Pick<LedgerLine, "outKobo" | "backKobo">[]): number {
  let spent = 0;
  for (const line of lines) spent += line.outKobo - line.backKobo;
  return spent;
}

type Moves = { inKobo: number; outKobo: number; backKobo: number };

/** A jump with no row: money back when it rose, a charge when it fell. */
function jump(kobo: number): Moves {
  return kobo >= 0 ? { inKobo: 0, outKobo: 0, backKobo: kobo } : { inKobo: 0, outKobo: -kobo, backKobo: 0 };
}

function hasBalances(
  row: TransactionRecord,
): row is TransactionRecord & { initialBalanceKobo: number; newBalanceKobo: number } {
  return row.initialBalanceKobo !== null && row.newBalanceKobo !== null;
}

/**
 * A row's movement from its balances: a fall is a charge; a rise is money in, unless the row
 * reads as a purchase and not as a funding (a refund recorded on a row of its own): money back.
 */
function fromBalances(row: TransactionRecord, change: number, product: HistoryProduct | null): Moves {
  if (change < 0) return { inKobo: 0, outKobo: -change, backKobo: 0 };
  const refund = product !== null && product !== "funding" && !readsAsFunding(row);
  return refund ? { inKobo: 0, outKobo: 0, backKobo: change } : { inKobo: change, outKobo: 0, backKobo: 0 };
}

/**
 * A row without balances: a funding put its amount in once Confirmed; a purchase was charged
 * its `amount` when Pending or Confirmed, nothing when Failed or Ignored (or a status no one
 * knows), and charged and given back when Reversed.
 */
export function fromStatus(row: Pick<TransactionRecord, "amount" | "status">, product: HistoryProduct | null): Moves {
  if (product === "funding") {
    return { inKobo: row.status === CONFIRMED ? row.amount : 0, outKobo: 0, backKobo: 0 };
  }
  if (row.status === PENDING || row.status === CONFIRMED) return { inKobo: 0, outKobo: row.amount, backKobo: 0 };
  if (row.status === REVERSED) return { inKobo: 0, outKobo: row.amount, backKobo: row.amount };
  return { inKobo: 0, outKobo: 0, backKobo: 0 };
}

/** The history oldest first; rows of the same moment keep the upstream's newest-first order reversed. */
export function chronological(history: readonly TransactionRecord[]): TransactionRecord[] {
  const timed = history.map((row, index) => ({ row, index, at: Date.parse(row.createdAt) }));
  timed.sort((left, right) => {
    // A date that does not parse sorts first, so it cannot make the order inconsistent.
    const leftAt = Number.isNaN(left.at) ? -Infinity : left.at;
    const rightAt = Number.isNaN(right.at) ? -Infinity : right.at;
    if (leftAt !== rightAt) return leftAt < rightAt ? -1 : 1;
    return right.index - left.index;
  });
  return timed.map(({ row }) => row);
}

/**
 * The ledger of a history in any order. With `wallet`, a difference between the last row's
 * Current Bal and the wallet balance is a line of its own at `wallet.at`, so the ledger closes
 * at the wallet.
 */
export function ledgerOf(
  history: readonly TransactionRecord[],
  wallet: { balanceKobo: number; at: string } | null = null,
): Ledger {
  const rows = chronological(history);
  const products = rows.map((row) => historyProductOf(row));
  // The opening: the first row with balances, less what the rows without them before it moved.
  let openingKobo = 0;
  let before = 0;
  for (const [index, row] of rows.entries()) {
    if (hasBalances(row)) {
      openingKobo = row.initialBalanceKobo - before;
      break;
    }
    before += netKobo(fromStatus(row, products[index] ?? null));
  }
  if (!rows.some(hasBalances) && wallet !== null) openingKobo = wallet.balanceKobo - before;

  const lines: LedgerLine[] = [];
  let balance = openingKobo;
  let previous: TransactionRecord | null = null;
  for (const [index, row] of rows.entries()) {
    const product = products[index] ?? null;
    if (hasBalances(row)) {
      const gap = row.initialBalanceKobo - balance;
      if (gap !== 0 && previous !== null) {
        const back = previous.status === REVERSED && gap > 0;
        balance += gap;
        lines.push({
          kind: back ? "money-back" : "adjustment",
          row: back ? previous : null,
          at: previous.createdAt,
          product: back ? historyProductOf(previous) : null,
          ...jump(gap),
          balanceKobo: balance,
          fromStatus: false,
        });
      }
      balance = row.newBalanceKobo;
      const moves = fromBalances(row, row.newBalanceKobo - row.initialBalanceKobo, product);
      lines.push({ kind: "row", row, at: row.createdAt, product, ...moves, balanceKobo: balance, fromStatus: false });
    } else {
      const moves = fromStatus(row, product);
      balance += netKobo(moves);
      lines.push({ kind: "row", row, at: row.createdAt, product, ...moves, balanceKobo: balance, fromStatus: true });
    }
    previous = row;
  }
  if (wallet !== null && wallet.balanceKobo !== balance) {
    const gap = wallet.balanceKobo - balance;
    balance = wallet.balanceKobo;
    // Money back after a reversed purchase is that purchase's refund, dated with it as a jump
    // between two rows is (decision 074): the upstream gives the refund no date of its own, and
    // a refund dated when the statement is made would move with every print and leave its
    // purchase's period short. Anything else is "since your last transaction", known only now.
    const back = previous !== null && previous.status === REVERSED && gap > 0;
    lines.push({
      kind: back ? "money-back" : "since-last",
      row: back ? previous : null,
      at: back && previous !== null ? previous.createdAt : wallet.at,
      product: back && previous !== null ? historyProductOf(previous) : null,
      ...jump(gap),
      balanceKobo: balance,
      fromStatus: false,
    });
  }
  return { openingKobo, lines, closingKobo: balance };
}

/** A row's own line, and the money that came back for it with no row of its own, if any. */
export type RowMoney = { line: LedgerLine; after: LedgerLine | null };

/** Each row's money by row id: how the CSV and the transactions page say what a row moved. */
export function moneyByRow(ledger: Ledger): Map<number, RowMoney> {
  const byId = new Map<number, RowMoney>();
  for (const line of ledger.lines) {
    if (line.row === null) continue;
    const found = byId.get(line.row.id);
    if (line.kind === "row") byId.set(line.row.id, { line, after: null });
    else if (found !== undefined) found.after = line;
  }
  return byId;
}
