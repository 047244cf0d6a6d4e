import { z } from "zod";
import { callUpstream, callUpstreamWithStatus } from "./client.server.ts";
import { UpstreamError } from "./errors.ts";
import { orderRequest, type PurchaseOrder } from "./orders.ts";
import { formatNaira } from "../domain/money.ts";
import { kobo, numeric, subcategoryListSchema } from "./schemas.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";

// Calls 17 to 35, 38 and 39 (docs/upstream-api.md): what a signed-in user can buy from the wallet, at
// their level's discount, the verify calls, and the purchase itself. Nothing here is cached: the
// discounts are the caller's own.

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

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

const dataPlansSchema = z
  .array(z.object({ plans: z.array(dataPlanSchema), amount: numeric, image: text, description: text }))
  .min(1);

const smsPackagesSchema = z.array(z.object({ id: z.number().int(), amount: kobo })).min(1);

const purchaseResultSchema = z.object({
  status: z.union([z.number(), z.string()]).optional(),
  message: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  // The new transaction, when the upstream sends it: its id links to the receipt.
  data: z
    .object({ id: z.number().int() })
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
});

/** A provider as a list call gives it, with the caller's discount percent. */
export type Provider = { id: number; title: string; discountPercent: number };

async function providerList(caller: Caller, path: string): Promise<Provider[]> {
  const list = await callUpstream({ method: "GET", path, schema: subcategoryListSchema, ...caller });
  return list.map(({ id, title, amount }) => ({ id, title, discountPercent: amount }));
}

/** Call 17. */
export function getAirtimeProviders(caller: Caller): Promise<Provider[]> {
  return providerList(caller, "/v1/get-airtime-packages/");
}

/** Call 18: the caller's discount percent for one airtime provider. */
export async function getAirtimeDiscount(caller: Caller, providerId: number): Promise<number> {
  const path = `/v1/get-airtime-plans/${encodeURIComponent(String(providerId))}/`;
  const [plan] = await callUpstream({ method: "GET", path, schema: airtimePlanSchema, ...caller });
  return plan?.amount ?? 0;
}

/** Call 21. */
export function getDataProviders(caller: Caller): Promise<Provider[]> {
  return providerList(caller, "/v1/get-data-packages/");
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
export async function getDataPlans(
  caller: Caller,
  providerId: number,
): Promise<{ plans: DataPlan[]; discountPercent: number }> {
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
  const [first] = await callUpstream({
    method: "GET",
    path: "/v1/get-sms-packages/",
    schema: smsPackagesSchema,
    ...caller,
  });
  if (first === undefined) throw new UpstreamError("bad-response", "The upstream sent no SMS package.");
  return { subcategoryId: first.id, rateKobo: first.amount };
}

/** Call 25. */
export function getCableProviders(caller: Caller): Promise<Provider[]> {
  return providerList(caller, "/v1/get-tv-packages/");
}

/** Call 29. */
export function getElectricityProviders(caller: Caller): Promise<Provider[]> {
  return providerList(caller, "/v1/get-electricity-packages/");
}

const examPackagesSchema = z.array(
  z.object({ id: z.number().int(), title: z.string(), amount: numeric, image: text, key: text }),
);

/** Call 32. */
export async function getExamProviders(caller: Caller): Promise<Provider[]> {
  const list = await callUpstream({
    method: "GET",
    path: "/v1/get-exam-packages/",
    schema: examPackagesSchema,
    ...caller,
  });
  return list.map(({ id, title, amount }) => ({ id, title, discountPercent: amount }));
}

/**
 * Calls 17, 21, 25, 29 and 32 together: each provider the caller buys from by id, with their
 * level's discount percent (the signed-in pricing page, decision 046). Bulk SMS is sold at a
 * rate, not a discount, and is not among them.
 */
export async function getLevelDiscounts(caller: Caller): Promise<Map<number, number>> {
  const lists = await Promise.all([
    getAirtimeProviders(caller),
    getDataProviders(caller),
    getCableProviders(caller),
    getElectricityProviders(caller),
    getExamProviders(caller),
  ]);
  return new Map(lists.flat().map((provider) => [provider.id, provider.discountPercent]));
}

/** A cable plan or an exam variant: what it is called, its code and its price. */
export type Variation = { name: string; code: string; amountKobo: number };

const variationListSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      variation_code: z.union([z.string(), z.number()]).transform(String),
      variation_amount: kobo,
    }),
  ),
});

async function variations(caller: Caller, path: string): Promise<Variation[]> {
  const { data } = await callUpstream({ method: "GET", path, schema: variationListSchema, ...caller });
  return data.map((entry) => ({ name: entry.name, code: entry.variation_code, amountKobo: entry.variation_amount }));
}

