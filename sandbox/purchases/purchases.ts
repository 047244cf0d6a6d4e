import type { Caller } from "../accounts/auth.ts";
import type { BillerOutcome } from "./biller.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { answered, handleKeyedCall, refused } from "../http/keyed-call.ts";
import type { KeyedOutcome } from "../http/keyed-call.ts";
import { nairaText } from "../money/money.ts";
import { deliveredResponse, pendingResponse, scheduleSettlement } from "./settlement.ts";
import type { Handover } from "./settlement.ts";
import { recordTransaction, reverseTransaction } from "../money/transactions.ts";
import type { NewTransaction, RecordableStatus } from "../money/transactions.ts";
import { toWireTransaction } from "../http/wire.ts";

// The wallet purchase shared by calls 19, 23, 28, 31, 35 and 39: check the request against the catalog,
// debit, let the simulated biller deliver, hold or refuse, and answer in the upstream's
// purchase envelope. The sandbox is the authority on price: a request's own figures are
// only compared with what the catalog says.

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

// The wallet purchase and the card order (card-orders.ts) take one body under one key: an
// order that fails its checks is refused, and so not stored, however it is to be paid.
export function handleCheckedOrder(
  context: SandboxContext,
  { user }: Caller,
  check: (body: JsonObject) => Checked<Order>,
  take: (order: Order, body: JsonObject) => KeyedOutcome,
): Promise<Response> {
  return handleKeyedCall(context, user.id, (body) => {
    const checked = check(body);
    return "error" in checked ? refused(checked.error) : take(checked.value, body);
  });
}

// The key, the debit and the stored answer are one write transaction (keyed-call.ts).
export function handlePurchase(
  context: SandboxContext,
  caller: Caller,
  check: (body: JsonObject) => Checked<Order>,
): Promise<Response> {
  return handleCheckedOrder(context, caller, check, (order) => placeOrder(context, caller.user.id, order));
}

// Pending and failed purchases are paid first, as a real biller's are: a pending purchase
// has already debited (docs/upstream-api.md), and a failure is refunded by reverseTransaction so the
// ledger shows the debit and its one refund.
function placeOrder(context: SandboxContext, userId: number, order: Order): KeyedOutcome {
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
  // A refusal changed nothing, so it is not stored and a retry is judged afresh (after a
  // top-up, say).
  if (!recorded.ok) {
    return refused(insufficientBalanceMessage(recorded.balanceKobo, order.transaction.amountKobo));
  }
  const { transaction } = recorded;
  switch (outcome.kind) {
    case "delivered":
      return answered(
        200,
        { status: 200, message: order.messages.delivered, data: toWireTransaction(transaction) },
        transaction.id,
      );
    case "pending":
      scheduleSettlement(db, transaction.id, isoTime(context, context.settleAfterMs), order.handover);
      return answered(
        201,
        { status: 201, message: order.messages.pending, data: toWireTransaction(transaction) },
        transaction.id,
      );
    case "failed": {
      if (!free) {
        const reversed = reverseTransaction(db, userId, transaction.id, {
          response: refundedResponse(transaction.amountKobo),
          at: createdAt,
        });
        if (!reversed.ok) {
          throw new Error(
            `The failed purchase ${transaction.transactionRef} could not be reversed: ${reversed.reason}.`,
          );
        }
      }
      return answered(400, { status: 400, message: order.messages.failed(outcome.number) }, transaction.id);
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
