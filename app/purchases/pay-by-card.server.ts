import { data, type RouterContextProvider } from "react-router";
import { expireSessionOn } from "../session/auth.server.ts";
import { cardOrderTotalKobo } from "../domain/funding.ts";
import { formatNaira } from "../domain/money.ts";
import { env } from "../infra/env.server.ts";
import { outageMessage } from "../forms/reply.server.ts";
import { redirectWithToast } from "../session/toast.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { initiateCardOrder } from "../upstream/funding.server.ts";
import { orderFaceKobo } from "../upstream/orders.ts";
import { GATEWAY_DOWN, startCardOrder } from "./card-payment.server.ts";
import { isExpired, onceKeyOf } from "./confirmation.server.ts";
import { createOnceStore } from "../infra/once.server.ts";
import type { FormSchema, PurchaseProduct } from "./product.server.ts";
import { confirmationFor, formAsFilled, storeUnavailable } from "./replies.server.ts";
import { m } from "../i18n/paraglide/messages.js";

// Airtime and data paid by card from the confirmation step (calls 20 and 24, docs/upstream-api.md): the upstream makes
// the order, the gateway's checkout takes the money, app/routes/dashboard/payment-return.tsx the rest.

type Context = Readonly<RouterContextProvider>;
type Product<Offer extends object> = PurchaseProduct<FormSchema, FormSchema, Offer>;

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

export async function payByCard<Offer extends object>(
  request: Request,
  context: Context,
  product: Product<Offer>,
  formData: FormData,
) {
  const { cardPayment } = product;
  if (cardPayment === undefined) throw data({ reason: "not-by-card" }, { status: 400 });
  const confirmation = confirmationFor(context, product, formData);
  if (confirmation === null)
    return redirectWithToast(context, product.path, { type: "error", message: m.buy_confirmation_unreadable() });
  const { user, caller } = signedIn(context);
  if (isExpired(confirmation)) return formAsFilled(caller, product, confirmation, [m.buy_confirmation_expired()], 400);
  let reference: string;
  try {
    reference = await cardOrders.run(onceKeyOf(confirmation), () =>
      initiateCardOrder(caller, confirmation.order, confirmation.key),
    );
  } catch (error) {
    if (!(error instanceof UpstreamError)) return storeUnavailable(error, caller, product, confirmation);
    if (error.kind === "unauthenticated") return expireSessionOn(error, context);
    // Nothing is paid before the checkout, so the form comes back with what happened.
    const status = error.isOutage ? error.pageStatus : 400;
    return formAsFilled(caller, product, confirmation, [error.isOutage ? outageMessage(error) : error.message], status);
  }
  const face = orderFaceKobo(confirmation.order);
  const checkout = await startCardOrder(request, context, {
    user,
    reference,
    amountKobo: cardOrderTotalKobo(face, env().CHECKOUT_SURCHARGE_PERCENT),
    description: cardPayment
      .description({
        amount: formatNaira(face),
        phone: confirmation.values["phone"] ?? "",
      })
      .trim(),
    backTo: product.path,
  });
  return checkout ?? formAsFilled(caller, product, confirmation, [GATEWAY_DOWN()], 503);
}
