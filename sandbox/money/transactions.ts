import { randomInt } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "../store/db.ts";
import { appendLedgerEntry, balanceKobo } from "./ledger.ts";
import { integerColumn, textColumn } from "../store/rows.ts";
import type { Row } from "../store/rows.ts";
import { lagosDate } from "./time.ts";

export const productKinds = ["airtime", "data", "cable", "electricity", "exam", "sms", "funding"] as const;
export type ProductKind = (typeof productKinds)[number];

// Card-paid rows are airtime and data bought through the sandbox gateway (calls 20 and 24):
// recorded like a wallet purchase, but no wallet money moves.
export type PaidBy = "wallet" | "card";

// 0 Pending, 1 Confirmed, 2 Failed, 3 Ignored, 4 Reversed (docs/upstream-api.md).
export type TransactionStatus = 0 | 1 | 2 | 3 | 4;
// Reversed is reached only through reverseTransaction, which writes the refund with it.
export type RecordableStatus = 0 | 1 | 2 | 3;

export interface TransactionRecord {
  readonly id: number;
  readonly userId: number;
  readonly transactionRef: string;
  readonly product: ProductKind;
  readonly subcategoryId: number | null;
  readonly plan: string;
  readonly phoneNumber: string;
  readonly smartNo: string;
  readonly meterNo: string;
  readonly description: string;
  readonly description2: string;
  readonly response: string;
  // The face value asked for; amountKobo is what the wallet was charged (or, for funding,
  // credited).
  readonly subtotalKobo: number;
  readonly amountKobo: number;
  readonly examCard: string;
  readonly token: string;
  readonly initialBalanceKobo: number;
  readonly newBalanceKobo: number;
  readonly status: TransactionStatus;
  readonly createdAt: string;
  readonly paidBy: PaidBy;
}

type OptionalText = "plan" | "phoneNumber" | "smartNo" | "meterNo" | "description2" | "response" | "examCard" | "token";

export type NewTransaction = Pick<
  TransactionRecord,
  "userId" | "product" | "subcategoryId" | "description" | "subtotalKobo" | "amountKobo" | "createdAt"
> &
  Partial<Pick<TransactionRecord, OptionalText | "transactionRef" | "paidBy">> & { readonly status: RecordableStatus };

export type RecordResult =
  | { readonly ok: true; readonly transaction: TransactionRecord }
  | { readonly ok: false; readonly reason: "insufficient-balance"; readonly balanceKobo: number };

export type ChangeResult =
  | { readonly ok: true; readonly transaction: TransactionRecord }
  | { readonly ok: false; readonly reason: "not-found" | "not-allowed" };

const refAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const refSuffixLength = 10;

// "PV" + the Lagos calendar date + a random suffix, e.g. PV20260302K7Q2M9XA4B. The seed
// passes its own source of randomness so its history is the same on every run.
export function transactionRef(createdAt: string, randomIndex: (size: number) => number = randomInt): string {
  const suffix = Array.from({ length: refSuffixLength }, () => refAlphabet.charAt(randomIndex(refAlphabet.length)));
  return `PV${lagosDate(createdAt).replaceAll("-", "")}${suffix.join("")}`;
}

// Which way money moves when a transaction is recorded: a purchase is paid when accepted
// (pending included, as the upstream does), a funding is credited once confirmed, and a
// failed or ignored one moves nothing; nor does one the card paid for.
function recordedMove(product: ProductKind, status: TransactionStatus, amountKobo: number, paidBy: PaidBy): number {
  if (paidBy === "card") {
    return 0;
  }
  if (product === "funding") {
    return status === 1 ? amountKobo : 0;
  }
  return status === 0 || status === 1 ? -amountKobo : 0;
}

