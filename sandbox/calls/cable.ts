import * as z from "zod/mini";
import { authenticated } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import { cardLabel, renewalDescription } from "../purchases/bills.ts";
import { listCategory, sameTitle } from "../purchases/catalog.ts";
import type { Provider, UserLevel, Variation } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { findSmartCard } from "../purchases/customers.ts";
import type { CableCustomer } from "../purchases/customers.ts";
import { field, firstIssue, koboWithin, nairaAmount, optionalText, phoneNumber, requiredAlone } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { discountedKobo, koboToNaira, nairaText } from "../money/money.ts";
import {
  categoryIds,
  priceChangedMessage,
  providerField,
  quoted,
  soldProvider,
  titleField,
  titleMatch,
  variationsByTitle,
} from "../purchases/purchase-fields.ts";
import { handlePurchase } from "../purchases/purchases.ts";
import type { Order } from "../purchases/purchases.ts";
import { json } from "../http/responses.ts";
import type { PathParams, Route } from "../http/router.ts";
import { toWireSubcategory } from "../http/wire.ts";

// Calls 25 to 28: cable TV, bought for a smart card the provider has verified.

// Cable from ₦100 (decision 075); only a StarTimes top-up without a plan takes a free amount.
// The ceiling is the sandbox's, as for airtime: a larger top-up is almost always a slip.
export const renewalMessage = 'Only renewals are sold: subscription_type must be "renew".';
const renewal = requiredAlone(renewalMessage).check(
  z.refine((subscription) => subscription.toLowerCase() === "renew", renewalMessage),
);

const minCableKobo = 100_00;
export const maxCableKobo = 50_000_00;

export const invalidSmartCardMessage = "Invalid Smart Card Number. Please check the number and try again.";

export const cableRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-tv-packages/",
    handle: authenticated(({ db }, { user }) =>
      json(listCategory(db, user.level, categoryIds.cable).map(toWireSubcategory)),
    ),
  },
  {
    // Call 26 (docs/upstream-api.md): every failure is an answer of its own, HTTP 200 with content.error,
    // which the portal shows under the number.
    method: "GET",
    path: "/v1/validate-tv/:subcategory_id/:provider_title/:smart_no/",
    handle: authenticated(({ db }, { user }, params) => {
      const verified = verifySmartCard(db, user.level, params);
      if ("error" in verified) {
        return json({ data: { content: { error: verified.error } } });
      }
      const { name, bouquet } = verified.value;
      return json({
        data: {
          content: {
            Customer_Name: name,
            Current_Bouquet: bouquet?.name ?? "",
            Renewal_Amount: bouquet === undefined ? 0 : koboToNaira(bouquet.amountKobo),
          },
        },
      });
    }),
  },
  {
    method: "GET",
    path: "/v1/get-tv-plan/:provider_title/",
    handle: authenticated(({ db }, { user }, params) =>
      variationsByTitle(db, user.level, "cable", params["provider_title"], "Cable TV provider not found."),
    ),
  },
  {
    method: "POST",
    path: "/v1/purchase-cable/",
    handle: authenticated((context, caller) =>
      handlePurchase(context, caller, (body) => checkCable(context, caller, body)),
    ),
  },
];

function verifySmartCard(db: SandboxContext["db"], level: UserLevel, params: PathParams): Checked<CableCustomer> {
  const provider = soldProvider(db, level, "cable", params["subcategory_id"]);
  if ("error" in provider) {
    return provider;
  }
  const title = titleMatch(params["provider_title"] ?? "", provider.value);
  if ("error" in title) {
    return title;
  }
  const customer = findSmartCard(provider.value, (params["smart_no"] ?? "").trim());
  return customer === undefined ? { error: invalidSmartCardMessage } : { value: customer };
}

// The provider that sells without a plan is known by its title, STARTIMES.
function sellsWithoutPlan(provider: Provider): boolean {
  return sameTitle(provider.title, "STARTIMES");
}

interface Sale {
  readonly provider: Provider;
  readonly customer: CableCustomer;
  readonly smartNo: string;
  readonly phone: string;
  // Undefined for a StarTimes top-up, whose amount is the caller's.
  readonly plan: Variation | undefined;
  readonly faceKobo: number;
}

