import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "./db.ts";
import { integerColumn } from "./rows.ts";
import { confirmTransaction } from "./transactions.ts";

// What the biller answers when a pending purchase goes through; the same words as a purchase
// delivered at once.
export const deliveredResponse = "TRANSACTION SUCCESSFUL";
export const pendingResponse = "Awaiting confirmation from the provider";

export function scheduleSettlement(db: DatabaseSync, transactionId: number, settleAt: string): void {
  db.prepare("UPDATE transactions SET settle_at = ? WHERE id = ?").run(settleAt, transactionId);
}

// Settles every pending purchase due by `at` (of one user, when given) and says how many.
// The rows are chosen again under the write lock and each leaves the schedule as it
// settles, so two settlers (the timer, a read, another process on the same file) never
// settle one twice; confirmTransaction refuses anything no longer pending all the same.
export function settleDuePurchases(db: DatabaseSync, at: string, userId?: number): number {
  const filter = userId === undefined ? "" : " AND user_id = ?";
  const args = userId === undefined ? [at] : [at, userId];
  const dueSql = `SELECT id, user_id FROM transactions WHERE settle_at IS NOT NULL AND settle_at <= ?${filter} ORDER BY settle_at, id`;
  // A read first, so the common case (nothing due) takes no write lock.
  if (db.prepare(`${dueSql} LIMIT 1`).get(...args) === undefined) {
    return 0;
  }
  return inTransaction(db, () => {
    let settled = 0;
    for (const row of db.prepare(dueSql).all(...args)) {
      const id = integerColumn(row, "id");
      const result = confirmTransaction(db, integerColumn(row, "user_id"), id, { response: deliveredResponse, at });
      db.prepare("UPDATE transactions SET settle_at = NULL WHERE id = ?").run(id);
      settled += result.ok ? 1 : 0;
    }
    return settled;
  });
}
