import { z } from "zod";
import { callUpstream, callUpstreamWithStatus } from "./client.server.ts";
import { UpstreamError } from "./errors.ts";
import { orderRequest, type PurchaseOrder } from "./orders.ts";
import { kobo, numeric, subcategoryListSchema } from "./schemas.ts";

// CONTRACT.md calls 17 to 19, 21 to 23, 38 and 39: what a signed-in user can buy from the
// wallet, at their level's discount, and the purchase itself. Nothing here is cached: the
// discounts are the caller's own.

type Caller = { requestId: string; token: string };

const text = z.string().nullish().transform((value) => value ?? "");

const airtimePlanSchema = z
  .array(z.object({ id: z.number().int().optional(), title: text, amount: numeric, image: text, description: text }))
  .min(1);

const dataPlanSchema = z.object({
  plan: text,
  amount: kobo,
  size: text,
  variation_amount: kobo,
  service_id: text,
  variation_code: z.union([z.string(), z.number()]).transform(String),
});

const dataPlansSchema = z.array(z.object({ plans: z.array(dataPlanSchema), amount: numeric, image: text, description: text })).min(1);

const smsPackagesSchema = z.array(z.object({ id: z.number().int(), amount: kobo })).min(1);

const purchaseResultSchema = z.object({
  status: z.union([z.number(), z.string()]).optional(),
  message: z.string().nullish().transform((value) => value ?? ""),
});

export type Provider = { id: number; title: string };

/** Call 17. */
export async function getAirtimeProviders(caller: Caller): Promise<Provider[]> {
  const list = await callUpstream({ method: "GET", path: "/v1/get-airtime-packages/", schema: subcategoryListSchema, ...caller });
  return list.map(({ id, title }) => ({ id, title }));
}

/** Call 18: the caller's discount percent for one airtime provider. */
export async function getAirtimeDiscount(caller: Caller, providerId: number): Promise<number> {
  const path = `/v1/get-airtime-plans/${encodeURIComponent(String(providerId))}/`;
  const [plan] = await callUpstream({ method: "GET", path, schema: airtimePlanSchema, ...caller });
  return plan?.amount ?? 0;
}

/** Call 21. */
export async function getDataProviders(caller: Caller): Promise<Provider[]> {
  const list = await callUpstream({ method: "GET", path: "/v1/get-data-packages/", schema: subcategoryListSchema, ...caller });
  return list.map(({ id, title }) => ({ id, title }));
}

export type DataPlan = {
  plan: string;
  size: string;
  amountKobo: number;
  variationAmountKobo: number;
  serviceId: string;
  variationCode: string;
};

/** Call 22: a data provider's plans and the caller's discount percent on them. */
export async function getDataPlans(caller: Caller, providerId: number): Promise<{ plans: DataPlan[]; discountPercent: number }> {
  const path = `/v1/get-data-plans/${encodeURIComponent(String(providerId))}/`;
  const [first] = await callUpstream({ method: "GET", path, schema: dataPlansSchema, ...caller });
  return {
    discountPercent: first?.amount ?? 0,
    plans: (first?.plans ?? []).map((plan) => ({
      plan: plan.plan,
      size: plan.size,
      amountKobo: plan.amount,
      variationAmountKobo: plan.variation_amount,
      serviceId: plan.service_id,
      variationCode: plan.variation_code,
    })),
  };
}

/** Call 38: the SMS subcategory and its rate per page per recipient, in kobo. */
export async function getSmsPackage(caller: Caller): Promise<{ subcategoryId: number; rateKobo: number }> {
  const [first] = await callUpstream({ method: "GET", path: "/v1/get-sms-packages/", schema: smsPackagesSchema, ...caller });
  if (first === undefined) throw new UpstreamError("bad-response", "The upstream sent no SMS package.");
  return { subcategoryId: first.id, rateKobo: first.amount };
}

export type PurchaseOutcome = { kind: "success" | "pending"; message: string };

/**
 * Calls 19, 23 and 39 with the confirmation's idempotency key. CONTRACT.md: the outcome is
 * `body.status` when present, else the HTTP status; 200 success, 201 pending, anything
 * else a refusal in the upstream's words (thrown, as every refusal is).
 */
export async function placeOrder(caller: Caller, order: PurchaseOrder, idempotencyKey: string): Promise<PurchaseOutcome> {
  const { path, body } = orderRequest(order);
  const answer = await callUpstreamWithStatus({ method: "POST", path, body, schema: purchaseResultSchema, idempotencyKey, ...caller });
  const status = answer.body.status === undefined ? answer.status : Number(answer.body.status);
  const message = answer.body.message;
  if (status === 200) return { kind: "success", message };
  if (status === 201) return { kind: "pending", message };
  throw new UpstreamError("rejected", message || "The purchase was refused.", { status });
}
