import { authenticated } from "../accounts/auth.ts";
import { handleCardOrder } from "../purchases/card-orders.ts";
import { billerOutcome } from "../purchases/biller.ts";
import type { Caller } from "../accounts/auth.ts";
import { dataPlanLabel, listCategory } from "../purchases/catalog.ts";
import type { DataPlan, Provider } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { field, nairaAmount, phoneNumber, text } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { discountedKobo, nairaText } from "../money/money.ts";
import {
  categoryIds,
  priceChangedMessage,
  providerField,
  providerInPath,
  quoted,
} from "../purchases/purchase-fields.ts";
import { handlePurchase } from "../purchases/purchases.ts";
import type { Order } from "../purchases/purchases.ts";
import { json, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { toWireDataPlans, toWireSubcategory } from "../http/wire.ts";

export const dataRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-data-packages/",
    handle: authenticated(({ db }, { user }) =>
      json(listCategory(db, user.level, categoryIds.data).map(toWireSubcategory)),
    ),
  },
  {
    method: "GET",
    path: "/v1/get-data-plans/:subcategory_id/",
    handle: authenticated(({ db }, { user }, params) => {
      const provider = providerInPath(db, user.level, "data", params["subcategory_id"]);
      return provider === undefined
        ? statusMessage(404, "Data provider not found.")
        : json([toWireDataPlans(provider)]);
    }),
  },
  {
    method: "POST",
    path: "/v1/purchase-data/",
    handle: authenticated((context, caller) =>
      handlePurchase(context, caller, (body) => checkData(context, caller, body)),
    ),
  },
  // Calls 20 and 24: the same body and checks as the wallet purchase, paid by card instead
  // (purchases/card-orders.ts).
  {
    method: "POST",
    path: "/v1/initiate-order-data/",
    handle: authenticated((context, caller) =>
      handleCardOrder(context, caller, (body) => checkData(context, caller, body)),
    ),
  },
];

// The plan is found by its variation_code and priced from the catalog. size, title,
// variation_amount and service_id travel along (call 23, docs/upstream-api.md) but decide nothing: the
// catalog already knows them for that code.
function checkData({ db }: SandboxContext, { user }: Caller, body: JsonObject): Checked<Order> {
  const provider = providerField(db, user.level, "data", body);
  if ("error" in provider) {
    return provider;
  }
  const phone = field(body, "phone_number", phoneNumber());
  if ("error" in phone) {
    return phone;
  }
  const code = field(
    body,
    "variation_code",
    text({
      required: "Select a data plan from the list.",
      notText: `${provider.value.title} has no data plan. Select a plan from the list.`,
    }),
  );
  if ("error" in code) {
    return code;
  }
  const plan = provider.value.plans.find((item) => item.variationCode === code.value);
  if (plan === undefined) {
    return {
      error: `${provider.value.title} has no data plan ${quoted(code.value, 40)}. Select a plan from the list.`,
    };
  }
  const amount = field(body, "amount", nairaAmount());
  if ("error" in amount) {
    return amount;
  }
  if (amount.value !== plan.amountKobo) {
    return { error: priceChangedMessage(plan.amountKobo) };
  }
  return { value: dataOrder(provider.value, plan, phone.value) };
}

// Worded as the demo history words its data rows (seed/history-products.ts).
function dataOrder(provider: Provider, plan: DataPlan, phoneNumber: string): Order {
  const chargeKobo = discountedKobo(plan.amountKobo, provider.discountBasisPoints);
  const label = dataPlanLabel(provider, plan);
  const charge = nairaText(chargeKobo);
  return {
    transaction: {
      product: "data",
      subcategoryId: provider.id,
      plan: plan.plan,
      phoneNumber,
      description: `${label} data bundle to ${phoneNumber}`,
      subtotalKobo: plan.amountKobo,
      amountKobo: chargeKobo,
    },
    outcome: billerOutcome([phoneNumber]),
    messages: {
      delivered: `${label} data bundle sent to ${phoneNumber}. You were charged ${charge}.`,
      pending:
        `Your ${label} data bundle for ${phoneNumber} is pending with the provider. ` +
        `${charge} has been taken from your wallet; check your transactions for the outcome.`,
      failed: (number) => `The biller could not complete this purchase for ${number}. Your wallet has been refunded.`,
    },
  };
}
