import type { DatabaseSync } from "node:sqlite";
import { integerColumn, nullableTextColumn, textColumn } from "../store/rows.ts";
import type { Row } from "../store/rows.ts";

// The sandbox gateway's payments: a simulated hosted card checkout in the shape of
// Monnify's and Flutterwave's (docs/upstream-api.md, decision 015). A payment starts
// pending and is decided once, by the tester on the checkout page: paid or cancelled.

export const gatewayStatuses = ["pending", "paid", "cancelled"] as const;
export type GatewayStatus = (typeof gatewayStatuses)[number];

export interface GatewayPayment {
  readonly reference: string;
  readonly amountKobo: number;
  readonly currency: "NGN";
  readonly description: string;
  readonly customerEmail: string;
  readonly customerName: string;
  readonly customerPhone: string;
  readonly returnUrl: string;
  readonly requestHash: string;
  readonly status: GatewayStatus;
  readonly createdAt: string;
  readonly paidAt: string | null;
  readonly cancelledAt: string | null;
  // The funding transaction of call 42, once this payment is in someone's wallet.
  readonly creditedTransactionId: number | null;
}

export type NewGatewayPayment = Omit<GatewayPayment, "status" | "paidAt" | "cancelledAt" | "creditedTransactionId">;

export type Decision = "pay" | "cancel";

const paymentColumns = `reference, amount_kobo, currency, description, customer_email, customer_name, customer_phone,
  return_url, request_hash, status, created_at, paid_at, cancelled_at, credited_transaction_id`;

export function findGatewayPayment(db: DatabaseSync, reference: string): GatewayPayment | undefined {
  const row = db.prepare(`SELECT ${paymentColumns} FROM gateway_payments WHERE reference = ?`).get(reference);
  return row === undefined ? undefined : toPayment(row);
}

// Called under the write lock, so "not there yet" cannot be answered twice for one reference.
export function insertGatewayPayment(db: DatabaseSync, payment: NewGatewayPayment): void {
  db.prepare(
    `INSERT INTO gateway_payments (reference, amount_kobo, currency, description, customer_email, customer_name,
       customer_phone, return_url, request_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    payment.reference,
    payment.amountKobo,
    payment.currency,
    payment.description,
    payment.customerEmail,
    payment.customerName,
    payment.customerPhone,
    payment.returnUrl,
    payment.requestHash,
    payment.createdAt,
  );
}

export type DecideResult =
  | { readonly kind: "not-found" }
  // changed is false when the payment was decided before: a decision is final.
  | { readonly kind: "decided"; readonly payment: GatewayPayment; readonly changed: boolean };

// Only a pending payment moves, and the UPDATE says so itself, so two posts racing on one
// payment (two tabs, a double click) decide it once whatever order they land in.
export function decideGatewayPayment(
  db: DatabaseSync,
  reference: string,
  decision: Decision,
  at: string,
): DecideResult {
  const sql =
    decision === "pay"
      ? "UPDATE gateway_payments SET status = 'paid', paid_at = ? WHERE reference = ? AND status = 'pending'"
      : "UPDATE gateway_payments SET status = 'cancelled', cancelled_at = ? WHERE reference = ? AND status = 'pending'";
  const changed = Number(db.prepare(sql).run(at, reference).changes) === 1;
  const payment = findGatewayPayment(db, reference);
  return payment === undefined ? { kind: "not-found" } : { kind: "decided", payment, changed };
}

// Returns false when the payment was credited already; the caller holds the write lock.
export function markCredited(db: DatabaseSync, reference: string, transactionId: number): boolean {
  const result = db
    .prepare(
      "UPDATE gateway_payments SET credited_transaction_id = ? WHERE reference = ? AND credited_transaction_id IS NULL",
    )
    .run(transactionId, reference);
  return Number(result.changes) === 1;
}

// Where the checkout sends the browser back: the merchant's own URL, its query kept, with
// the reference added so the merchant knows which payment to verify.
export function returnTarget(payment: Pick<GatewayPayment, "reference" | "returnUrl">): string {
  const url = new URL(payment.returnUrl);
  url.searchParams.set("reference", payment.reference);
  return url.href;
}

export function checkoutPath(reference: string): string {
  return `/gateway/checkout/${encodeURIComponent(reference)}`;
}

function toPayment(row: Row): GatewayPayment {
  const credited = row["credited_transaction_id"];
  return {
    reference: textColumn(row, "reference"),
    amountKobo: integerColumn(row, "amount_kobo"),
    currency: "NGN",
    description: textColumn(row, "description"),
    customerEmail: textColumn(row, "customer_email"),
    customerName: textColumn(row, "customer_name"),
    customerPhone: textColumn(row, "customer_phone"),
    returnUrl: textColumn(row, "return_url"),
    requestHash: textColumn(row, "request_hash"),
    status: toStatus(textColumn(row, "status")),
    createdAt: textColumn(row, "created_at"),
    paidAt: nullableTextColumn(row, "paid_at"),
    cancelledAt: nullableTextColumn(row, "cancelled_at"),
    creditedTransactionId: credited === null ? null : integerColumn(row, "credited_transaction_id"),
  };
}

function toStatus(value: string): GatewayStatus {
  const status = gatewayStatuses.find((candidate) => candidate === value);
  if (status === undefined) {
    throw new TypeError(`Gateway payment status ${value} is unknown.`);
  }
  return status;
}
