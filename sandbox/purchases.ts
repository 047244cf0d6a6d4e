import type { Caller } from "./auth.ts";
import type { BillerOutcome } from "./biller.ts";
import type { SandboxContext } from "./context.ts";
import { isoTime } from "./context.ts";
import { inTransaction } from "./db.ts";
import { findStoredAnswer, readIdempotencyKey, requestHash, storeAnswer } from "./idempotency.ts";
import type { JsonObject } from "./input.ts";
import { readJsonObject } from "./input.ts";
import { nairaText } from "./money.ts";
import { jsonText, statusMessage } from "./responses.ts";
import { deliveredResponse, pendingResponse, scheduleSettlement } from "./settlement.ts";
import type { Handover } from "./settlement.ts";
import { recordTransaction, reverseTransaction } from "./transactions.ts";
import type { NewTransaction, RecordableStatus } from "./transactions.ts";
import { toWireTransaction } from "./wire.ts";

// The wallet purchase shared by calls 19, 23, 28, 31, 35 and 39: check the request against the catalog,
// debit, let the simulated biller deliver, hold or refuse, and answer in CONTRACT.md's
// purchase envelope. The sandbox is the authority on price: a request's own figures are
// only compared with what the catalog says.

export type Checked<T> = { readonly value: T } | { readonly error: string };

export interface Order {
  // The row to record; status, response, balances and time are the purchase's to set.
  readonly transaction: Omit<NewTransaction, "userId" | "createdAt" | "status" | "response" | "transactionRef">;
  // Laid over the row once the purchase is delivered, at once or when it settles.
  readonly handover?: Handover;
  // What the simulated biller will do, decided by the call from its own test values (the
  // phone, the smart card, the meter).
  readonly outcome: BillerOutcome;
  readonly messages: {
    readonly delivered: string;
    readonly pending: string;
    readonly failed: (number: string) => string;
  };
}

export const reusedKeyMessage = "This Idempotency-Key was already used for a different request.";

export function insufficientBalanceMessage(balanceKobo: number, chargeKobo: number): string {
  return (
    `Insufficient wallet balance: you have ${nairaText(balanceKobo)} and this purchase costs ` +
    `${nairaText(chargeKobo)}. Please fund your wallet.`
  );
}

const declinedResponse = "The provider declined the request; your wallet was not charged.";

export function refundedResponse(amountKobo: number): string {
  return `Delivery failed at the provider; ${nairaText(amountKobo)} was refunded to your wallet.`;
}

// Everything from the key lookup to the stored answer is one write transaction: a retry
// that arrives while the first request is being served waits for it and then replays it,
// and an answer is stored exactly when its debit is.
export async function handlePurchase(
  context: SandboxContext,
  { user }: Caller,
  check: (body: JsonObject) => Checked<Order>,
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
      const stored = findStoredAnswer(context.db, user.id, key);
      if (stored !== undefined) {
        return stored.requestHash === hash
          ? jsonText(stored.body, stored.status, { "Idempotent-Replayed": "true" })
          : statusMessage(422, reusedKeyMessage);
      }
    }
    const checked = check(read.body);
    if ("error" in checked) {
      return statusMessage(400, checked.error);
    }
    const placed = placeOrder(context, user.id, checked.value);
    // A refusal changed nothing, so it is not stored and a retry is judged afresh (after
    // a top-up, say).
    if (placed.kind === "refused") {
      return statusMessage(400, placed.message);
    }
    const body = JSON.stringify(placed.body);
    if (key !== undefined) {
      storeAnswer(context.db, {
        userId: user.id,
        key,
        answer: { requestHash: hash, status: placed.status, body },
        transactionId: placed.transactionId,
        createdAt: isoTime(context),
      });
    }
    return jsonText(body, placed.status);
  });
}

type Placed =
  | { readonly kind: "refused"; readonly message: string }
  | { readonly kind: "placed"; readonly status: 200 | 201 | 400; readonly body: object; readonly transactionId: number };

// Pending and failed purchases are paid first, as a real biller's are: CONTRACT.md says a
// pending purchase has debited, and a failure is refunded by reverseTransaction so the
// ledger shows the debit and its one refund.
function placeOrder(context: SandboxContext, userId: number, order: Order): Placed {
  const { db } = context;
  const createdAt = isoTime(context);
  const { outcome } = order;
  const free = order.transaction.amountKobo === 0;
  const delivered = outcome.kind === "delivered" ? order.handover : undefined;
  const recorded = recordTransaction(db, {
    ...order.transaction,
    ...delivered,
    userId,
    createdAt,
    ...recordedState(outcome.kind, free),
  });
  if (!recorded.ok) {
    return { kind: "refused", message: insufficientBalanceMessage(recorded.balanceKobo, order.transaction.amountKobo) };
  }
  const { transaction } = recorded;
  switch (outcome.kind) {
    case "delivered":
      return placed(200, { status: 200, message: order.messages.delivered, data: toWireTransaction(transaction) }, transaction.id);
    case "pending":
      scheduleSettlement(db, transaction.id, isoTime(context, context.settleAfterMs), order.handover);
      return placed(201, { status: 201, message: order.messages.pending, data: toWireTransaction(transaction) }, transaction.id);
    case "failed": {
      if (!free) {
        const reversed = reverseTransaction(db, userId, transaction.id, {
          response: refundedResponse(transaction.amountKobo),
          at: createdAt,
        });
        if (!reversed.ok) {
          throw new Error(`The failed purchase ${transaction.transactionRef} could not be reversed: ${reversed.reason}.`);
        }
      }
      return placed(400, { status: 400, message: order.messages.failed(outcome.number) }, transaction.id);
    }
  }
}

// A purchase that cost nothing (a 100 % discount) has nothing to refund, so its failure is
// recorded as a plain Failed instead of being paid and reversed.
function recordedState(
  outcome: BillerOutcome["kind"],
  free: boolean,
): { readonly status: RecordableStatus; readonly response: string } {
  if (outcome === "delivered") {
    return { status: 1, response: deliveredResponse };
  }
  if (outcome === "failed" && free) {
    return { status: 2, response: declinedResponse };
  }
  return { status: 0, response: pendingResponse };
}

function placed(status: 200 | 201 | 400, body: object, transactionId: number): Placed {
  return { kind: "placed", status, body, transactionId };
}
