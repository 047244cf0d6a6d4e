import { formatNaira } from "../domain/money.ts";
import type { Batch, RowOutcome } from "./batches.server.ts";

// What the progress and results page says about a batch (issue 13). Pure: the same batch
// and clock always read the same, so each outcome's words have table tests.

/** A batch whose runner has not written for this long has stopped: its portal restarted or died. */
export function staleAfterMs(upstreamTimeoutMs: number): number {
  return upstreamTimeoutMs + 30_000;
}

export type ProgressRow = {
  row: number;
  phone: string;
  network: string;
  item: string;
  charge: string;
  outcome: RowOutcome;
  /** The outcome in words: "Delivered", "Outcome not known yet", "Not started". */
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
  counts: Record<"delivered" | "pending" | "failed" | "unknown" | "notStarted", number>;
  /** What the wallet paid: delivered and pending rows (a pending purchase is paid for). */
  charged: string;
  /** What rows whose outcome is not known may have cost too, or null when there are none. */
  mayHaveCharged: string | null;
  rows: ProgressRow[];
};

export const BATCH_INTERRUPTED =
  "This bulk purchase stopped before the end: the portal was restarted. Rows not started were not bought; " +
  "check your transactions for any row whose outcome is not known before you buy it again.";

const SETTLED: readonly RowOutcome[] = ["delivered", "pending", "failed", "unknown"];

function statusOf(outcome: RowOutcome, ended: boolean): string {
  switch (outcome) {
    case "delivered":
      return "Delivered";
    case "pending":
      return "Pending";
    case "failed":
      return "Failed";
    case "unknown":
      return "Outcome not known yet";
    case "running":
      return ended ? "Outcome not known yet" : "Buying now";
    case "not-started":
      return ended ? "Not started" : "Waiting";
  }
}

export function batchProgress(batch: Batch, now: number, staleMs: number): Progress {
  const interrupted = batch.finishedAt === null && now - batch.touchedAt > staleMs;
  const ended = batch.finishedAt !== null || interrupted;
  const rows = batch.rows.map((row): ProgressRow => {
    // A row in flight when its runner stopped may have been bought: it is not known, never re-run.
    const outcome = interrupted && row.outcome === "running" ? "unknown" : row.outcome;
    return {
      row: row.row,
      phone: row.phone,
      network: row.network,
      item: row.item,
      charge: formatNaira(row.chargeKobo),
      outcome,
      status: statusOf(outcome, ended),
      message: row.message,
      transactionId: row.transactionId,
    };
  });
  const count = (outcome: RowOutcome) => rows.filter((row) => row.outcome === outcome).length;
  const chargedKobo = batch.rows
    .filter((row) => row.outcome === "delivered" || row.outcome === "pending")
    .reduce((sum, row) => sum + row.chargeKobo, 0);
  const unknownKobo = batch.rows
    .filter((row, index) => rows[index]?.outcome === "unknown")
    .reduce((sum, row) => sum + row.chargeKobo, 0);
  return {
    id: batch.id,
    product: batch.product,
    done: rows.filter((row) => SETTLED.includes(row.outcome)).length,
    total: rows.length,
    running: !ended,
    stopped: batch.stopped ?? (interrupted ? BATCH_INTERRUPTED : null),
    counts: {
      delivered: count("delivered"),
      pending: count("pending"),
      failed: count("failed"),
      unknown: count("unknown"),
      notStarted: count("not-started"),
    },
    charged: formatNaira(chargedKobo),
    mayHaveCharged: unknownKobo === 0 ? null : formatNaira(unknownKobo),
    rows,
  };
}