/** Call 27: a cable provider's plans. */
export function getCablePlans(caller: Caller, providerTitle: string): Promise<Variation[]> {
  return variations(caller, `/v1/get-tv-plan/${encodeURIComponent(providerTitle)}/`);
}

/** Call 33: an exam's variants. */
export function getExamVariants(caller: Caller, title: string): Promise<Variation[]> {
  return variations(caller, `/v1/get-exam-type/${encodeURIComponent(title)}/`);
}

/** A verify call's answer: the customer's details, or the upstream's reason. */
export type Verification<Details> = { ok: true; details: Details } | { ok: false; error: string };

const verifyContentSchema = z
  .object({
    error: z.string().nullish(),
    Customer_Name: z.union([z.string(), z.number()]).nullish(),
    Current_Bouquet: z.union([z.string(), z.number()]).nullish(),
    Renewal_Amount: z.union([z.string(), z.number()]).nullish(),
    Address: z.union([z.string(), z.number()]).nullish(),
  })
  .passthrough();

function asText(value: string | number | null | undefined): string {
  return value == null ? "" : String(value).trim();
}

function verified<Details>(content: z.infer<typeof verifyContentSchema>, details: Details): Verification<Details> {
  const error = asText(content.error);
  if (error) return { ok: false, error };
  if (!asText(content.Customer_Name)) return { ok: false, error: m.buy_not_verified() };
  return { ok: true, details };
}

export type CableCustomer = { name: string; currentBouquet: string; renewalAmount: string };

/** Call 26. */
export async function verifySmartCard(
  caller: Caller,
  provider: { id: number; title: string },
  smartNo: string,
): Promise<Verification<CableCustomer>> {
  const path = `/v1/validate-tv/${provider.id}/${encodeURIComponent(provider.title)}/${encodeURIComponent(smartNo)}/`;
  const { data } = await callUpstream({
    method: "GET",
    path,
    schema: z.object({ data: z.object({ content: verifyContentSchema }) }),
    ...caller,
  });
  const { content } = data;
  const renewal = kobo.safeParse(content.Renewal_Amount ?? "");
  return verified(content, {
    name: asText(content.Customer_Name),
    currentBouquet: asText(content.Current_Bouquet),
    renewalAmount: renewal.success ? formatNaira(renewal.data) : asText(content.Renewal_Amount),
  });
}

export type MeterCustomer = { name: string; address: string };

/** Call 30. */
export async function verifyMeter(
  caller: Caller,
  meter: { providerId: number; serviceId: string; meterNo: string; meterType: string },
): Promise<Verification<MeterCustomer>> {
  const segments = [meter.providerId, meter.serviceId, meter.meterNo, meter.meterType].map((part) =>
    encodeURIComponent(String(part)),
  );
  const path = `/v1/validate-electricity/${segments.join("/")}/`;
  const { data } = await callUpstream({
    method: "GET",
    path,
    schema: z.object({ data: z.object({ content: verifyContentSchema }) }),
    ...caller,
  });
  return verified(data.content, { name: asText(data.content.Customer_Name), address: asText(data.content.Address) });
}

/** Call 34: a JAMB profile ID. */
export async function verifyProfileId(
  caller: Caller,
  exam: { providerId: number; title: string; profileId: string; variationCode: string },
): Promise<Verification<{ name: string }>> {
  const segments = [exam.providerId, exam.title, exam.profileId, exam.variationCode].map((part) =>
    encodeURIComponent(String(part)),
  );
  const path = `/v1/validate-exam/${segments.join("/")}/`;
  const { content } = await callUpstream({
    method: "GET",
    path,
    schema: z.object({ content: verifyContentSchema }),
    ...caller,
  });
  return verified(content, { name: asText(content.Customer_Name) });
}

export type PurchaseOutcome = { kind: "success" | "pending"; message: string; transactionId: number | null };

/**
 * Calls 19, 23 and 39 with the confirmation's idempotency key. docs/upstream-api.md: the outcome is
 * `body.status` when present, else the HTTP status; 200 success, 201 pending, anything
 * else a refusal in the upstream's words (thrown, as every refusal is).
 */
export async function placeOrder(
  caller: Caller,
  order: PurchaseOrder,
  idempotencyKey: string,
): Promise<PurchaseOutcome> {
  const { path, body } = orderRequest(order);
  const answer = await callUpstreamWithStatus({
    method: "POST",
    path,
    body,
    schema: purchaseResultSchema,
    idempotencyKey,
    ...caller,
  });
  const status = answer.body.status === undefined ? answer.status : Number(answer.body.status);
  const { message } = answer.body;
  const transactionId = answer.body.data?.id ?? null;
  if (status === 200) return { kind: "success", message, transactionId };
  if (status === 201) return { kind: "pending", message, transactionId };
  throw new UpstreamError("rejected", message || m.valid_purchase_refused(), { status });
}
