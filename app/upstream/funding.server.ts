import { z } from "zod";
import { nairaOnWire } from "../domain/money.ts";
import { callUpstream } from "./client.server.ts";
import { UpstreamError } from "./errors.ts";
import { orderRequest, type PurchaseOrder } from "./orders.ts";
import { messageSchema } from "./schemas.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";

// Calls 20, 24 and 41 to 44 of docs/upstream-api.md: funding the wallet, and card orders for airtime
// and data. Writes carry an Idempotency-Key like purchases do.

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

/** Call 41 as the portal reads it: the upstream's `products` are the accounts to pay into. */
const manualDetailsSchema = z
  .object({
    description: text,
    products: z
      .array(z.object({ name: text, account: z.union([z.string(), z.number()]).transform(String), bank: text }))
      .nullish()
      .transform((value) => value ?? []),
  })
  .transform(({ description, products }) => ({ description, accounts: products }));

/** Call 41: how to pay by hand, and into which accounts. */
export function getManualFundingDetails(caller: Caller) {
  return callUpstream({
    method: "GET",
    path: "/v1/get-manual-funding-details/",
    schema: manualDetailsSchema,
    ...caller,
  });
}

/** Call 42: credits the wallet with a card payment the gateway says was made. */
export async function fundWallet(
  caller: Caller,
  payment: { reference: string; chargePercent: number },
  idempotencyKey: string,
) {
  const body = { transaction_reference: payment.reference, monnify_bank_charge: payment.chargePercent };
  const result = await callUpstream({
    method: "POST",
    path: "/v1/user/fund-wallet/",
    schema: messageSchema,
    body,
    idempotencyKey,
    ...caller,
  });
  return result.message;
}

/** Call 43. */
export async function reportManualPayment(
  caller: Caller,
  report: { paymentName: string; amountKobo: number; bankName: string; paymentType: string },
  idempotencyKey: string,
) {
  const body = {
    payment_name: report.paymentName,
    manual_amount: nairaOnWire(report.amountKobo),
    bank_name: report.bankName,
    payment_type: report.paymentType,
  };
  const result = await callUpstream({
    method: "POST",
    path: "/v1/manual-payment/",
    schema: messageSchema,
    body,
    idempotencyKey,
    ...caller,
  });
  return result.message;
}

/** Call 44 refused because the bank needs the user's BVN or NIN first; its message says so. */
export class KycRequiredError extends UpstreamError {
  override name = "KycRequiredError";
}

/** Call 44 (no trailing slash). A refusal that names a BVN or NIN is a KycRequiredError. */
export async function createReservedAccount(caller: Caller, provider: "sterling" | "wema") {
  const path = `/v1/generate-reserved-account/${provider}`;
  try {
    const result = await callUpstream({ method: "GET", path, schema: messageSchema, ...caller });
    return result.message;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "rejected" && /\b(BVN|NIN)\b/.test(error.message)) {
      throw new KycRequiredError(error.kind, error.message, {
        status: error.status,
        code: error.code,
        fieldErrors: error.fieldErrors,
      });
    }
    throw error;
  }
}

/** Calls 20 and 24: an order to be paid by card, named by the reference the checkout carries. */
export async function initiateCardOrder(caller: Caller, order: PurchaseOrder, idempotencyKey: string): Promise<string> {
  const paths: Partial<Record<PurchaseOrder["product"], string>> = {
    airtime: "/v1/initiate-order-airtime/",
    data: "/v1/initiate-order-data/",
  };
  const path = paths[order.product];
  if (path === undefined) throw new UpstreamError("rejected", m.valid_card_only_airtime_data());
  const { body } = orderRequest(order);
  const result = await callUpstream({
    method: "POST",
    path,
    schema: z.object({ trans_ref: z.string().min(1) }),
    body,
    idempotencyKey,
    ...caller,
  });
  return result.trans_ref;
}
