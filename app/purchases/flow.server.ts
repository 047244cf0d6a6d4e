import { createHash, randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { expireSessionOn, requireCaller, requireUser } from "../auth.server.ts";
import { allowAttempt } from "../attempts.server.ts";
import { requestInfoContext } from "../context.ts";
import { requireValidCsrf } from "../csrf.server.ts";
import { formatNaira } from "../domain/money.ts";
import { cardOrderTotalKobo } from "../domain/funding.ts";
import { env } from "../env.server.ts";
import { outageMessage, replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { log } from "../log.server.ts";
import { limits, lockedMessage } from "../rate-limit.server.ts";
import type { Toast } from "../session.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { initiateCardOrder } from "../upstream/funding.server.ts";
import { orderFaceKobo, type PurchaseOrder } from "../upstream/orders.ts";
import { placeOrder, type PurchaseOutcome } from "../upstream/purchases.server.ts";
import { type Confirmation, isExpired, openConfirmation, sealConfirmation } from "./confirmation.server.ts";
import { GATEWAY_DOWN, startCardOrder } from "./card-payment.server.ts";
import { createOnceStore, OnceStoreUnavailable } from "./once.server.ts";
import type { ConfirmationStep, FormStepExtras, SummaryLine, VerifiedView } from "./step.ts";
import { openVerification, sealVerification, type Verification, type VerificationTarget } from "./verification.server.ts";

// SPEC.md §4's purchase, as one flow every product page runs (issue 5's pattern):
//   Verify   (cable, electricity, JAMB) check the number with the upstream and seal it;
//   Process  validate with the form's schema, price it from the upstream, show a summary;
//   Change   back to the form as filled;
//   Confirm  buy once per confirmation, then Post/Redirect/Get to the empty form.

type Context = Readonly<RouterContextProvider>;
type Caller = { requestId: string; token: string };
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** What Process found: the order to place, the lines to show, and what the wallet pays. */
export type Priced = { order: PurchaseOrder; summary: SummaryLine[]; chargeKobo: number };
/** Or why it could not be priced or verified, in the words of the form's fields. */
export type Unpriceable = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
/** What Verify found: the number as verified, and the customer as the upstream named them. */
export type Verified = { target: VerificationTarget; customer: SummaryLine[] };

export type PurchaseFlow<Schema extends FormSchema, VerifySchema extends FormSchema = FormSchema> = {
  /** The form's own URL: where a purchase ends. */
  path: string;
  product: PurchaseOrder["product"];
  schema: Schema;
  /** `verification` is the sealed one the form sent back, opened and checked as ours; the
   *  product decides whether it names what is being bought. */
  price(caller: Caller, value: z.output<Schema>, verification: Verification | null): Promise<Priced | Unpriceable>;
  verify?: { schema: VerifySchema; check(caller: Caller, value: z.output<VerifySchema>): Promise<Verified | Unpriceable> };
  /** Words added to the upstream's success message (SPEC.md §4: the token, the PIN). */
  successAdvice?: string;
  /** Airtime and data can also be paid by card at the confirmation step (SPEC.md §4). */
  cardPayment?: boolean;
};

export const OUTCOME_UNKNOWN =
  // Not "in time": a cut connection, a 5xx or an unreadable answer leave the buyer as unsure.
  "We did not get a clear answer about this purchase, so we cannot say yet whether it went through. " +
  "Check your transactions before you try again.";
export const CONFIRMATION_EXPIRED = "These details were shown more than 15 minutes ago. Check them and press Process again.";
export const CONFIRMATION_UNREADABLE = "We could not read that confirmation. Please fill in the form again.";
// Said only when nothing reached the upstream, so "nothing was charged" is the truth.
export const PURCHASE_NOT_TAKEN = "We could not take your purchase just now, and nothing was charged. Please try again in a minute.";

type Outcome = PurchaseOutcome | { kind: "refused"; message: string } | { kind: "unknown" } | { kind: "signed-out"; error: UpstreamError };

// A day is far longer than a confirmation lives, so a late repeat still finds its outcome.
// A repeat on another process waits out one upstream call; longer, it is told "not known yet".
// Only "signed-out" holds an error object, and it is never kept: what is stored is plain data.
const outcomes = createOnceStore<Outcome>({
  name: "purchase",
  ttlMs: 24 * 60 * 60_000,
  maxEntries: 100_000,
  waitMs: env().UPSTREAM_TIMEOUT_MS + 5_000,
  unsettled: () => ({ kind: "unknown" }),
});

export async function purchaseAction<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  switch (formData.get("intent")) {
    case "confirm":
      return confirm(request, context, flow, formData);
    case "change":
      return change(request, context, flow, formData);
    case "verify":
      return verify(request, context, flow, formData);
    case "card":
      return payByCard(request, context, flow, formData);
    default:
      return processForm(request, context, flow, formData);
  }
}

async function processForm<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
  formData: FormData,
) {
  const { user } = await requireUser(request, context);
  const verification = openVerification(formData.get("verification"), { userId: user.id, product: flow.product });
  const submission = parseWithZod(formData, { schema: flow.schema });
  if (submission.status !== "success") return withVerified(replyWithErrors(submission, {}), verification);
  const caller = await requireCaller(request, context);
  let priced: Priced | Unpriceable;
  try {
    priced = await flow.price(caller, submission.value, verification);
  } catch (error) {
    return withVerified(await replyWithUpstreamError(submission, error, context), verification);
  }
  if (!("order" in priced)) return withVerified(replyWithErrors(submission, priced), verification);
  const confirmation: Confirmation = {
    userId: user.id,
    key: purchaseKey(formData),
    issuedAt: Date.now(),
    order: priced.order,
    values: formValues(formData, flow.schema),
  };
  return data<ConfirmationStep>({
    confirmation: {
      sealed: sealConfirmation(confirmation),
      summary: priced.summary,
      charge: formatNaira(priced.chargeKobo),
      cardTotal: flow.cardPayment ? formatNaira(cardOrderTotalKobo(orderFaceKobo(priced.order), env().CHECKOUT_SURCHARGE_PERCENT)) : null,
    },
  });
}