// The smart card is verified here again: the upstream never trusts a caller to have called
// #26 first. bouquet_name travels along and decides nothing; the plan is the code's.
function checkCable({ db }: SandboxContext, { user }: Caller, body: JsonObject): Checked<Order> {
  const provider = providerField(db, user.level, "cable", body);
  if ("error" in provider) {
    return provider;
  }
  const title = titleField(body, "service_type", provider.value);
  if ("error" in title) {
    return title;
  }
  const smartNo = field(body, "smart_no", requiredAlone("Smart/IUC number is required."));
  if ("error" in smartNo) {
    return smartNo;
  }
  const customer = findSmartCard(provider.value, smartNo.value);
  if (customer === undefined) {
    const label = cardLabel(provider.value.key);
    return {
      error:
        `${label.charAt(0).toUpperCase()}${label.slice(1)} number ${quoted(smartNo.value)} could not be verified ` +
        `with ${provider.value.title}. Please check the number and verify it again.`,
    };
  }
  const subscription = field(body, "subscription_type", renewal);
  if ("error" in subscription) {
    return subscription;
  }
  const phone = field(body, "phone", phoneNumber());
  if ("error" in phone) {
    return phone;
  }
  const priced = checkPrice(provider.value, body);
  if ("error" in priced) {
    return priced;
  }
  const sale = { provider: provider.value, customer, smartNo: smartNo.value, phone: phone.value, ...priced.value };
  return { value: cableOrder(sale) };
}

function checkPrice(
  provider: Provider,
  body: JsonObject,
): Checked<{ readonly plan: Variation | undefined; readonly faceKobo: number }> {
  const code = field(body, "code", optionalText(`${provider.title} has no plan. Select a plan from the list.`));
  if ("error" in code) {
    return code;
  }
  if (code.value === null && !sellsWithoutPlan(provider)) {
    return { error: "Select a plan from the list." };
  }
  const plan = provider.variations.find((item) => item.variationCode === code.value);
  if (code.value !== null && plan === undefined) {
    return { error: `${provider.title} has no plan ${quoted(code.value, 40)}. Select a plan from the list.` };
  }
  const amount = field(body, "amount", nairaAmount());
  if ("error" in amount) {
    return amount;
  }
  if (plan !== undefined) {
    return amount.value === plan.amountKobo
      ? { value: { plan, faceKobo: plan.amountKobo } }
      : { error: priceChangedMessage(plan.amountKobo) };
  }
  const topUp = firstIssue(koboWithin(minCableKobo, maxCableKobo), amount.value);
  return "error" in topUp ? topUp : { value: { plan: undefined, faceKobo: topUp.value } };
}

// Worded as the demo history words its cable rows (purchases/bills.ts): "renewal" until the provider
// has it, "renewed" after.
function cableOrder(sale: Sale): Order {
  const { provider, customer, smartNo, plan, faceKobo } = sale;
  const chargeKobo = discountedKobo(faceKobo, provider.discountBasisPoints);
  const charge = nairaText(chargeKobo);
  const topUp = `${nairaText(faceKobo)} ${provider.title} top-up for ${cardLabel(provider.key)} ${smartNo}`;
  const asked = plan === undefined ? topUp : renewalDescription(plan.name, provider.key, smartNo, false);
  const done = plan === undefined ? topUp : renewalDescription(plan.name, provider.key, smartNo, true);
  return {
    transaction: {
      product: "cable",
      subcategoryId: provider.id,
      plan: plan?.name ?? `${provider.title} top-up`,
      phoneNumber: sale.phone,
      smartNo,
      description: asked,
      description2: `Customer: ${customer.name}`,
      subtotalKobo: faceKobo,
      amountKobo: chargeKobo,
    },
    handover: { description: done },
    outcome: customer.outcome,
    messages: {
      delivered: `${done}. You were charged ${charge}.`,
      pending:
        `Your ${asked} is pending with the provider. ` +
        `${charge} has been taken from your wallet; check your transactions for the outcome.`,
      failed: (number) =>
        `The biller could not complete this purchase for ${cardLabel(provider.key)} ${number}. Your wallet has been refunded.`,
    },
  };
}
