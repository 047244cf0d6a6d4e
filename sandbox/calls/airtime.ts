import { authenticated } from "../accounts/auth.ts";
import { handleCardOrder } from "../purchases/card-orders.ts";
import { billerOutcome } from "../purchases/biller.ts";
import type { Caller } from "../accounts/auth.ts";
import { listCategory } from "../purchases/catalog.ts";
import type { Provider } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { field, nairaAmountWithin, phoneNumber } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { discountedKobo, nairaText } from "../money/money.ts";
import { categoryIds, providerField, providerInPath } from "../purchases/purchase-fields.ts";
import { handlePurchase } from "../purchases/purchases.ts";
import type { Order } from "../purchases/purchases.ts";
import { json, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { toWireAirtimePlan, toWireSubcategory } from "../http/wire.ts";

// Airtime from ₦100 (decision 075). The ceiling is the sandbox's, as a real biller has one:
// a larger top-up is almost always a slip of the finger.
export const minAirtimeKobo = 100_00;
export const maxAirtimeKobo = 50_000_00;

export const airtimeRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-airtime-packages/",
    handle: authenticated(({ db }, { user }) =>
      json(listCategory(db, user.level, categoryIds.airtime).map(toWireSubcategory)),
    ),
  },
  {
    method: "GET",
    path: "/v1/get-airtime-plans/:subcategory_id/",
    handle: authenticated(({ db }, { user }, params) => {
      const provider = providerInPath(db, user.level, "airtime", params["subcategory_id"]);
      return provider === undefined
        ? statusMessage(404, "Airtime provider not found.")
        : json([toWireAirtimePlan(provider)]);
    }),
  },
  {
    method: "POST",
    path: "/v1/purchase-airtime/",
    handle: authenticated((context, caller) =>
      handlePurchase(context, caller, (body) => checkAirtime(context, caller, body)),
    ),
  },
  // Calls 20 and 24: the same body and checks as the wallet purchase, paid by card instead
  // (purchases/card-orders.ts).
  {
    method: "POST",
    path: "/v1/initiate-order-airtime/",
    handle: authenticated((context, caller) =>
      handleCardOrder(context, caller, (body) => checkAirtime(context, caller, body)),
    ),
  },
];

function checkAirtime({ db }: SandboxContext, { user }: Caller, body: JsonObject): Checked<Order> {
  const provider = providerField(db, user.level, "airtime", body);
  if ("error" in provider) {
    return provider;
  }
  const phone = field(body, "phone_number", phoneNumber());
  if ("error" in phone) {
    return phone;
  }
  const face = field(body, "amount", nairaAmountWithin(minAirtimeKobo, maxAirtimeKobo));
  if ("error" in face) {
    return face;
  }
  return { value: airtimeOrder(provider.value, phone.value, face.value) };
}

// Worded as the demo history words its airtime rows (seed/history-products.ts).
function airtimeOrder(provider: Provider, phoneNumber: string, faceKobo: number): Order {
  const chargeKobo = discountedKobo(faceKobo, provider.discountBasisPoints);
  const face = nairaText(faceKobo);
  const charge = nairaText(chargeKobo);
  return {
    transaction: {
      product: "airtime",
      subcategoryId: provider.id,
      plan: `${provider.title} Airtime`,
      phoneNumber,
      description: `${face} ${provider.title} airtime to ${phoneNumber}`,
      subtotalKobo: faceKobo,
      amountKobo: chargeKobo,
    },
    outcome: billerOutcome([phoneNumber]),
    messages: {
      delivered: `${provider.title} airtime of ${face} sent to ${phoneNumber}. You were charged ${charge}.`,
      pending:
        `Your ${provider.title} airtime of ${face} for ${phoneNumber} is pending with the provider. ` +
        `${charge} has been taken from your wallet; check your transactions for the outcome.`,
      failed: (number) => `The biller could not complete this purchase for ${number}. Your wallet has been refunded.`,
    },
  };
}
