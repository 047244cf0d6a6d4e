import type { SandboxContext } from "./context.ts";
import { isoTime } from "./context.ts";
import { inTransaction } from "../store/db.ts";
import { findStoredAnswer, readIdempotencyKey, requestHash, storeAnswer } from "./idempotency.ts";
import { readJsonObject } from "./input.ts";
import type { JsonObject } from "./input.ts";
import { jsonText, statusMessage } from "./responses.ts";

// Every call that buys, orders or reports money (docs/upstream-api.md, "Idempotency") runs
// through here: the key lookup, the work and the stored answer are one write transaction,
// so a retry that arrives while the first request is being served waits for it and then
// replays it, and an answer is stored exactly when its work is.

export type KeyedOutcome =
  // Nothing happened, so nothing is stored and a retry with the same key is judged afresh.
  | { readonly kind: "refused"; readonly message: string }
  | {
      readonly kind: "answered";
      readonly status: number;
      readonly body: object;
      readonly transactionId: number | null;
    };

export const reusedKeyMessage = "This Idempotency-Key was already used for a different request.";

export async function handleKeyedCall(
  context: SandboxContext,
  userId: number,
  run: (body: JsonObject) => KeyedOutcome,
): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const header = readIdempotencyKey(context.request.headers);
  if (!header.ok) {
    return statusMessage(400, header.message);
  }
  const { key } = header;
  const hash = requestHash(context.request.method, context.url.pathname, read.body);
  return inTransaction(context.db, () => {
    if (key !== undefined) {
      const stored = findStoredAnswer(context.db, userId, key);
      if (stored !== undefined) {
        return stored.requestHash === hash
          ? jsonText(stored.body, stored.status, { "Idempotent-Replayed": "true" })
          : statusMessage(422, reusedKeyMessage);
      }
    }
    const outcome = run(read.body);
    if (outcome.kind === "refused") {
      return statusMessage(400, outcome.message);
    }
    const body = JSON.stringify(outcome.body);
    if (key !== undefined) {
      storeAnswer(context.db, {
        userId,
        key,
        answer: { requestHash: hash, status: outcome.status, body },
        transactionId: outcome.transactionId,
        createdAt: isoTime(context),
      });
    }
    return jsonText(body, outcome.status);
  });
}

export function refused(message: string): KeyedOutcome {
  return { kind: "refused", message };
}

export function answered(status: number, body: object, transactionId: number | null): KeyedOutcome {
  return { kind: "answered", status, body, transactionId };
}
