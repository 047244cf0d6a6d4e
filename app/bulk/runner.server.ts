import { createHash } from "node:crypto";
import type { Caller } from "../infra/context.ts";
import { forgetHistory } from "../history/history.server.ts";
import { log } from "../infra/log.server.ts";
import { buyOnce, type Outcome } from "../purchases/confirm.server.ts";
import type { Confirmation } from "../purchases/confirmation.server.ts";
import { keepSoldFor } from "../purchases/sold-for.server.ts";
import type { Batch, BatchRow, BatchStore } from "./batches.server.ts";
import { SESSION_ENDED } from "./progress.ts";

// Runs a confirmed bulk purchase in the background (decision 030): each row is its
// own purchase through the single purchase's path (buyOnce: its own idempotency key, the
// same "outcome not known" handling), two at a time. Every change is written to the portal's
// database as it happens, so the progress page reads it from any portal and after a restart.
// Nothing here ever starts a row twice: a row is marked running before it is bought, and a
// restart leaves it so; nothing resumes a batch (decision 051).

/** Rows bought at once: small and fixed, so a batch never floods the upstream or the wallet. */
export const BULK_CONCURRENCY = 2;

/** A row's own idempotency key, a UUID made from the batch's key and the row's number. */
export function rowKey(batchKey: string, row: number): string {
  const hex = createHash("sha256").update(`${batchKey}:${row}`).digest("hex");
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type Buy = (caller: Caller, confirmation: Confirmation) => Promise<Outcome>;

/** Keeps a bought row's Sold for by its transaction reference; true when it was kept. */
export type KeepSale = (
  caller: Caller,
  userId: number,
  transactionId: number | null,
  soldForKobo: number | null,
) => Promise<boolean>;

function settle(row: BatchRow, outcome: Outcome): void {
  switch (outcome.kind) {
    case "success":
    case "pending":
      row.outcome = outcome.kind === "success" ? "delivered" : "pending";
      row.message = outcome.message;
      row.transactionId = outcome.transactionId;
      return;
    case "refused":
      row.outcome = "failed";
      row.message = outcome.message;
      return;
    case "unknown":
      row.outcome = "unknown";
      return;
    case "signed-out":
      // The upstream refused the token before buying anything: the row was not bought.
      row.outcome = "not-started";
  }
}

/**
 * Buys the batch's rows and writes each outcome to the store. Settles when every row is
 * settled or the session ended; it never throws (a store that fails is logged, and the
 * purchases' own outcomes are kept by buyOnce).
 */
export async function runBatch(
  store: BatchStore,
  batch: Batch,
  caller: Caller,
  buy: Buy = buyOnce,
  keepSale: KeepSale = keepSoldFor,
): Promise<void> {
  let writes = Promise.resolve();
  const save = () => {
    batch.touchedAt = Date.now();
    const snapshot = structuredClone(batch);
    writes = writes.then(() =>
      store.save(snapshot).catch((error: unknown) =>
        log("warn", "bulk.save-failed", {
          batch: batch.id,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    );
  };
  let next = 0;
  async function worker(): Promise<void> {
    for (;;) {
      if (batch.stopped !== null) return;
      const row = batch.rows[next];
      next += 1;
      if (row === undefined) return;
      row.outcome = "running";
      save();
      await writes;
      const outcome = await buy(caller, {
        userId: batch.userId,
        key: rowKey(batch.key, row.row),
        issuedAt: batch.createdAt,
        order: row.order,
        values: {},
      });
      settle(row, outcome);
      // Decision 085: a row that went through keeps its Sold for by its reference, as a single
      // purchase does; one that failed, or whose sale could not be kept, shows none. The row is
      // bought whatever happens here.
      const bought = outcome.kind === "success" || outcome.kind === "pending";
      if (!bought || !(await keepSale(caller, batch.userId, outcome.transactionId, row.soldForKobo)))
        row.soldForKobo = null;
      // The row is in the history now: the person's next page reads it afresh.
      await forgetHistory(caller.token);
      if (outcome.kind === "signed-out") batch.stopped = SESSION_ENDED;
      save();
    }
  }
  await Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker));
  batch.finishedAt = Date.now();
  save();
  await writes;
  log("info", "bulk.finished", { batch: batch.id, rows: batch.rows.length, stopped: batch.stopped !== null });
}
