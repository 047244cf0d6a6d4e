import { parseForm } from "../forms/submission.ts";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { cardFunding } from "../domain/funding.ts";
import { formatNaira } from "../domain/money.ts";
import { cardFundingSchema } from "../forms/funding.ts";
import { replyWithErrors } from "../forms/reply.server.ts";
import { GATEWAY_DOWN, type ReturnState, startCheckout } from "../payments/checkout.server.ts";
import { fundingGateway } from "../payments/config.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { seal, unseal } from "../infra/seal.server.ts";
import { redirectWithToast } from "../session/toast.server.ts";
import type { User } from "../upstream/schemas.ts";

// Funding the wallet with an ATM card (decision 016): the amount, a confirmation of what the
// wallet gets, then the gateway's checkout. The credit on return is app/funding/credit.server.ts.

type Context = Readonly<RouterContextProvider>;

/** The confirmation, sealed into the page between Process and Pay. */
const sealedFundingSchema = z.object({
  userId: z.number().int(),
  key: z.uuid(),
  amountKobo: z.number().int().positive(),
  issuedAt: z.number().int(),
  /** Where the person lands once the wallet is credited: a purchase that was short (decision 044). */
  backTo: z.string().startsWith("/"),
});
type CardFunding = z.infer<typeof sealedFundingSchema>;

function sealCardFunding(funding: CardFunding): string {
  return seal("card-funding", funding);
}

function openCardFunding(sealed: unknown, userId: number): CardFunding | null {
  const funding = unseal("card-funding", sealedFundingSchema, sealed);
  return funding !== null && funding.userId === userId ? funding : null;
}

/** What the confirmation shows, and the sealed amount its Pay and Change buttons post back. */
export type CardFundingConfirmation = { sealed: string; amount: string; charge: string; youGet: string };

/**
 * Process: the amount, checked, as a confirmation of what the wallet gets. `backTo`, already
 * checked as a path of ours, is where the person lands once the wallet is credited.
 */
export function confirmCardFunding(user: User, amountKobo: number, key: string, backTo: string) {
  const funding = cardFunding(amountKobo);
  const confirmation: CardFundingConfirmation = {
    // The page's key: the same form posted again pays under the same reference.
    sealed: sealCardFunding({ userId: user.id, key, amountKobo: funding.amountKobo, issuedAt: Date.now(), backTo }),
    amount: formatNaira(funding.amountKobo),
    charge: formatNaira(funding.chargeKobo),
    youGet: formatNaira(funding.youGetKobo),
  };
  return data({ cardFunding: confirmation });
}

/**
 * Card funding's Pay: a payment for the whole amount; the 1.5 % is kept on credit. Null when
 * the gateway could not open a checkout.
 */
function startCardFunding(
  request: Request,
  context: Context,
  user: User,
  funding: CardFunding,
): Promise<Response | null> {
  const state: ReturnState = {
    userId: user.id,
    purpose: "funding",
    // One reference per page and amount: a double click or a re-posted form asks the gateway
    // for one payment, while a changed amount is a payment of its own.
    reference: `PVW${funding.key.replaceAll("-", "").slice(0, 16).toUpperCase()}N${funding.amountKobo}`,
    amountKobo: funding.amountKobo,
    backTo: funding.backTo,
  };
  return startCheckout(fundingGateway(), request, context, { state, description: "Wallet Funding", user });
}

/**
 * Pay or Change on the confirmation. Pay leaves for the checkout; Change, or a gateway that
 * could not open one, brings the form back as it was filled.
 */
export async function payOrChangeCardFunding(
  request: Request,
  context: Context,
  user: User,
  intent: "card-pay" | "card-change",
  sealed: unknown,
  backTo: string,
) {
  const funding = openCardFunding(sealed, user.id);
  if (funding === null) return redirectWithToast(context, backTo, { type: "error", message: m.fund_card_unreadable() });
  if (intent === "card-pay") {
    const checkout = await startCardFunding(request, context, user, funding);
    if (checkout) return checkout;
  }
  const filled = new FormData();
  filled.set("amount", String(funding.amountKobo / 100));
  const refilled = parseForm(filled, cardFundingSchema);
  if (intent === "card-change") return replyWithErrors(refilled, {}, { intent: "card", status: 200 });
  return replyWithErrors(refilled, { formErrors: [GATEWAY_DOWN()] }, { intent: "card", status: 503 });
}
