import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "../store/db.ts";
import { isJsonObject } from "../http/input.ts";
import { integerColumn, nullableTextColumn } from "../store/rows.ts";
import { confirmTransaction } from "../money/transactions.ts";
import type { Delivery } from "../money/transactions.ts";

// What the biller answers when a pending purchase goes through; the same words as a purchase
// delivered at once.
export const deliveredResponse = "TRANSACTION SUCCESSFUL";
export const pendingResponse = "Awaiting confirmation from the provider";

// What the biller hands over when it delivers (a token, an exam card) and the words that
// change with it. Fixed when the purchase is placed and kept with the schedule, so one that
// settles later gets exactly what it would have got at once, after a restart too.
export type Handover = Omit<Delivery, "response" | "at">;

const handoverKeys = ["description", "description2", "examCard", "token"] as const;

export function scheduleSettlement(
  db: DatabaseSync,
  transactionId: number,
  settleAt: string,
  handover?: Handover,
): void {
  db.prepare("UPDATE transactions SET settle_at = ?, settle_delivery = ? WHERE id = ?").run(
    settleAt,
    handover === undefined ? null : JSON.stringify(handover),
    transactionId,
  );
}

// The column holds JSON the sandbox wrote; anything else is a bug to surface, not to settle.
function readHandover(stored: string | null): Handover {
  if (stored === null) {
    return {};
  }
  const parsed: unknown = JSON.parse(stored);
  if (!isJsonObject(parsed)) {
    throw new TypeError("settle_delivery does not hold a JSON object.");
  }
  const handover: Record<string, string> = {};
  for (const key of handoverKeys) {
    const value = parsed[key];
    if (value === undefined) {
      continue;
    }
    if (typeof value !== "string") {
      throw new TypeError(`settle_delivery has a ${key} that is not text.`);
    }
    handover[key] = value;
  }
  return handover;
}

// Settles every pending purchase due by `at` (of one user, when given) and says how many.
// The rows are chosen again under the write lock and each leaves the schedule as it
// settles, so two settlers (the timer, a read, another process on the same file) never
// settle one twice; confirmTransaction refuses anything no longer pending all the same.
export function settleDuePurchases(db: DatabaseSync, at: string, userId?: number): number {
  const filter = userId === undefined ? "" : " AND user_id = ?";
  const args = userId === undefined ? [at] : [at, userId];
  const dueSql = `SELECT id, user_id, settle_delivery FROM transactions WHERE settle_at IS NOT NULL AND settle_at <= ?${filter} ORDER BY settle_at, id`;
  // A read first, so the common case (nothing due) takes no write lock.
  if (db.prepare(`${dueSql} LIMIT 1`).get(...args) === undefined) {
    return 0;
  }
  return inTransaction(db, () => {
    let settled = 0;
    for (const row of db.prepare(dueSql).all(...args)) {
      const id = integerColumn(row, "id");
      const handover = readHandover(nullableTextColumn(row, "settle_delivery"));
      const result = confirmTransaction(db, integerColumn(row, "user_id"), id, {
        ...handover,
        response: deliveredResponse,
        at,
      });
      db.prepare("UPDATE transactions SET settle_at = NULL, settle_delivery = NULL WHERE id = ?").run(id);
      settled += result.ok ? 1 : 0;
    }
    return settled;
  });
}
