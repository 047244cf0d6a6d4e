import { parseForm } from "../forms/submission.ts";
import { data, type RouterContextProvider } from "react-router";
import { replyWithErrors } from "../forms/reply.server.ts";
import { log } from "../infra/log.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { type Confirmation, openConfirmation } from "./confirmation.server.ts";
import { OnceStoreUnavailable } from "../infra/once.server.ts";
import { readNetwork } from "./network.server.ts";
import { offerFor } from "./loader.server.ts";
import type { FormSchema, PurchaseProduct } from "./product.server.ts";
import type { FormStepExtras, OfferView, VerifiedView } from "./step.ts";
import { openVerification, sealVerification, type Verification } from "./verification.server.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";

// How the purchase kit answers with the form: as typed, with what is verified and with what
// the posted provider brings (its plans or variants), whatever the page's address says.

type Context = Readonly<RouterContextProvider>;
type Product<Offer extends object> = PurchaseProduct<FormSchema, FormSchema, Offer>;

/**
 * A form reply, plus the verification the page should keep showing (only while the form still
 * names its provider: a provider change resets it) and the posted provider's offer.
 */
export async function formReply<Reply extends { data: object; init: ResponseInit | null }, Offer extends object>(
  reply: Reply,
  caller: Caller,
  product: Product<Offer>,
  posted: { provider?: unknown },
  verification: Verification | null,
  networkHint: string | null = null,
) {
  const kept = verification !== null && String(verification.providerId) === posted.provider ? verification : null;
  const verified: VerifiedView | null =
    kept === null
      ? null
      : {
          sealed: sealVerification(kept),
          target: { providerId: kept.providerId, number: kept.number, detail: kept.detail },
          customer: kept.customer,
        };
  // The form must still come back when the plans cannot be read: it says what went wrong.
  const offer: OfferView<Offer> | null = await offerFor(caller, product, posted.provider).catch(() => null);
  const providerChanged = verification !== null && kept === null;
  return data<Reply["data"] & FormStepExtras<Offer>>(
    { ...reply.data, verified, providerChanged, offer, networkHint },
    reply.init ?? undefined,
  );
}

/** The text the user typed in the form's own fields, nothing else (no token, no intent). */
export function formValues(formData: FormData, schema: FormSchema): Record<string, string> {
  const submission = parseForm(formData, schema);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(submission.payload)) {
    if (typeof value === "string" && name !== "csrf" && name !== "intent" && name !== "key") values[name] = value;
  }
  return values;
}

/**
 * The form as the confirmation remembers it, with these errors, still verified if it was; a
 * network left blank shows as the number's again, saying so, as Process priced it.
 */
export async function formAsFilled<Offer extends object>(
  caller: Caller,
  product: Product<Offer>,
  confirmation: Confirmation,
  formErrors: string[],
  status: number,
) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(confirmation.values)) formData.set(name, value);
  const network = await readNetwork(caller, product, formData);
  const submission = parseForm(network.formData, product.schema);
  const verification = openVerification(confirmation.values["verification"], {
    userId: confirmation.userId,
    product: product.product,
  });
  const reply = replyWithErrors(submission, formErrors.length > 0 ? { formErrors } : {}, { status });
  return formReply(reply, caller, product, submission.payload, verification, network.hint);
}

/** The posted confirmation if it is ours, unaltered, for this page and this user. */
export function confirmationFor<Offer extends object>(
  context: Context,
  product: Product<Offer>,
  formData: FormData,
): Confirmation | null {
  const confirmation = openConfirmation(formData.get("confirmation"));
  if (confirmation === null || confirmation.order.product !== product.product) return null;
  const { user } = signedIn(context);
  return confirmation.userId === user.id ? confirmation : null;
}

/**
 * The shared purchase record (Redis) could not be asked before anything was bought: the
 * form comes back as filled, saying so, rather than a bare error page. Anything else is
 * rethrown as it is.
 */
export function storeUnavailable<Offer extends object>(
  error: unknown,
  caller: Caller,
  product: Product<Offer>,
  confirmation: Confirmation,
) {
  if (!(error instanceof OnceStoreUnavailable)) throw error;
  log("error", "purchase.store-unavailable", {
    requestId: caller.requestId,
    product: confirmation.order.product,
    error: error.message,
  });
  // Said only when nothing reached the upstream, so "nothing was charged" is the truth.
  return formAsFilled(caller, product, confirmation, [m.buy_not_taken()], 503);
}
