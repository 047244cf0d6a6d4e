import type { DatabaseSync } from "node:sqlite";
import type { SandboxContext } from "./context.ts";
import { isoTime } from "./context.ts";
import { integerColumn, textColumn } from "./rows.ts";

export interface Email {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  // What a tester needs from the mail (the OTP, the reset link), repeated in the log line.
  readonly secret: { readonly otp: string } | { readonly link: string };
}

export interface OutboxMessage {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly createdAt: string;
}

const defaultOutboxLimit = 50;
const maxOutboxLimit = 500;

// The sandbox sends no real mail: the outbox table and the log are where a tester reads it.
// Printing the secret is acceptable only because nothing here reaches a real inbox.
export function sendEmail(context: SandboxContext, email: Email): void {
  context.db
    .prepare("INSERT INTO outbox (to_email, subject, body, created_at) VALUES (?, ?, ?, ?)")
    .run(email.to, email.subject, email.body, isoTime(context));
  context.log({ level: "info", event: "email", to: email.to, subject: email.subject, ...email.secret });
}

export function listOutbox(db: DatabaseSync, limit = defaultOutboxLimit): OutboxMessage[] {
  const bounded = Number.isSafeInteger(limit) ? Math.min(Math.max(limit, 0), maxOutboxLimit) : defaultOutboxLimit;
  return db
    .prepare("SELECT id, to_email, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT ?")
    .all(bounded)
    .map((row) => ({
      id: integerColumn(row, "id"),
      to: textColumn(row, "to_email"),
      subject: textColumn(row, "subject"),
      body: textColumn(row, "body"),
      createdAt: textColumn(row, "created_at"),
    }));
}
