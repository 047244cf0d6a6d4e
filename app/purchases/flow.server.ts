import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { expireSessionOn, requireCaller, requireUser } from "../auth.server.ts";
import { requireValidCsrf } from "../csrf.server.ts";
import { formatNaira } from "../domain/money.ts";
import { replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { log } from "../log.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import { placeOrder } from "../upstream/purchases.server.ts";
import { type Confirmation, isExpired, openConfirmation, sealConfirmation } from "./confirmation.server.ts";
import { createOnceStore } from "./once.server.ts";
import type { ConfirmationStep, SummaryLine } from "./step.ts";

// SPEC.md §4's purchase, as one flow every product page runs (issue 5's pattern):
//   Process  validate with the form's schema, price it from the upstream, show a summary;
//   Change   back to the form as filled;
//   Confirm  buy once per confirmation, then Post/Redirect/Get to the empty form.

type Context = Readonly<RouterContextProvider>;
type Caller = { requestId: string; token: string };

/** What Process found: the order to place, the lines to show, and what the wallet pays. */
export type Priced = { order: PurchaseOrder; summary: SummaryLine[]; chargeKobo: number };
/** Or why it could not be priced, in the words of the form's fields. */
export type Unpriceable = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

export type PurchaseFlow<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = {
  /** The form's own URL: where a purchase ends. */
  path: string;
  product: PurchaseOrder["product"];
  schema: Schema;
  price(caller: Caller, value: z.output<Schema>): Promise<Priced | Unpriceable>;
};

export const OUTCOME_UNKNOWN =
  "We did not get an answer about this purchase in time, so we cannot say yet whether it went through. " +
  "Check your transactions before you try again.";
export const CONFIRMATION_EXPIRED = "These details were shown more than 15 minutes ago. Check them and press Process again.";
export const CONFIRMATION_UNREADABLE = "We could not read that confirmation. Please fill in the form again.";

type Outcome =
  | { kind: "success" | "pending"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "unknown" }
  | { kind: "signed-out"; error: UpstreamError };

// A day is far longer than a confirmation lives, so a late repeat still finds its outcome.
const outcomes = createOnceStore<Outcome>({ ttlMs: 24 * 60 * 60_000, maxEntries: 100_000 });

export async function purchaseAction<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema>,
) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  switch (formData.get("intent")) {
    case "confirm":
      return confirm(request, context, flow, formData);
    case "change":
      return change(request, context, flow, formData);
    default:
      return processForm(request, context, flow, formData);
  }
}

async function processForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema>,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: flow.schema });
  if (submission.status !== "success") return replyWithErrors(submission, {});
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  let priced: Priced | Unpriceable;
  try {
    priced = await flow.price(caller, submission.value);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context);
  }
  if (!("order" in priced)) return replyWithErrors(submission, priced);
  const confirmation: Confirmation = {
    userId: user.id,
    key: randomUUID(),
    issuedAt: Date.now(),
    order: priced.order,
    values: formValues(formData, flow),
  };
  return data<ConfirmationStep>({
    confirmation: { sealed: sealConfirmation(confirmation), summary: priced.summary, charge: formatNaira(priced.chargeKobo) },
  });
}

async function change<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema>,
  formData: FormData,
) {
  const confirmation = await confirmationFor(request, context, flow, formData);
  if (confirmation === null) return redirectWithToast(context, flow.path, { type: "error", message: CONFIRMATION_UNREADABLE });
  return replyWithErrors(formAsFilled(flow, confirmation), {}, { status: 200 });
}

async function confirm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema>,
  formData: FormData,
) {
  const confirmation = await confirmationFor(request, context, flow, formData);
  if (confirmation === null) return redirectWithToast(context, flow.path, { type: "error", message: CONFIRMATION_UNREADABLE });
  const onceKey = `${confirmation.userId}:${confirmation.key}`;
  // A repeat of a confirmation that was used finds its outcome whatever its age; an unused
  // one that is too old is not bought at yesterday's price.
  if (!outcomes.has(onceKey) && isExpired(confirmation)) {
    return replyWithErrors(formAsFilled(flow, confirmation), { formErrors: [CONFIRMATION_EXPIRED] });
  }
  const caller = await requireCaller(request, context);
  const outcome = await outcomes.run(onceKey, () => attempt(caller, confirmation), (result) => result.kind !== "signed-out");
  switch (outcome.kind) {
    case "success":
      return redirectWithToast(context, flow.path, { type: "success", message: outcome.message || "Your purchase was successful." });
    case "pending":
      return redirectWithToast(context, flow.path, {
        type: "warning",
        message: outcome.message || "Your purchase is pending. Check your transactions for its outcome.",
      });
    case "refused":
      return replyWithErrors(formAsFilled(flow, confirmation), { formErrors: [outcome.message] });
    case "unknown":
      return redirectWithToast(context, "/dashboard/transactions", { type: "warning", message: OUTCOME_UNKNOWN });
    case "signed-out":
      return expireSessionOn(outcome.error, context);
  }
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

/** The posted confirmation if it is ours, unaltered, for this page and this user. */
async function confirmationFor<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  request: Request,
  context: Context,
  flow: PurchaseFlow<Schema>,
  formData: FormData,
): Promise<Confirmation | null> {
  const confirmation = openConfirmation(formData.get("confirmation"));
  if (confirmation === null || confirmation.order.product !== flow.product) return null;
  const { user } = await requireUser(request, context);
  return confirmation.userId === user.id ? confirmation : null;
}

/** The text the user typed in the form's own fields, nothing else (no token, no intent). */
function formValues<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  formData: FormData,
  flow: PurchaseFlow<Schema>,
): Record<string, string> {
  const submission = parseWithZod(formData, { schema: flow.schema });
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(submission.payload)) {
    if (typeof value === "string" && name !== "csrf" && name !== "intent") values[name] = value;
  }
  return values;
}

/** A submission of the form as the confirmation remembers it, to send the form back filled. */
function formAsFilled<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  flow: PurchaseFlow<Schema>,
  confirmation: Confirmation,
) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(confirmation.values)) formData.set(name, value);
  return parseWithZod(formData, { schema: flow.schema });
}
