import type { RouterContextProvider } from "react-router";
import { expireSessionOn } from "../auth.server.ts";
import { requestInfoContext } from "../context.ts";
import { cardFunding, CARD_FUNDING_CHARGE_PERCENT } from "../domain/funding.ts";
import { log } from "../log.server.ts";
import type { Toast } from "../session.server.ts";
import { signedIn } from "../signed-in.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { fundWallet } from "../upstream/funding.server.ts";

// The last step of card funding: the gateway said the card paid (app/payments/checkout.server.ts),
// so the upstream credits the wallet (call 42), under one Idempotency-Key per payment.

type Context = Readonly<RouterContextProvider>;

/** Where the user lands and what they are told; `final` is false when asking again may help. */
type FundingOutcome = { toast: Toast; to: string; final: boolean };

export async function creditCardFunding(
  request: Request,
  context: Context,
  payment: { reference: string; gatewayReference: string; amountKobo: number; backTo: string },
): Promise<FundingOutcome> {
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
      toast: { type: "success", message: message || "Your wallet has been funded." },
      to: "/dashboard",
      final: true,
    };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "rejected") {
      return { toast: { type: "error", message: error.message }, to: "/dashboard/fund-wallet", final: true };
    }
    if (error instanceof UpstreamError && error.kind !== "unauthenticated") {
      return {
        toast: {
          type: "warning",
          message:
            "Your card was charged, but we could not confirm the credit to your wallet yet. You will not be charged again.",
        },
        to: payment.backTo,
        final: false,
      };
    }
    return expireSessionOn(error, context);
  }
}
