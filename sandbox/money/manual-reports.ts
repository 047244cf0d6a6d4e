import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "../store/db.ts";
import { recordFunding } from "./funding.ts";
import { nairaText } from "./money.ts";
import { insertedId, integerColumn, textColumn } from "../store/rows.ts";
import type { Row } from "../store/rows.ts";

// Call 43 stores what the user says they paid; nothing is credited until someone checks the
// company's bank statement, which in the sandbox is a tester approving the report.

export const manualReportStatuses = ["pending", "approved", "rejected"] as const;
export type ManualReportStatus = (typeof manualReportStatuses)[number];

export interface NewManualReport {
  readonly userId: number;
  readonly paymentName: string;
  readonly amountKobo: number;
  readonly bankName: string;
  readonly paymentType: string;
  readonly createdAt: string;
}

export interface ManualReport {
  readonly id: number;
  readonly email: string;
  readonly paymentName: string;
  readonly amountKobo: number;
  readonly bankName: string;
  readonly paymentType: string;
  readonly status: ManualReportStatus;
  readonly createdAt: string;
}

export type ManualDecision = "approve" | "reject";

export type DecisionResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export function insertManualReport(db: DatabaseSync, report: NewManualReport): number {
  const result = db
    .prepare(
      `INSERT INTO manual_reports (user_id, payment_name, amount_kobo, bank_name, payment_type, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(report.userId, report.paymentName, report.amountKobo, report.bankName, report.paymentType, report.createdAt);
  return insertedId(result);
}

// Newest first, as a tester works through what just came in.
export function listManualReports(db: DatabaseSync): ManualReport[] {
  return db
    .prepare(
      `SELECT m.id, u.email, m.payment_name, m.amount_kobo, m.bank_name, m.payment_type, m.status, m.created_at
       FROM manual_reports m JOIN users u ON u.id = m.user_id
       ORDER BY m.created_at DESC, m.id DESC`,
    )
    .all()
    .map(toReport);
}

// Decided once: the status changes only from pending, under the write lock, so two testers
// approving together credit the wallet once.
export function decideManualReport(db: DatabaseSync, id: number, decision: ManualDecision, at: string): DecisionResult {
  return inTransaction(db, () => {
    const row = db
      .prepare(
        "SELECT user_id, amount_kobo, payment_type, bank_name, payment_name, status FROM manual_reports WHERE id = ?",
      )
      .get(id);
    if (row === undefined) {
      return { ok: false, reason: "not found" };
    }
    if (textColumn(row, "status") !== "pending") {
      return { ok: false, reason: "already decided" };
    }
    if (decision === "reject") {
      db.prepare("UPDATE manual_reports SET status = 'rejected', decided_at = ? WHERE id = ?").run(at, id);
      return { ok: true };
    }
    const amountKobo = integerColumn(row, "amount_kobo");
    // A manual payment is credited in full: the customer already bore their bank's costs.
    const transaction = recordFunding(db, integerColumn(row, "user_id"), at, {
      plan: "Manual payment",
      description: `Manual payment of ${nairaText(amountKobo)} by ${textColumn(row, "payment_type")} to ${textColumn(row, "bank_name")}, approved`,
      description2: `Paid as ${textColumn(row, "payment_name")}`,
      paidKobo: amountKobo,
      creditKobo: amountKobo,
    });
    db.prepare("UPDATE manual_reports SET status = 'approved', decided_at = ?, transaction_id = ? WHERE id = ?").run(
      at,
      transaction.id,
      id,
    );
    return { ok: true };
  });
}

function toReport(row: Row): ManualReport {
  const status = manualReportStatuses.find((candidate) => candidate === textColumn(row, "status"));
  if (status === undefined) {
    throw new TypeError("A manual report has an unknown status.");
  }
  return {
    id: integerColumn(row, "id"),
    email: textColumn(row, "email"),
    paymentName: textColumn(row, "payment_name"),
    amountKobo: integerColumn(row, "amount_kobo"),
    bankName: textColumn(row, "bank_name"),
    paymentType: textColumn(row, "payment_type"),
    status,
    createdAt: textColumn(row, "created_at"),
  };
}