// One card order per confirmation: a double click reaches the checkout of the same order.
// A click still waiting for another process's order is told the upstream is slow; nothing is
// paid before the checkout, so pressing again later is safe.
const cardOrders = createOnceStore<string>({
  name: "card-order",
  ttlMs: 24 * 60 * 60_000,
  maxEntries: 100_000,
  waitMs: env().UPSTREAM_TIMEOUT_MS + 5_000,
  unsettled: () => {
    throw new UpstreamError("timeout", "The card order is still being created.");
  },
});

async function payByCard<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
  formData: FormData,
) {
  if (!flow.cardPayment) throw data({ reason: "not-by-card" }, { status: 400 });
  const confirmation = await confirmationFor(request, context, flow, formData);
  if (confirmation === null) return redirectWithToast(context, flow.path, { type: "error", message: CONFIRMATION_UNREADABLE });
  if (isExpired(confirmation)) return formAsFilled(flow, confirmation, [CONFIRMATION_EXPIRED], 400);
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  let reference: string;
  try {
    reference = await cardOrders.run(onceKeyOf(confirmation), () => initiateCardOrder(caller, confirmation.order, confirmation.key));
  } catch (error) {
    if (!(error instanceof UpstreamError)) return storeUnavailable(error, caller, flow, confirmation);
    if (error.kind === "unauthenticated") return expireSessionOn(error, context);
    // Nothing is paid before the checkout, so the form comes back with what happened.
    return formAsFilled(flow, confirmation, [error.isOutage ? outageMessage(error) : error.message], error.isOutage ? error.pageStatus : 400);
  }
  const face = orderFaceKobo(confirmation.order);
  const checkout = await startCardOrder(request, context, {
    user,
    reference,
    amountKobo: cardOrderTotalKobo(face, env().CHECKOUT_SURCHARGE_PERCENT),
    description: `${flow.product === "data" ? "Data" : "Airtime"} ${formatNaira(face)} for ${confirmation.values["phone"] ?? ""}`.trim(),
    backTo: flow.path,
  });
  return checkout ?? formAsFilled(flow, confirmation, [GATEWAY_DOWN], 503);
}

