import type { DatabaseSync } from "node:sqlite";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { integerColumn, textColumn } from "../store/rows.ts";

export interface Email {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

export interface OutboxMessage {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly createdAt: string;
}

export interface OutboxQuery {
  // Only the mails to these addresses, compared as the users table compares e-mails (ASCII
  // letters in any case); every mail when left out.
  readonly to?: readonly string[];
  readonly limit?: number;
}

const defaultOutboxLimit = 50;
const maxOutboxLimit = 500;

// The sandbox sends no real mail: the outbox table is where a tester reads it. The log says
// that a mail went and to whom, never its code or link: a log is read by more people, and
// kept longer, than a one-time secret should be.
export function sendEmail(context: SandboxContext, email: Email): void {
  const result = context.db
    .prepare("INSERT INTO outbox (to_email, subject, body, created_at) VALUES (?, ?, ?, ?)")
    .run(email.to, email.subject, email.body, isoTime(context));
  context.log({
    level: "info",
    event: "email",
    id: Number(result.lastInsertRowid),
    to: email.to,
    subject: email.subject,
  });
}

export function listOutbox(db: DatabaseSync, query: OutboxQuery = {}): OutboxMessage[] {
  const { limit = defaultOutboxLimit, to } = query;
  const bounded = Number.isSafeInteger(limit) ? Math.min(Math.max(limit, 0), maxOutboxLimit) : defaultOutboxLimit;
  const columns = "SELECT id, to_email, subject, body, created_at FROM outbox";
  const rows =
    to === undefined
      ? db.prepare(`${columns} ORDER BY id DESC LIMIT ?`).all(bounded)
      : db
          .prepare(
            `${columns} WHERE lower(to_email) IN (SELECT lower(value) FROM json_each(?)) ORDER BY id DESC LIMIT ?`,
          )
          .all(JSON.stringify(to), bounded);
  return rows.map((row) => ({
    id: integerColumn(row, "id"),
    to: textColumn(row, "to_email"),
    subject: textColumn(row, "subject"),
    body: textColumn(row, "body"),
    createdAt: textColumn(row, "created_at"),
  }));
}