// Writes the row and its ledger entry together, under the write lock, so the balances it
// snapshots are the ledger's and two purchases cannot both spend the same naira.
export function recordTransaction(db: DatabaseSync, draft: NewTransaction): RecordResult {
  if (!Number.isSafeInteger(draft.amountKobo) || !Number.isSafeInteger(draft.subtotalKobo)) {
    throw new RangeError("Transaction amounts must be integers of kobo.");
  }
  // Lists sort on the text, which is chronological only in toISOString's one format.
  if (!isCanonicalTime(draft.createdAt)) {
    throw new RangeError(`createdAt ${draft.createdAt} is not an ISO time in UTC as toISOString writes it.`);
  }
  return inTransaction(db, () => {
    const before = balanceKobo(db, draft.userId);
    const paidBy = draft.paidBy ?? "wallet";
    if (paidBy === "card" && draft.product === "funding") {
      throw new RangeError("A funding is money into the wallet; it cannot be paid by card as a purchase is.");
    }
    const move = recordedMove(draft.product, draft.status, draft.amountKobo, paidBy);
    if (before + move < 0) {
      return { ok: false, reason: "insufficient-balance", balanceKobo: before };
    }
    const ref = draft.transactionRef ?? transactionRef(draft.createdAt);
    if (move !== 0) {
      appendLedgerEntry(db, {
        userId: draft.userId,
        amountKobo: move,
        kind: draft.product === "funding" ? "funding" : "purchase",
        reference: ref,
        createdAt: draft.createdAt,
      });
    }
    const result = db
      .prepare(
        `INSERT INTO transactions (user_id, transaction_ref, product, subcategory_id, plan, phone_number, smart_no,
           meter_no, description, description2, response, subtotal_kobo, amount_kobo, exam_card, token,
           initial_balance_kobo, new_balance_kobo, status, created_at, paid_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         RETURNING ${transactionColumns}`,
      )
      .get(
        draft.userId,
        ref,
        draft.product,
        draft.subcategoryId,
        draft.plan ?? "",
        draft.phoneNumber ?? "",
        draft.smartNo ?? "",
        draft.meterNo ?? "",
        draft.description,
        draft.description2 ?? "",
        draft.response ?? "",
        draft.subtotalKobo,
        draft.amountKobo,
        draft.examCard ?? "",
        draft.token ?? "",
        before,
        before + move,
        draft.status,
        draft.createdAt,
        paidBy,
      );
    if (result === undefined) {
      throw new Error("INSERT ... RETURNING returned no row.");
    }
    return { ok: true, transaction: toTransaction(result) };
  });
}

export interface Delivery {
  readonly description?: string;
  readonly description2?: string;
  readonly response?: string;
  readonly examCard?: string;
  readonly token?: string;
  readonly at: string;
}

// Pending to confirmed. A purchase was paid when recorded; a funding is credited now, and
// its balances are taken now, since that is when the wallet changed.
export function confirmTransaction(db: DatabaseSync, userId: number, id: number, delivery: Delivery): ChangeResult {
  return inTransaction(db, () => {
    const found = findTransaction(db, userId, id);
    if (found === undefined) {
      return { ok: false, reason: "not-found" };
    }
    if (found.status !== 0) {
      return { ok: false, reason: "not-allowed" };
    }
    let initial = found.initialBalanceKobo;
    let next = found.newBalanceKobo;
    if (found.product === "funding" && found.amountKobo > 0) {
      initial = balanceKobo(db, userId);
      next = initial + found.amountKobo;
      appendLedgerEntry(db, {
        userId,
        amountKobo: found.amountKobo,
        kind: "funding",
        reference: found.transactionRef,
        createdAt: delivery.at,
      });
    }
    db.prepare(
      `UPDATE transactions SET status = 1, description = ?, description2 = ?, response = ?, exam_card = ?, token = ?,
         initial_balance_kobo = ?, new_balance_kobo = ?
       WHERE id = ?`,
    ).run(
      delivery.description ?? found.description,
      delivery.description2 ?? found.description2,
      delivery.response ?? found.response,
      delivery.examCard ?? found.examCard,
      delivery.token ?? found.token,
      initial,
      next,
      id,
    );
    return { ok: true, transaction: requireTransaction(db, userId, id) };
  });
}

