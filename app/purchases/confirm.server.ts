import { data, type RouterContextProvider } from "react-router";
import { expireSessionOn } from "../session/auth.server.ts";
import { env } from "../infra/env.server.ts";
import { log } from "../infra/log.server.ts";
import type { Toast } from "../session/session.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { redirectWithToast } from "../session/toast.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { getTransaction } from "../upstream/dashboard.server.ts";
import { orderFor } from "../upstream/orders.ts";
import { placeOrder, type PurchaseOutcome } from "../upstream/purchases.server.ts";
import { cardTotalOf, purchaseAddress, shortfallOf } from "./checks.server.ts";
import { type Confirmation, isExpired, onceKeyOf, sealConfirmation } from "./confirmation.server.ts";
import { createOnceStore } from "../infra/once.server.ts";
import type { FormSchema, PurchaseProduct } from "./product.server.ts";
import { saveOfferFor } from "./save-offer.server.ts";
import { keepSoldFor } from "./sold-for.server.ts";
import { confirmationFor, formAsFilled, storeUnavailable } from "./replies.server.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";
import { outcomeText, providerMessage, upstreamSpeaksTheReadersLanguage } from "../history/outcome-words.ts";
import { orderFacts } from "./outcome.ts";
import { customerMessageOf } from "../history/customer-message.ts";
import { customerNumber } from "../domain/send-to-customer.ts";
import type { TransactionRecord } from "../domain/transactions.ts";

// Confirm: buy once per confirmation, however often it is posted, then Post/Redirect/Get to
// the empty form with the outcome (decision 011).

type Context = Readonly<RouterContextProvider>;
type Product<Offer extends object> = PurchaseProduct<FormSchema, FormSchema, Offer>;

export type Outcome =
  | PurchaseOutcome
  | { kind: "refused"; message: string }
  | { kind: "unknown" }
  | { kind: "signed-out"; error: UpstreamError };

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

/** `soldForKobo`: what the reseller's customer pays, kept with a purchase that went through (decision 085). */
export async function confirm<Offer extends object>(
  context: Context,
  product: Product<Offer>,
  formData: FormData,
  soldForKobo: number | null,
) {
  const confirmation = confirmationFor(context, product, formData);
  if (confirmation === null)
    return redirectWithToast(context, product.path, { type: "error", message: m.buy_confirmation_unreadable() });
  const onceKey = onceKeyOf(confirmation);
  const { caller } = signedIn(context);
  let outcome: Outcome;
  try {
    // A repeat of a confirmation that was used finds its outcome whatever its age; an unused
    // one that is too old is not bought at yesterday's price.
    if (!(await outcomes.has(onceKey)) && isExpired(confirmation))
      return formAsFilled(caller, product, confirmation, [m.buy_confirmation_expired()], 400);
    outcome = await buyOnce(caller, confirmation);
  } catch (error) {
    return storeUnavailable(error, caller, product, confirmation);
  }
  switch (outcome.kind) {
    case "success":
    case "pending": {
      await keepSoldFor(caller, confirmation.userId, outcome.transactionId, soldForKobo);
      const save = await saveOfferFor(caller, confirmation.userId, confirmation.order, product);
      const row = outcome.kind === "success" ? await boughtRowOf(caller, product, confirmation, outcome) : null;
      const detail = row && product.successDetail ? product.successDetail(row) : null;
      // Decision 086: what to send to the customer's own number, once the purchase went through.
      const send = row && customerMessageOf(row, env().PRODUCT_NAME);
      const toast = outcomeToast(product, confirmation, outcome, detail);
      return redirectWithToast(context, product.path, {
        ...toast,
        ...(save ? { save } : {}),
        ...(send ? { send } : {}),
      });
    }
    case "refused":
      return refusal(context, product, confirmation, refusalWords(confirmation, outcome.message));
    case "unknown":
      // Not "in time": a cut connection, a 5xx or an unreadable answer leave the buyer as unsure.
      return redirectWithToast(context, "/dashboard/transactions", {
        type: "warning",
        message: m.buy_outcome_unknown(),
      });
    case "signed-out":
      return expireSessionOn(outcome.error, context);
  }
}

