import { parseForm } from "../forms/submission.ts";
import { data, type RouterContextProvider } from "react-router";
import { allowAttempt } from "../guards/attempts.server.ts";
import { requestInfoContext } from "../infra/context.ts";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { formKey } from "../forms/form-key.ts";
import { replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { limits, lockedMessage } from "../guards/rate-limit.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { redirectWithToast } from "../session/toast.server.ts";
import { orderFaceKobo } from "../upstream/orders.ts";
import { cardTotalOf, purchaseAddress, readHistoryAhead, repeatWarning, shortfallOf } from "./checks.server.ts";
import { confirm } from "./confirm.server.ts";
import { type Confirmation, sealConfirmation } from "./confirmation.server.ts";
import { readNetwork } from "./network.server.ts";
import { payByCard } from "./pay-by-card.server.ts";
import { type PinRefusal, pinView, refusePin } from "../pin/pin.server.ts";
import { setPinAddress } from "../domain/pin.ts";
import {
  type FormSchema,
  lines,
  NotListed,
  type Priced,
  type PurchaseProduct,
  type Unpriceable,
  type Verified,
} from "./product.server.ts";
import { confirmationFor, formAsFilled, formReply, formValues } from "./replies.server.ts";
import type { ConfirmationStep } from "./step.ts";
import { postedSoldFor, soldForView, type TypedSoldFor } from "./sold-for.server.ts";
import { openVerification, type Verification } from "./verification.server.ts";
import { m } from "../i18n/paraglide/messages.js";

// A purchase, as one flow every product page runs, by the button pressed:
//   Continue (no JavaScript) the form back as typed, with the chosen provider's plans;
//   Verify   (cable, electricity, JAMB) check the number with the upstream and seal it;
//   Process  validate with the form's schema, price it from the upstream, show a summary;
//   Change   back to the form as filled;
//   Confirm  buy once per confirmation (confirm.server.ts), with the PIN;
//   Pay by card  the same order through the gateway (pay-by-card.server.ts), without it.

type Context = Readonly<RouterContextProvider>;

export async function purchaseAction<Schema extends FormSchema, VerifySchema extends FormSchema, Offer extends object>(
  request: Request,
  context: Context,
  product: PurchaseProduct<Schema, VerifySchema, Offer>,
) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const intent = formData.get("intent");
  switch (intent) {
    case "confirm": {
      // "Sold for" is checked first, so a typo in it uses up no PIN try (decision 085).
      const soldFor = postedSoldFor(formData);
      if (!soldFor.ok) {
        const again = await confirmationAgain(context, product, formData, null, soldFor.typed);
        return again ?? confirm(context, product, formData, null);
      }
      return (await refusedPin(context, product, formData)) ?? confirm(context, product, formData, soldFor.soldForKobo);
    }
    case "card":
      // The card's money is not the wallet's: no PIN, locked or not (decision 069).
      return payByCard(request, context, product, formData);
    case "change":
      return change(context, product, formData);
    case "verify":
      return verify(context, product, formData);
    case "continue":
      return continueForm(context, product, formData);
    default:
      return processForm(context, product, formData);
  }
}

type Product<Offer extends object> = PurchaseProduct<FormSchema, FormSchema, Offer>;

/** The sealed verification the form sent back, if it is this user's, for this product, and fresh. */
function postedVerification<Offer extends object>(
  context: Context,
  product: Product<Offer>,
  formData: FormData,
): Verification | null {
  const { user } = signedIn(context);
  return openVerification(formData.get("verification"), { userId: user.id, product: product.product });
}

/** Without JavaScript, a provider's plans come with the form: nothing is checked, nothing typed is lost. */
async function continueForm<Offer extends object>(context: Context, product: Product<Offer>, formData: FormData) {
  const { caller } = signedIn(context);
  const verification = postedVerification(context, product, formData);
  const network = await readNetwork(caller, product, formData);
  const submission = parseForm(network.formData, product.schema);
  return formReply(
    replyWithErrors(submission, {}, { status: 200 }),
    caller,
    product,
    submission.payload,
    verification,
    network.hint,
  );
}

/**
 * Confirm spends the wallet's money only with the person's transaction PIN (decision 056). A
 * refused one brings the confirmation back as it was, priced again, with the refusal beside
 * the PIN: nothing reached the upstream and the purchase's key is still unused. Null when the
 * step may go ahead, or when the confirmation cannot be read (the step itself says so).
 */
async function refusedPin<Offer extends object>(context: Context, product: Product<Offer>, formData: FormData) {
  const confirmation = confirmationFor(context, product, formData);
  if (confirmation === null) return null;
  const refusal = await refusePin(confirmation.userId, formData.get("pin"));
  if (refusal === null) return null;
  const soldFor = formData.get("soldFor");
  return confirmationAgain(context, product, formData, refusal, {
    value: typeof soldFor === "string" ? soldFor : "",
    error: null,
  });
}

/**
 * The posted confirmation shown again, priced anew, with why Confirm was refused (the PIN, or
 * "Sold for") and "Sold for" as typed; null when the confirmation cannot be read.
 */
