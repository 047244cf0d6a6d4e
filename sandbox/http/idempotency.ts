import type { DatabaseSync } from "node:sqlite";
import { isJsonObject } from "./input.ts";
import { integerColumn, textColumn } from "../store/rows.ts";
import { sha256Hex } from "../accounts/secrets.ts";

// Idempotency-Key (docs/upstream-api.md): per user, the same key and the same request get the first
// answer again; the same key with another request is refused. What is stored, and when, is
// the keyed call's decision (keyed-call.ts).

export type KeyHeader =
  { readonly ok: true; readonly key: string | undefined } | { readonly ok: false; readonly message: string };

export interface StoredAnswer {
  readonly requestHash: string;
  readonly status: number;
  readonly body: string;
}

// Visible ASCII keeps a key printable in logs and comparable byte for byte; a UUID is 36.
const keyPattern = /^[\x21-\x7e]{1,255}$/;

export function readIdempotencyKey(headers: Headers): KeyHeader {
  const value = headers.get("idempotency-key");
  if (value === null) {
    return { ok: true, key: undefined };
  }
  const key = value.trim();
  return keyPattern.test(key)
    ? { ok: true, key }
    : { ok: false, message: "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID." };
}

// The call and its body in one canonical text: object keys sorted at every depth, so two
// clients that build the same JSON in a different key order make the same request.
export function requestHash(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method} ${path}\n${canonicalJson(body)}`);
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(",")}]`;
  }
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function findStoredAnswer(db: DatabaseSync, userId: number, key: string): StoredAnswer | undefined {
  const row = db
    .prepare("SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = ? AND key = ?")
    .get(userId, key);
  return row === undefined
    ? undefined
    : {
        requestHash: textColumn(row, "request_hash"),
        status: integerColumn(row, "response_status"),
        body: textColumn(row, "response_body"),
      };
}

export function storeAnswer(
  db: DatabaseSync,
  entry: {
    readonly userId: number;
    readonly key: string;
    readonly answer: StoredAnswer;
    // The row the answer is about; null for a call that records none (a card order, a
    // manual payment report).
    readonly transactionId: number | null;
    readonly createdAt: string;
  },
): void {
  db.prepare(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, transaction_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.userId,
    entry.key,
    entry.answer.requestHash,
    entry.answer.status,
    entry.answer.body,
    entry.transactionId,
    entry.createdAt,
  );
}
