import type { DatabaseSync } from "node:sqlite";
import { insertedId, integerColumn } from "../store/rows.ts";

export interface LedgerEntry {
  readonly userId: number;
  // Signed: credits are positive, debits negative.
  readonly amountKobo: number;
  readonly kind: string;
  readonly reference: string;
  readonly createdAt: string;
}

// The balance is derived, never stored, so it always equals the history that produced it.
export function balanceKobo(db: DatabaseSync, userId: number): number {
  const row = db
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) AS balance FROM ledger_entries WHERE user_id = ?")
    .get(userId);
  if (row === undefined) {
    throw new Error("SUM returned no row.");
  }
  return integerColumn(row, "balance");
}

export function appendLedgerEntry(db: DatabaseSync, entry: LedgerEntry): number {
  if (!Number.isSafeInteger(entry.amountKobo) || entry.amountKobo === 0) {
    throw new RangeError(`Ledger amount ${entry.amountKobo} must be a non-zero integer of kobo.`);
  }
  const result = db
    .prepare("INSERT INTO ledger_entries (user_id, amount_kobo, kind, reference, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(entry.userId, entry.amountKobo, entry.kind, entry.reference, entry.createdAt);
  return insertedId(result);
}