async function confirmationAgain<Offer extends object>(
  context: Context,
  product: Product<Offer>,
  formData: FormData,
  pinRefused: PinRefusal | null,
  soldFor: TypedSoldFor,
) {
  const confirmation = confirmationFor(context, product, formData);
  if (confirmation === null) return null;
  const again = new FormData();
  for (const [name, value] of Object.entries(confirmation.values)) again.set(name, value);
  again.set("key", confirmation.key);
  return processForm(context, product, again, pinRefused, soldFor);
}

async function processForm<Offer extends object>(
  context: Context,
  product: Product<Offer>,
  formData: FormData,
  pinRefused: PinRefusal | null = null,
  typedSoldFor: TypedSoldFor | null = null,
) {
  const { user, caller } = signedIn(context);
  const verification = postedVerification(context, product, formData);
  // A blank network is priced as the number's (decision 028).
  const network = await readNetwork(caller, product, formData);
  const submission = parseForm(network.formData, product.schema);
  const reply = (errors: Parameters<typeof replyWithErrors>[1]) =>
    formReply(replyWithErrors(submission, errors), caller, product, submission.payload, verification, network.hint);
  if (submission.status !== "success") return reply({});
  // Read alongside the pricing: the repeat check below needs this request's one read of it.
  readHistoryAhead(context, caller);
  let priced: Priced | Unpriceable;
  try {
    priced = await product.price(caller, submission.value, verification);
  } catch (error) {
    if (error instanceof NotListed) return reply({ fieldErrors: { [error.field]: [error.message] } });
    return formReply(
      await replyWithUpstreamError(submission, error, context),
      caller,
      product,
      submission.payload,
      verification,
      network.hint,
    );
  }
  if (!("order" in priced)) return reply(priced);
  const faceKobo = orderFaceKobo(priced.order);
  const { discountPercent } = priced;
  const discounted = discountPercent !== undefined;
  const chargeKobo = discounted ? discountedChargeKobo(faceKobo, discountPercent) : faceKobo;
  const confirmation: Confirmation = {
    userId: user.id,
    key: formKey(formData),
    issuedAt: Date.now(),
    order: priced.order,
    chargeKobo,
    // As the person sent it: a network left blank stays blank, and is read again on Change.
    values: formValues(formData, product.schema),
  };
  const sealed = sealConfirmation(confirmation);
  const cardTotal = cardTotalOf(product, priced.order);
  const address = purchaseAddress(product.path, product.schema, confirmation.values);
  return data<ConfirmationStep>(
    {
      confirmation: {
        sealed,
        summary: discounted
          ? [
              ...priced.summary,
              ...lines({ [m.buy_amount()]: formatNaira(faceKobo), [m.buy_discount()]: `${discountPercent}%` }),
            ]
          : priced.summary,
        charge: formatNaira(chargeKobo),
        cardTotal,
        notes: network.note === null ? [] : [network.note],
        repeat: await repeatWarning(context, caller, priced.order),
        shortfall: shortfallOf(
          user.profile.walletBalanceKobo,
          chargeKobo,
          address,
          cardTotal === null ? null : { sealed, total: cardTotal },
        ),
        pin: { ...(await pinView(user.id, pinRefused)), setPinHref: setPinAddress(address) },
        soldFor: await soldForView(user.id, priced.order, faceKobo, chargeKobo, typedSoldFor),
      },
    },
    { status: pinRefused === null && (typedSoldFor?.error ?? null) === null ? 200 : 400 },
  );
}

async function verify<Offer extends object>(context: Context, product: Product<Offer>, formData: FormData) {
  if (product.verify === undefined) throw data({ reason: "nothing-to-verify" }, { status: 400 });
  const { user, caller } = signedIn(context);
  const submission = parseForm(formData, product.verify.schema);
  const reply = (
    errors: Parameters<typeof replyWithErrors>[1],
    options?: Parameters<typeof replyWithErrors>[2],
    verification: Verification | null = null,
  ) => formReply(replyWithErrors(submission, errors, options), caller, product, submission.payload, verification);
  if (submission.status !== "success") return reply({});
  const locked =
    (await allowAttempt(limits.verifyByIp, context.get(requestInfoContext).clientIp)) ??
    (await allowAttempt(limits.verifyByAccount, String(user.id)));
  if (locked) return reply({ formErrors: [lockedMessage(locked)] }, { status: 429 });
  let verified: Verified | Unpriceable;
  try {
    verified = await product.verify.check(caller, submission.value);
  } catch (error) {
    if (error instanceof NotListed) return reply({ fieldErrors: { [error.field]: [error.message] } });
    return formReply(
      await replyWithUpstreamError(submission, error, context),
      caller,
      product,
      submission.payload,
      null,
    );
  }
  if (!("target" in verified)) return reply(verified);
  const verification: Verification = {
    userId: user.id,
    product: product.product,
    ...verified.target,
    customer: verified.customer,
    issuedAt: Date.now(),
  };
  // The form comes back as typed, so nothing entered before Verify is lost.
  return reply({}, { status: 200 }, verification);
}

async function change<Offer extends object>(context: Context, product: Product<Offer>, formData: FormData) {
  const confirmation = confirmationFor(context, product, formData);
  if (confirmation === null)
    return redirectWithToast(context, product.path, { type: "error", message: m.buy_confirmation_unreadable() });
  return formAsFilled(signedIn(context).caller, product, confirmation, [], 200);
}
