import { transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import { m } from "../i18n/paraglide/messages.js";
import { recheckMessage } from "../domain/recheck.ts";
import { recheckWords } from "../history/words.ts";
import type { TransactionRecord } from "../domain/transactions.ts";
import { isAmountOrder } from "./batch-rows.ts";
import type { Batch, BatchRow, RowOutcome } from "./batches.server.ts";
import { airtimeItem, rowProblemWords } from "./words.ts";

// What the progress and results page says about a batch (decision 030). Pure: the same batch,
// history, clock and language always read the same, so each outcome's words have table tests.
// Its words are said in the language of the request that reads the batch (decision 061), not
// the one it was confirmed in: what a batch keeps is codes, not words.

/** A batch whose runner has not written for this long has stopped: its portal restarted or died. */
export function staleAfterMs(upstreamTimeoutMs: number): number {
  return upstreamTimeoutMs + 30_000;
}

/** A bought row's outcome, or a row the review left out: never bought, shown with its reason. */
export type ShownOutcome = RowOutcome | "left-out";

/** What the history (call 36) says of a purchase now: enough for its status and its words. */
export type HistoryRow = Pick<TransactionRecord, "id" | "status" | "description" | "response">;

export type ProgressRow = {
  row: number;
  phone: string;
  network: string;
  item: string;
  /**
   * What the row cost as the page says it: its price when delivered, pending or not known yet
   * (it may have been paid), "not charged" when it failed or was never started; empty for a
   * row left out at the review.
   */
  charge: string;
  /** What the wallet paid for it, as the results file sums it (decision 074): null while not known or left out. */
  chargedKobo: number | null;
  /**
   * What the reseller's customer pays for it (decision 085), kept as its sale: only for a row
   * that went through or may still (Delivered, Pending), so it is what the profit book counts.
   */
  soldForKobo: number | null;
  /** That price as the page says it, else empty. */
  soldFor: string;
  outcome: ShownOutcome;
  /** The outcome in words: "Delivered", "Outcome not known yet", "Not started", "Not bought". */
  status: string;
  message: string;
  transactionId: number | null;
};

export type Progress = {
  id: string;
  product: Batch["product"];
  done: number;
  total: number;
  /** Still buying: the page refreshes itself. */
  running: boolean;
  /** Why it ended before every row was tried: a restart, or the session ended. */
  stopped: string | null;
  counts: Record<"delivered" | "pending" | "failed" | "unknown" | "notStarted" | "leftOut", number>;
  /** What the wallet paid: delivered and pending rows (a pending purchase is paid for). */
  charged: string;
  /** What rows whose outcome is not known may have cost too, or null when there are none. */
  mayHaveCharged: string | null;
  rows: ProgressRow[];
};

/** A batch's `stopped` when its session ended under it: said in words when shown. */
export const SESSION_ENDED = "session-ended";

/** What batches stored before the pages spoke three languages hold for SESSION_ENDED. */
const SESSION_ENDED_WORDS = "Your session ended, so the rows not started were not bought. Sign in and buy them again.";

/** Why the batch stopped, in words; anything else a batch holds is shown as it is. */
function stoppedWords(stopped: string): string {
  return stopped === SESSION_ENDED || stopped === SESSION_ENDED_WORDS ? m.bulk_session_ended() : stopped;
}

const SETTLED: readonly RowOutcome[] = ["delivered", "pending", "failed", "unknown"];

function statusOf(outcome: RowOutcome, ended: boolean): string {
  switch (outcome) {
    case "delivered":
      return m.bulk_status_delivered();
    case "pending":
      return m.bulk_status_pending();
    case "failed":
      return m.bulk_status_failed();
    case "unknown":
      return m.bulk_status_unknown();
    case "running":
      return ended ? m.bulk_status_unknown() : m.bulk_status_buying();
    case "not-started":
      return ended ? m.bulk_status_not_started() : m.bulk_status_waiting();
  }
}

/** What the wallet paid for a row: failed (refunded) and never-started rows nothing, unknown ones not known yet. */
function chargedKobo(outcome: RowOutcome, priceKobo: number): number | null {
  switch (outcome) {
    case "delivered":
    case "pending":
      return priceKobo;
    case "failed":
    case "not-started":
      return 0;
    case "unknown":
    case "running":
      return null;
  }
}

/** What a row buys: an amount in the reader's language ("₦500.00 airtime"), a plan's name as the upstream sent it. */
function itemOf(row: BatchRow): string {
  return isAmountOrder(row.order) ? airtimeItem(row.order.amountKobo) : row.item;
}

/**
 * A bought row as the history has it now, by the transactions page's status (decision 043):
 * Pending, Confirmed (delivered), else failed (Failed, Ignored, Reversed: not charged). A row
 * whose status changed says so in Re-check status's words; one the history does not hold,
 * or holds with a code no label names, stays as the batch saw it. Read by the status's code
 * (0 pending, 1 confirmed: docs/upstream-api.md), not its label, which is said in the reader's language.
 */
function asNow(row: BatchRow, found: HistoryRow | undefined): Pick<BatchRow, "outcome" | "message"> {
  if (found === undefined || transactionStatus(found.status) === null) return row;
  const outcome = found.status === 0 ? "pending" : found.status === 1 ? "delivered" : "failed";
  return outcome === row.outcome ? row : { outcome, message: recheckMessage(found, recheckWords()).message };
}

/**
 * The batch as the page shows it at `now`. `history`, read once the batch has ended, brings
 * each bought row's status up to date: a row pending when the batch ended may be delivered
 * or refunded since.
 */
export function batchProgress(
  batch: Batch,
  now: number,
  staleMs: number,
  history: readonly HistoryRow[] = [],
): Progress {
  const interrupted = batch.finishedAt === null && now - batch.touchedAt > staleMs;
  const ended = batch.finishedAt !== null || interrupted;
  const recorded = new Map(history.map((found) => [found.id, found]));
  const bought = batch.rows.map((row) => {
    const current = row.transactionId === null ? row : asNow(row, recorded.get(row.transactionId));
    // A row in flight when its runner stopped may have been bought: it is not known, never re-run.
    const outcome = interrupted && current.outcome === "running" ? "unknown" : current.outcome;
    const charged = chargedKobo(outcome, row.chargeKobo);
    const soldForKobo = outcome === "delivered" || outcome === "pending" ? row.soldForKobo : null;
    const shown: ProgressRow = {
      row: row.row,
      phone: row.phone,
      network: row.network,
      item: itemOf(row),
      charge: charged === 0 ? m.bulk_not_charged() : formatNaira(row.chargeKobo),
      chargedKobo: charged,
      soldForKobo,
      soldFor: soldForKobo === null ? "" : formatNaira(soldForKobo),
      outcome,
      status: statusOf(outcome, ended),
      message: current.message,
      transactionId: row.transactionId,
    };
    return { shown, chargeKobo: row.chargeKobo };
  });
  const leftOut = batch.leftOut.map((row): ProgressRow => ({
    row: row.row,
    phone: row.text,
    network: row.network,
    item: "",
    charge: "",
    chargedKobo: null,
    soldForKobo: null,
    soldFor: "",
    outcome: "left-out",
    status: m.bulk_not_bought(),
    message: typeof row.reason === "string" ? row.reason : rowProblemWords(row.reason),
    transactionId: null,
  }));
  const count = (outcome: ShownOutcome) => bought.filter(({ shown }) => shown.outcome === outcome).length;
  // The total is the sum of the rows' charges, so the page and its file agree to the kobo.
  const chargedTotal = bought.reduce((sum, { shown }) => sum + (shown.chargedKobo ?? 0), 0);
  const unknownKobo = bought
    .filter(({ shown }) => shown.outcome === "unknown")
    .reduce((sum, { chargeKobo }) => sum + chargeKobo, 0);
  return {
    id: batch.id,
    product: batch.product,
    done: bought.filter(({ shown }) => SETTLED.some((outcome) => outcome === shown.outcome)).length,
    total: bought.length,
    running: !ended,
    stopped: batch.stopped !== null ? stoppedWords(batch.stopped) : interrupted ? m.bulk_interrupted() : null,
    counts: {
      delivered: count("delivered"),
      pending: count("pending"),
      failed: count("failed"),
      unknown: count("unknown"),
      notStarted: count("not-started"),
      leftOut: leftOut.length,
    },
    charged: formatNaira(chargedTotal),
    mayHaveCharged: unknownKobo === 0 ? null : formatNaira(unknownKobo),
    rows: [...bought.map(({ shown }) => shown), ...leftOut].sort((a, b) => a.row - b.row),
  };
}