async function verify<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
  formData: FormData,
) {
  if (flow.verify === undefined) throw data({ reason: "nothing-to-verify" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: flow.verify.schema });
  if (submission.status !== "success") return withVerified(replyWithErrors(submission, {}), null);
  const { user } = await requireUser(request, context);
  const locked = (await allowAttempt(limits.verifyByIp, context.get(requestInfoContext).clientIp)) ?? (await allowAttempt(limits.verifyByAccount, String(user.id)));
  if (locked) return withVerified(replyWithErrors(submission, { formErrors: [lockedMessage(locked)] }, { status: 429 }), null);
  const caller = await requireCaller(request, context);
  let verified: Verified | Unpriceable;
  try {
    verified = await flow.verify.check(caller, submission.value);
  } catch (error) {
    return withVerified(await replyWithUpstreamError(submission, error, context), null);
  }
  if (!("target" in verified)) return withVerified(replyWithErrors(submission, verified), null);
  const verification: Verification = { userId: user.id, product: flow.product, ...verified.target, customer: verified.customer, issuedAt: Date.now() };
  // The form comes back as typed, so nothing entered before Verify is lost.
  return withVerified(replyWithErrors(submission, {}, { status: 200 }), verification);
}

async function change<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
  formData: FormData,
) {
  const confirmation = await confirmationFor(request, context, flow, formData);
  if (confirmation === null) return redirectWithToast(context, flow.path, { type: "error", message: CONFIRMATION_UNREADABLE });
  return formAsFilled(flow, confirmation, [], 200);
}

async function confirm<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
  formData: FormData,
) {
  const confirmation = await confirmationFor(request, context, flow, formData);
  if (confirmation === null) return redirectWithToast(context, flow.path, { type: "error", message: CONFIRMATION_UNREADABLE });
  const onceKey = onceKeyOf(confirmation);
  const caller = await requireCaller(request, context);
  let outcome: Outcome;
  try {
    // A repeat of a confirmation that was used finds its outcome whatever its age; an unused
    // one that is too old is not bought at yesterday's price.
    if (!(await outcomes.has(onceKey)) && isExpired(confirmation)) return formAsFilled(flow, confirmation, [CONFIRMATION_EXPIRED], 400);
    outcome = await outcomes.run(onceKey, () => attempt(caller, confirmation), (result) => result.kind !== "signed-out");
  } catch (error) {
    return storeUnavailable(error, caller, flow, confirmation);
  }
  switch (outcome.kind) {
    case "success":
    case "pending":
      return redirectWithToast(context, flow.path, outcomeToast(flow, outcome));
    case "refused":
      return formAsFilled(flow, confirmation, [outcome.message], 400);
    case "unknown":
      return redirectWithToast(context, "/dashboard/transactions", { type: "warning", message: OUTCOME_UNKNOWN });
    case "signed-out":
      return expireSessionOn(outcome.error, context);
  }
}

function outcomeToast<Schema extends FormSchema, VerifySchema extends FormSchema>(
  flow: PurchaseFlow<Schema, VerifySchema>,
  outcome: PurchaseOutcome,
): Toast {
  const pending = outcome.kind === "pending";
  const said = outcome.message || (pending ? "Your purchase is pending. Check your transactions for its outcome." : "Your purchase was successful.");
  const message = flow.successAdvice && !pending ? `${said} ${flow.successAdvice}` : said;
  const link = outcome.transactionId === null ? undefined : { href: `/dashboard/receipt/${outcome.transactionId}`, label: "View receipt" };
  return { type: pending ? "warning" : "success", message, ...(link && !pending ? { link } : {}) };
}

/**
 * The shared purchase record (Redis) could not be asked before anything was bought: the
 * form comes back as filled, saying so, rather than a bare error page. Anything else is
 * rethrown as it is.
 */
