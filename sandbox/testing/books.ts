import type { DatabaseSync } from "node:sqlite";
import { expect } from "vitest";
import { type TestSandbox } from "./sandbox.ts";
import { type Buyer, walletKobo } from "./wallet.ts";

// The ledger read against the transaction rows, for tests to assert on.
// Shared by the sandbox's own tests; not a test file itself, so Vitest does not run it.

export function ledgerSumKobo(db: DatabaseSync, userId: number): number {
  const sum = db
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) AS sum FROM ledger_entries WHERE user_id = ?")
    .get(userId)?.["sum"];
  if (typeof sum !== "number") {
    throw new Error("SUM returned nothing.");
  }
  return sum;
}

// The account's purchase rows of any status: every transaction but funding.
export function purchaseRowCount(db: DatabaseSync, userId: number): number {
  return Number(
    db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND product <> 'funding'").get(userId)?.["n"],
  );
}

// The ledger rows one transaction reference has left, as {kind, amount_kobo}, oldest first.
export function ledgerEntriesOf(db: DatabaseSync, reference: string): unknown[] {
  return db
    .prepare("SELECT kind, amount_kobo FROM ledger_entries WHERE reference = ? ORDER BY id")
    .all(reference)
    .map((row) => ({ ...row }));
}

export interface Books {
  readonly ledgerKobo: number;
  // What the transaction rows say the ledger must hold: a confirmed funding adds, a paid
  // purchase (pending or confirmed) takes, a reversed one has its debit and one refund, and
  // one the card paid for has no ledger row at all.
  readonly expectedKobo: number;
  // Transaction references whose ledger rows are not the ones their status calls for.
  readonly mismatched: readonly string[];
}

// The account's ledger read against its transaction rows, for tests to assert on.
export function readBooks(db: DatabaseSync, userId: number): Books {
  const transactions = db
    .prepare("SELECT transaction_ref, product, amount_kobo, status, paid_by FROM transactions WHERE user_id = ?")
    .all(userId);
  const ledger = db
    .prepare("SELECT reference, kind, amount_kobo FROM ledger_entries WHERE user_id = ? ORDER BY id")
    .all(userId);
  let expectedKobo = 0;
  const mismatched: string[] = [];
  for (const row of transactions) {
    const ref = String(row["transaction_ref"]);
    const amount = Number(row["amount_kobo"]);
    const status = Number(row["status"]);
    const kinds = ledger
      .filter((entry) => entry["reference"] === ref)
      .map((entry) => `${String(entry["kind"])}:${String(entry["amount_kobo"])}`);
    let expectedKinds: string[] = [];
    if (row["paid_by"] === "card") {
      expectedKinds = [];
    } else if (row["product"] === "funding") {
      expectedKinds = status === 1 ? [`funding:${amount}`] : [];
      expectedKobo += status === 1 ? amount : 0;
    } else if (status === 0 || status === 1) {
      expectedKinds = [`purchase:${-amount}`];
      expectedKobo -= amount;
    } else if (status === 4) {
      expectedKinds = [`purchase:${-amount}`, `refund:${amount}`];
    }
    if (amount === 0) {
      expectedKinds = [];
    }
    if (JSON.stringify(kinds) !== JSON.stringify(expectedKinds)) {
      mismatched.push(ref);
    }
  }
  const opening = ledger
    .filter((entry) => entry["kind"] === "opening_balance")
    .reduce((sum, entry) => sum + Number(entry["amount_kobo"]), 0);
  return { ledgerKobo: ledgerSumKobo(db, userId), expectedKobo: expectedKobo + opening, mismatched };
}

// After any scenario: every transaction has exactly the ledger rows its status calls for,
// the ledger adds up to what the rows say, it is not negative, and the wallet the profile
// call shows is that sum.
export async function expectBooksBalance(test: TestSandbox, buyer: Buyer): Promise<void> {
  const books = readBooks(test.db, buyer.userId);
  expect(books.mismatched).toEqual([]);
  expect(books.ledgerKobo).toBe(books.expectedKobo);
  expect(books.ledgerKobo).toBeGreaterThanOrEqual(0);
  expect(await walletKobo(test, buyer.token)).toBe(books.ledgerKobo);
}
