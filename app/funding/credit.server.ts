import type { RouterContextProvider } from "react-router";
import { expireSessionOn } from "../session/auth.server.ts";
import { requestInfoContext } from "../infra/context.ts";
import { cardFunding, CARD_FUNDING_CHARGE_PERCENT } from "../domain/funding.ts";
import { m } from "../i18n/paraglide/messages.js";
import { log } from "../infra/log.server.ts";
import { fundWalletAgain, type PaidFunding, type ReturnOutcome } from "../payments/checkout.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { fundWallet } from "../upstream/funding.server.ts";

// The last step of card funding: the gateway said the card paid (app/payments/checkout.server.ts, which the return route gives this step),
// so the upstream credits the wallet (call 42), under one Idempotency-Key per payment.

type Context = Readonly<RouterContextProvider>;

export async function creditCardFunding(
  request: Request,
  context: Context,
  payment: PaidFunding,
): Promise<ReturnOutcome> {
  const { requestId } = context.get(requestInfoContext);
  const { caller } = signedIn(context);
  try {
    // Call 42 names the payment as the gateway knows it (Monnify's transactionReference),
    // which the upstream verifies with the gateway itself.
    const message = await fundWallet(
      caller,
      { reference: payment.gatewayReference, chargePercent: CARD_FUNDING_CHARGE_PERCENT },
      `fund-${payment.reference}`,
    );
    const youGet = cardFunding(payment.amountKobo).youGetKobo;
    log("info", "payment.credited", { requestId, reference: payment.reference, youGetKobo: youGet });
    return {
      toast: { type: "success", message: message || m.fund_card_funded() },
      // The dashboard, or the purchase that sent the person to fund the wallet.
      to: payment.backTo,
      final: true,
    };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "rejected") {
      return { toast: { type: "error", message: error.message }, to: fundWalletAgain(payment.backTo), final: true };
    }
    if (error instanceof UpstreamError && error.kind !== "unauthenticated") {
      return {
        toast: {
          type: "warning",
          message: m.fund_card_charged_not_credited(),
        },
        to: payment.backTo,
        final: false,
      };
    }
    return expireSessionOn(error, context);
  }
}