function storeUnavailable<Schema extends FormSchema, VerifySchema extends FormSchema>(
  error: unknown,
  caller: Caller,
  flow: PurchaseFlow<Schema, VerifySchema>,
  confirmation: Confirmation,
) {
  if (!(error instanceof OnceStoreUnavailable)) throw error;
  log("error", "purchase.store-unavailable", { requestId: caller.requestId, product: confirmation.order.product, error: error.message });
  return formAsFilled(flow, confirmation, [PURCHASE_NOT_TAKEN], 503);
}

/**
 * One call to the upstream, never retried, and never a thrown error: whatever happens
 * becomes the outcome every repeat of this confirmation will get.
 */
async function attempt(caller: Caller, confirmation: Confirmation): Promise<Outcome> {
  try {
    return await placeOrder(caller, confirmation.order, confirmation.key);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "unauthenticated") return { kind: "signed-out", error };
    if (error instanceof UpstreamError && error.kind === "rejected") return { kind: "refused", message: error.message };
    // Timeouts, lost connections, 5xx and unreadable answers: the purchase may have gone
    // through. Saying "failed" here could make someone pay twice.
    log("warn", "purchase.outcome-unknown", {
      requestId: caller.requestId,
      product: confirmation.order.product,
      reason: error instanceof UpstreamError ? error.kind : String(error),
    });
    return { kind: "unknown" };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The form's one-time key: made when the page loaded, so posting the same form again (back
 * and resubmit without JavaScript) prices it under the same key, and Confirm then finds the
 * first outcome instead of buying twice.
 */
function purchaseKey(formData: FormData): string {
  const posted = formData.get("key");
  return typeof posted === "string" && UUID.test(posted) ? posted : randomUUID();
}

/**
 * One outcome per key and order: the same order under the same key replays; a different one
 * under a reused key goes to the upstream, whose Idempotency-Key check refuses it (422).
 */
function onceKeyOf(confirmation: Confirmation): string {
  const order = createHash("sha256").update(JSON.stringify(confirmation.order)).digest("base64url");
  return `${confirmation.userId}:${confirmation.key}:${order}`;
}

/** The posted confirmation if it is ours, unaltered, for this page and this user. */
async function confirmationFor<Schema extends FormSchema, VerifySchema extends FormSchema>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema, VerifySchema>,
  formData: FormData,
): Promise<Confirmation | null> {
  const confirmation = openConfirmation(formData.get("confirmation"));
  if (confirmation === null || confirmation.order.product !== flow.product) return null;
  const { user } = await requireUser(request, context);
  return confirmation.userId === user.id ? confirmation : null;
}

/** The text the user typed in the form's own fields, nothing else (no token, no intent). */
function formValues(formData: FormData, schema: FormSchema): Record<string, string> {
  const submission = parseWithZod(formData, { schema });
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(submission.payload)) {
    if (typeof value === "string" && name !== "csrf" && name !== "intent" && name !== "key") values[name] = value;
  }
  return values;
}

/** The form as the confirmation remembers it, with these errors, still verified if it was. */
function formAsFilled<Schema extends FormSchema, VerifySchema extends FormSchema>(
  flow: PurchaseFlow<Schema, VerifySchema>,
  confirmation: Confirmation,
  formErrors: string[],
  status: number,
) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(confirmation.values)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: flow.schema });
  const verification = openVerification(confirmation.values["verification"], { userId: confirmation.userId, product: flow.product });
  return withVerified(replyWithErrors(submission, formErrors.length > 0 ? { formErrors } : {}, { status }), verification);
}

/** A form reply, plus the verification the page should keep showing (and sending back). */
function withVerified<Reply extends { data: object; init: ResponseInit | null }>(reply: Reply, verification: Verification | null) {
  const verified: VerifiedView | null =
    verification === null
      ? null
      : {
          sealed: sealVerification(verification),
          target: { providerId: verification.providerId, number: verification.number, detail: verification.detail },
          customer: verification.customer,
        };
  return data<Reply["data"] & FormStepExtras>({ ...reply.data, verified }, reply.init ?? undefined);
}