// A paid purchase (pending or confirmed) the biller did not deliver: one refund, keyed by
// the reference, so a second reversal cannot pay out twice. A card-paid row took nothing
// from the wallet, so there is nothing to give back to it. The row keeps the balances of
// the moment it was paid; the refund shows in the next transaction's initial balance.
export function reverseTransaction(
  db: DatabaseSync,
  userId: number,
  id: number,
  reversal: { readonly response: string; readonly at: string },
): ChangeResult {
  return inTransaction(db, () => {
    const found = findTransaction(db, userId, id);
    if (found === undefined) {
      return { ok: false, reason: "not-found" };
    }
    if (
      found.product === "funding" ||
      found.paidBy === "card" ||
      (found.status !== 0 && found.status !== 1) ||
      found.amountKobo === 0
    ) {
      return { ok: false, reason: "not-allowed" };
    }
    appendLedgerEntry(db, {
      userId,
      amountKobo: found.amountKobo,
      kind: "refund",
      reference: found.transactionRef,
      createdAt: reversal.at,
    });
    db.prepare("UPDATE transactions SET status = 4, response = ? WHERE id = ?").run(reversal.response, id);
    return { ok: true, transaction: requireTransaction(db, userId, id) };
  });
}

// Newest first; the id breaks ties between rows written in the same millisecond.
export function listTransactions(db: DatabaseSync, userId: number): TransactionRecord[] {
  return db
    .prepare(`SELECT ${transactionColumns} FROM transactions WHERE user_id = ? ORDER BY created_at DESC, id DESC`)
    .all(userId)
    .map(toTransaction);
}

// Owner and id together: another user's row is as absent as one that never existed.
export function findTransaction(db: DatabaseSync, userId: number, id: number): TransactionRecord | undefined {
  const row = db.prepare(`SELECT ${transactionColumns} FROM transactions WHERE id = ? AND user_id = ?`).get(id, userId);
  return row === undefined ? undefined : toTransaction(row);
}

function isCanonicalTime(text: string): boolean {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === text;
}

function requireTransaction(db: DatabaseSync, userId: number, id: number): TransactionRecord {
  const found = findTransaction(db, userId, id);
  if (found === undefined) {
    throw new Error(`Transaction ${id} vanished inside its own write.`);
  }
  return found;
}

const transactionColumns = `id, user_id, transaction_ref, product, subcategory_id, plan, phone_number, smart_no, meter_no,
  description, description2, response, subtotal_kobo, amount_kobo, exam_card, token, initial_balance_kobo,
  new_balance_kobo, status, created_at, paid_by`;

function toTransaction(row: Row): TransactionRecord {
  const subcategoryId = row["subcategory_id"];
  return {
    id: integerColumn(row, "id"),
    userId: integerColumn(row, "user_id"),
    transactionRef: textColumn(row, "transaction_ref"),
    product: toProductKind(textColumn(row, "product")),
    subcategoryId: subcategoryId === null ? null : integerColumn(row, "subcategory_id"),
    plan: textColumn(row, "plan"),
    phoneNumber: textColumn(row, "phone_number"),
    smartNo: textColumn(row, "smart_no"),
    meterNo: textColumn(row, "meter_no"),
    description: textColumn(row, "description"),
    description2: textColumn(row, "description2"),
    response: textColumn(row, "response"),
    subtotalKobo: integerColumn(row, "subtotal_kobo"),
    amountKobo: integerColumn(row, "amount_kobo"),
    examCard: textColumn(row, "exam_card"),
    token: textColumn(row, "token"),
    initialBalanceKobo: integerColumn(row, "initial_balance_kobo"),
    newBalanceKobo: integerColumn(row, "new_balance_kobo"),
    status: toStatus(integerColumn(row, "status")),
    createdAt: textColumn(row, "created_at"),
    paidBy: textColumn(row, "paid_by") === "card" ? "card" : "wallet",
  };
}

function toProductKind(value: string): ProductKind {
  const kind = productKinds.find((candidate) => candidate === value);
  if (kind === undefined) {
    throw new TypeError(`Product kind ${value} is unknown.`);
  }
  return kind;
}

function toStatus(status: number): TransactionStatus {
  if (status === 0 || status === 1 || status === 2 || status === 3 || status === 4) {
    return status;
  }
  throw new TypeError(`Transaction status ${status} is outside 0 to 4.`);
}
