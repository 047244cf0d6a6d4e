import type { DatabaseSync } from "node:sqlite";
import type { Caller } from "../accounts/auth.ts";
import { billerOutcome } from "./biller.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { answered } from "../http/keyed-call.ts";
import { handleCheckedOrder } from "./purchases.ts";
import type { Order } from "./purchases.ts";
import { integerColumn, textColumn } from "../store/rows.ts";
import type { Row } from "../store/rows.ts";
import { deliveredResponse, pendingResponse, scheduleSettlement } from "./settlement.ts";
import { recordTransaction, transactionRef } from "../money/transactions.ts";
import type { RecordableStatus, TransactionRecord } from "../money/transactions.ts";

// Calls 20 and 24: airtime and data paid by card. The order is checked and priced now,
// exactly as calls 19 and 23 would, and stored under a fresh trans_ref; nothing is debited.
// The portal then opens a gateway payment with that reference, and when the tester pays it
// the simulated biller delivers the order (fulfilCardOrder), in the same write as the pay.

export type CardProduct = "airtime" | "data";

export interface CardOrder {
  readonly id: number;
  readonly transRef: string;
  readonly userId: number;
  readonly product: CardProduct;
  readonly subcategoryId: number;
  readonly plan: string;
  readonly phoneNumber: string;
  readonly description: string;
  readonly faceKobo: number;
  // What the wallet would have been charged: the least a card payment for it may be.
  readonly chargeKobo: number;
  readonly transactionId: number | null;
}

// The biller's word when a card-paid order fails. There is no wallet debit to reverse, so
// the row ends as 2 Failed, not 4 Reversed; giving the card its money back is the gateway's
// business, which the sandbox does not simulate.
export const cardDeclinedResponse =
  "The provider declined the request. It was paid by card, so no wallet refund is due.";

export function handleCardOrder(
  context: SandboxContext,
  caller: Caller,
  check: (body: JsonObject) => Checked<Order>,
): Promise<Response> {
  return handleCheckedOrder(context, caller, check, (order, body) => {
    const transRef = storeCardOrder(context.db, caller.user.id, order, body, isoTime(context));
    return answered(200, { trans_ref: transRef }, null);
  });
}

function storeCardOrder(db: DatabaseSync, userId: number, order: Order, body: JsonObject, createdAt: string): string {
  const { transaction } = order;
  const product = transaction.product;
  if (product !== "airtime" && product !== "data") {
    throw new RangeError(`Only airtime and data are sold by card, not ${product}.`);
  }
  if (transaction.subcategoryId === null) {
    throw new RangeError("A card order needs its provider.");
  }
  // The same format as a transaction's, since the order becomes one when it is paid.
  const transRef = transactionRef(createdAt);
  db.prepare(
    `INSERT INTO card_orders (trans_ref, user_id, product, subcategory_id, request_body, plan, phone_number,
       description, face_kobo, charge_kobo, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    transRef,
    userId,
    product,
    transaction.subcategoryId,
    JSON.stringify(body),
    transaction.plan ?? "",
    transaction.phoneNumber ?? "",
    transaction.description,
    transaction.subtotalKobo,
    transaction.amountKobo,
    createdAt,
  );
  return transRef;
}

export function findCardOrder(db: DatabaseSync, transRef: string): CardOrder | undefined {
  const row = db.prepare(`SELECT ${orderColumns} FROM card_orders WHERE trans_ref = ?`).get(transRef);
  return row === undefined ? undefined : toCardOrder(row);
}

export interface Fulfilment {
  readonly paidKobo: number;
  readonly at: string;
  // When a purchase the biller holds as pending settles.
  readonly settleAt: string;
}

// Records the purchase as a wallet purchase would be, paid by card: the biller's test
// numbers decide as for calls 19 and 23, and the balances do not move. Returns undefined
// for an order already fulfilled, so a second paid notice (which the gateway's own
// once-only pay already prevents) delivers nothing.
export function fulfilCardOrder(
  db: DatabaseSync,
  transRef: string,
  fulfilment: Fulfilment,
): TransactionRecord | undefined {
  return inTransaction(db, () => {
    const order = findCardOrder(db, transRef);
    if (order === undefined || order.transactionId !== null) {
      return undefined;
    }
    const outcome = billerOutcome([order.phoneNumber]);
    const state = fulfilledState(outcome.kind);
    const recorded = recordTransaction(db, {
      userId: order.userId,
      transactionRef: order.transRef,
      product: order.product,
      subcategoryId: order.subcategoryId,
      plan: order.plan,
      phoneNumber: order.phoneNumber,
      description: `${order.description}, paid by card`,
      subtotalKobo: order.faceKobo,
      amountKobo: fulfilment.paidKobo,
      paidBy: "card",
      createdAt: fulfilment.at,
      ...state,
    });
    if (!recorded.ok) {
      throw new Error(`The card order ${transRef} was refused a row although it moves no wallet money.`);
    }
    const { transaction } = recorded;
    if (outcome.kind === "pending") {
      scheduleSettlement(db, transaction.id, fulfilment.settleAt);
    }
    db.prepare("UPDATE card_orders SET transaction_id = ? WHERE id = ?").run(transaction.id, order.id);
    return transaction;
  });
}

function fulfilledState(outcome: ReturnType<typeof billerOutcome>["kind"]): {
  readonly status: RecordableStatus;
  readonly response: string;
} {
  switch (outcome) {
    case "delivered":
      return { status: 1, response: deliveredResponse };
    case "pending":
      return { status: 0, response: pendingResponse };
    case "failed":
      return { status: 2, response: cardDeclinedResponse };
  }
}

const orderColumns = `id, trans_ref, user_id, product, subcategory_id, plan, phone_number, description, face_kobo,
  charge_kobo, transaction_id`;

function toCardOrder(row: Row): CardOrder {
  const product = textColumn(row, "product");
  if (product !== "airtime" && product !== "data") {
    throw new TypeError(`Card order product ${product} is neither airtime nor data.`);
  }
  const transactionId = row["transaction_id"];
  return {
    id: integerColumn(row, "id"),
    transRef: textColumn(row, "trans_ref"),
    userId: integerColumn(row, "user_id"),
    product,
    subcategoryId: integerColumn(row, "subcategory_id"),
    plan: textColumn(row, "plan"),
    phoneNumber: textColumn(row, "phone_number"),
    description: textColumn(row, "description"),
    faceKobo: integerColumn(row, "face_kobo"),
    chargeKobo: integerColumn(row, "charge_kobo"),
    transactionId: transactionId === null ? null : integerColumn(row, "transaction_id"),
  };
}