/**
 * The form as filled with the upstream's refusal; when the wallet (as this request read it)
 * cannot pay the confirmed charge, with the confirmation's ways on: Fund Wallet and back, or
 * the card. The balance may have changed since the confirmation was shown (decision 044).
 */
async function refusal<Offer extends object>(
  context: Context,
  product: Product<Offer>,
  confirmation: Confirmation,
  messages: string[],
) {
  const { user, caller } = signedIn(context);
  const reply = await formAsFilled(caller, product, confirmation, messages, 400);
  const cardTotal = cardTotalOf(product, confirmation.order);
  const shortfall =
    confirmation.chargeKobo === undefined
      ? null
      : shortfallOf(
          user.profile.walletBalanceKobo,
          confirmation.chargeKobo,
          purchaseAddress(product.path, product.schema, confirmation.values),
          cardTotal === null ? null : { sealed: sealConfirmation(confirmation), total: cardTotal },
        );
  return shortfall === null ? reply : data({ ...reply.data, shortfall }, reply.init ?? undefined);
}

/**
 * The bought row, read back once: for what it says to add to the result (the exam's serial and
 * PIN), and for what to send to the customer's number (decision 086). Null when neither is
 * wanted or the row cannot be read now; the result then gives the product's advice instead,
 * and no send links: the purchase went through either way.
 */
async function boughtRowOf<Offer extends object>(
  caller: Caller,
  product: Product<Offer>,
  confirmation: Confirmation,
  outcome: PurchaseOutcome,
): Promise<TransactionRecord | null> {
  const wanted = product.successDetail !== undefined || customerNumber(orderFor(confirmation.order).phone) !== null;
  if (!wanted || outcome.transactionId === null) return null;
  try {
    return await getTransaction(caller, outcome.transactionId);
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/**
 * A refusal in the page's words (decision 079): in English the upstream's message as the
 * portal always showed it; in another language the portal's "…: failed." and the upstream's message under it.
 */
function refusalWords(confirmation: Confirmation, message: string): string[] {
  if (upstreamSpeaksTheReadersLanguage() || confirmation.chargeKobo === undefined) return [message];
  return [outcomeText(orderFacts(confirmation.order, "failed", confirmation.chargeKobo)), providerMessage(message)];
}

function outcomeToast<Offer extends object>(
  product: Product<Offer>,
  confirmation: Confirmation,
  outcome: PurchaseOutcome,
  detail: string | null,
): Toast {
  const pending = outcome.kind === "pending";
  const { said, providerSaid } = resultWords(confirmation, outcome);
  const added = pending ? undefined : (detail ?? product.successAdvice?.());
  const message = added === undefined ? said : `${said} ${added}`;
  const link =
    outcome.transactionId === null
      ? undefined
      : { href: `/dashboard/receipt/${outcome.transactionId}`, label: m.buy_view_receipt() };
  // A pending purchase's receipt says it is not final and offers Re-check status (decision 033).
  return {
    type: pending ? "warning" : "success",
    message,
    ...(providerSaid ? { detail: providerSaid } : {}),
    ...(link ? { link } : {}),
  };
}

/**
 * The result's sentence (decision 079). In English, as always: the upstream's message as it
 * sent it, which is in the reader's language. In Pidgin and Hausa the portal says the outcome
 * from the confirmation's fields, and the upstream's message follows as a detail.
 */
function resultWords(confirmation: Confirmation, outcome: PurchaseOutcome): { said: string; providerSaid?: string } {
  const pending = outcome.kind === "pending";
  const fallback = pending ? m.buy_pending() : m.buy_successful();
  if (upstreamSpeaksTheReadersLanguage() || confirmation.chargeKobo === undefined)
    return { said: outcome.message || fallback };
  const facts = orderFacts(confirmation.order, pending ? "pending" : "successful", confirmation.chargeKobo);
  return { said: outcomeText(facts), ...(outcome.message ? { providerSaid: providerMessage(outcome.message) } : {}) };
}

/**
 * The outcome of this confirmation's one purchase: bought now, or, for a repeat, the outcome
 * the first post got. A bulk purchase buys each of its rows through this too.
 */
export function buyOnce(caller: Caller, confirmation: Confirmation): Promise<Outcome> {
  return outcomes.run(
    onceKeyOf(confirmation),
    () => attempt(caller, confirmation),
    (result) => result.kind !== "signed-out",
  );
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
