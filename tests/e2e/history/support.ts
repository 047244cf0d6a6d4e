import { DatabaseSync } from "node:sqlite";
import { expect } from "@playwright/test";

// Shared pieces of the history tests (decision 033: history-glance.spec.ts and
// history-once.http.spec.ts): a buyer's pending purchase found in the sandbox's file, and the
// moment the simulated biller settles it moved.

/** The portal's sandbox file, or `path`: another sandbox's (the fault upstream's). */
function sandboxDatabase(path = process.env.E2E_SANDBOX_DB): DatabaseSync {
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path);
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

/** The buyer's newest purchase (pending only, when asked): its id (the receipt's address) and reference. */
export function newestPurchase(
  email: string,
  { pending = false, database }: { pending?: boolean; database?: string } = {},
): { id: number; reference: string } {
  const db = sandboxDatabase(database);
  try {
    const row = db
      .prepare(
        `SELECT t.id, t.transaction_ref FROM transactions t JOIN users u ON u.id = t.user_id
         WHERE u.email = ? AND t.product <> 'funding' ${pending ? "AND t.status = 0" : ""}
         ORDER BY t.id DESC LIMIT 1`,
      )
      .get(email);
    if (row === undefined) throw new Error(`no ${pending ? "pending " : ""}purchase for ${email}`);
    return { id: Number(row["id"]), reference: String(row["transaction_ref"]) };
  } finally {
    db.close();
  }
}

export const HOLD_PENDING_MS = 60 * 60_000;

/**
 * When the biller settles the purchase, `offsetMs` from now. docs/sandbox.md "Sandbox test values": a
 * minute after it was made, and the portal's embedded sandbox (and the fault upstream's)
 * takes no other delay, so the tests move the moment in the sandbox's file instead. An hour
 * ahead keeps it pending however slow the run; in the past makes it due, so the next read of
 * the buyer's transactions settles it, as the sandbox's own timer would.
 */
export function settleIn(id: number, offsetMs: number, database?: string): void {
  const db = sandboxDatabase(database);
  try {
    const result = db
      .prepare("UPDATE transactions SET settle_at = ? WHERE id = ? AND settle_at IS NOT NULL")
      .run(new Date(Date.now() + offsetMs).toISOString(), id);
    expect(Number(result.changes), `transaction ${id} is waiting to settle`).toBe(1);
  } finally {
    db.close();
  }
}
