import { redirectDocument, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "../domain/safe-redirect.ts";
import { requestInfoContext } from "../infra/context.ts";
import { env } from "../infra/env.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { log } from "../infra/log.server.ts";
import { createOnceStore } from "../infra/once.server.ts";
import { seal, unseal } from "../infra/seal.server.ts";
import type { Toast } from "../session/session.server.ts";
import { redirectWithToast } from "../session/toast.server.ts";
import type { User } from "../upstream/schemas.ts";
import { fundingGateway, orderGateway } from "./config.server.ts";
import { isAllowedRedirect, type PaymentCustomer, PaymentError, type PaymentGateway } from "./gateway.ts";

// Card payments leave for a gateway's hosted page and come back (docs/upstream-api.md, "Funding the wallet and
// paying by card"), for wallet funding (app/funding/card.server.ts) and for card
// orders (app/purchases/card-payment.server.ts) alike. What the portal expects to find on
// return (whose payment, which reference, how much, for what) travels sealed in the return
// URL's path, so the return needs no server-side state and cannot be pointed at someone
// else's payment.

type Context = Readonly<RouterContextProvider>;

// What the person is told, in the language of the request: message functions, called when said.
const TRANSACTION_FAILED = m.fund_pay_failed;
const ORDER_PAID = m.fund_pay_order_paid;
const NOT_CONFIRMED_YET = m.fund_pay_not_confirmed;
/** "We could not reach the card payment service…", for a form that comes back because no checkout opened. */
export const GATEWAY_DOWN = m.fund_pay_gateway_down;

const returnStateSchema = z.object({
  userId: z.number().int(),
  purpose: z.enum(["funding", "order"]),
  reference: z.string().min(1),
  /** What the card must have paid, at least. */
  amountKobo: z.number().int().positive(),
  /**
   * Where the user lands afterwards: the product's page for an order. Through the same rule as
   * every other return address, so even a state sealed with a leaked secret cannot send the
   * person off the site (decision 068).
   */
  backTo: z.string().transform((target) => safeRedirectPath(target)),
});
export type ReturnState = z.infer<typeof returnStateSchema>;

const RETURN_PURPOSE = "payment-return";

function returnUrl(request: Request, state: ReturnState): string {
  const origin = env().PUBLIC_ORIGIN ?? new URL(request.url).origin;
  return `${origin}/dashboard/payments/return/${seal(RETURN_PURPOSE, state)}`;
}

function customerOf(user: User): PaymentCustomer {
  return { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), phone: user.profile.phone };
}

/** The return URL's state, or null when it is not one the portal sealed. */
export function openReturnState(sealed: string | undefined): ReturnState | null {
  return unseal(RETURN_PURPOSE, returnStateSchema, sealed);
}

/**
 * Creates the payment and sends the browser to the gateway, as a whole-page load. Null when
 * the gateway could not open a checkout: nothing was paid, so the caller brings its form
 * back as it was with GATEWAY_DOWN.
 */
export async function startCheckout(
  gateway: PaymentGateway,
  request: Request,
  context: Context,
  payment: { state: ReturnState; description: string; user: User },
): Promise<Response | null> {
  const { requestId } = context.get(requestInfoContext);
  try {
    const { redirectUrl } = await gateway.createPayment(
      {
        reference: payment.state.reference,
        amountKobo: payment.state.amountKobo,
        description: payment.description,
        customer: customerOf(payment.user),
        returnUrl: returnUrl(request, payment.state),
      },
      { requestId },
    );
    if (!isAllowedRedirect(redirectUrl, gateway.origins))
      throw new PaymentError("bad-response", "The gateway sent us somewhere we do not send customers.");
    return redirectDocument(redirectUrl);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    return null;
  }
}

// A reload or a replayed return URL finds the first outcome: a wallet is credited once.
// One still being checked on another process is "not confirmed yet", and the return page
// offers to ask again; it is not checked (or credited) twice.
const returns = createOnceStore<ReturnOutcome>({
  name: "card-return",
  ttlMs: 24 * 60 * 60_000,
  maxEntries: 100_000,
  waitMs: env().PAYMENT_TIMEOUT_MS + env().UPSTREAM_TIMEOUT_MS + 5_000,
  unsettled: () => ({ toast: { type: "warning", message: NOT_CONFIRMED_YET() }, to: "/dashboard", final: false }),
});

/**
 * Fund Wallet again after a card funding that did not go through, still on its way back to the
 * purchase that sent the person there, if one did (decision 044); the dashboard is no purchase.
 */
export function fundWalletAgain(backTo: string): string {
  const page = "/dashboard/fund-wallet";
  return backTo === "/dashboard" ? page : `${page}?${new URLSearchParams({ back: backTo }).toString()}`;
}

/** A card funding the gateway confirmed as paid, for the caller's credit step (call 42). */
export type PaidFunding = { reference: string; gatewayReference: string; amountKobo: number; backTo: string };

/** Where the user lands and what they are told; `final` is false when asking again may help. */
export type ReturnOutcome = { toast: Toast; to: string; final: boolean };

/**
 * The return route's work: what the gateway says, then (for funding) the caller's credit step, once. A final
 * outcome redirects with its message; one not known yet is for the return page to show,
 * with a way to ask again at the same address.
 */
export async function completeCardPayment(
  request: Request,
  context: Context,
  user: User,
  sealed: string | undefined,
  creditFunding: (paid: PaidFunding) => Promise<ReturnOutcome>,
): Promise<Response | { waiting: string }> {
  const state = openReturnState(sealed);
  if (state === null || state.userId !== user.id) {
    return redirectWithToast(context, "/dashboard", { type: "error", message: TRANSACTION_FAILED() });
  }
  const query = new URL(request.url).searchParams;
  const outcome = await returns.run(
    `${user.id}:${state.purpose}:${state.reference}`,
    () => checkAndCredit(context, state, query, creditFunding),
    (result) => result.final,
  );
  return outcome.final ? redirectWithToast(context, outcome.to, outcome.toast) : { waiting: outcome.toast.message };
}

async function checkAndCredit(
  context: Context,
  state: ReturnState,
  query: URLSearchParams,
  creditFunding: (paid: PaidFunding) => Promise<ReturnOutcome>,
): Promise<ReturnOutcome> {
  const { requestId } = context.get(requestInfoContext);
  const gateway = state.purpose === "funding" ? fundingGateway() : orderGateway();
  const failed: ReturnOutcome = {
    toast: { type: "error", message: TRANSACTION_FAILED() },
    to: state.purpose === "funding" ? fundWalletAgain(state.backTo) : state.backTo,
    final: true,
  };
  let checked;
  try {
    checked = await gateway.checkReturn(query, { requestId });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    // Unknown yet: not remembered, so coming back to this address asks again.
    return { toast: { type: "warning", message: NOT_CONFIRMED_YET() }, to: state.backTo, final: false };
  }
  if (checked.reference !== state.reference || checked.currency !== "NGN") {
    log("warn", "payment.mismatch", {
      requestId,
      purpose: state.purpose,
      expected: state.reference,
      got: checked.reference,
    });
    return failed;
  }
  if (checked.status === "pending") {
    return {
      toast: { type: "warning", message: m.fund_pay_pending() },
      to: state.backTo,
      final: false,
    };
  }
  if (checked.status !== "paid" || checked.amountKobo < state.amountKobo) return failed;
  if (state.purpose === "order")
    return { toast: { type: "success", message: ORDER_PAID() }, to: state.backTo, final: true };
  return creditFunding({ ...state, gatewayReference: checked.gatewayReference });
}
