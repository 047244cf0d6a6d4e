import { authenticated } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import {
  discoName,
  meterPaymentDescription,
  prepaidToken,
  secureDigits,
  tokenDescription,
  unitsBought,
} from "../purchases/bills.ts";
import type { MeterType } from "../purchases/bills.ts";
import { listCategory } from "../purchases/catalog.ts";
import type { Provider, UserLevel } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { findMeter } from "../purchases/customers.ts";
import type { MeterCustomer } from "../purchases/customers.ts";
import { field, nairaAmountWithin, phoneNumber, requiredAlone } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { discountedKobo, nairaText } from "../money/money.ts";
import { categoryIds, providerField, quoted, soldProvider } from "../purchases/purchase-fields.ts";
import { handlePurchase } from "../purchases/purchases.ts";
import type { Order } from "../purchases/purchases.ts";
import { json } from "../http/responses.ts";
import type { PathParams, Route } from "../http/router.ts";
import { electricityServiceId } from "../seed/catalog.ts";
import { toWireSubcategory } from "../http/wire.ts";

// Calls 29 to 31: electricity, bought for a meter the disco has verified.

// Electricity from ₦500 (decision 075). The ceiling is the sandbox's, as for airtime.
export const minElectricityKobo = 500_00;
export const maxElectricityKobo = 500_000_00;

// Band A, ₦209.50 per kWh: the units a receipt shows; a real vend uses the meter's own band.
const tariffNairaPerKwh = 209.5;

export const invalidMeterMessage = "Invalid Meter Number. Please check the number and try again.";
export const meterTypeMessage = "Select a meter type to continue: prepaid or postpaid.";

export const electricityRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-electricity-packages/",
    handle: authenticated(({ db }, { user }) =>
      json(listCategory(db, user.level, categoryIds.electricity).map(toWireSubcategory)),
    ),
  },
  {
    // Call 30 (docs/upstream-api.md): every failure is HTTP 200 with content.error, shown under the meter.
    method: "GET",
    path: "/v1/validate-electricity/:subcategory_id/:service_id/:meter_no/:meter_type/",
    handle: authenticated(({ db }, { user }, params) => {
      const verified = verifyMeter(db, user.level, params);
      return json({
        data: {
          content:
            "error" in verified
              ? { error: verified.error }
              : { Customer_Name: verified.value.name, Address: verified.value.address },
        },
      });
    }),
  },
  {
    method: "POST",
    path: "/v1/purchase-electricity/",
    handle: authenticated((context, caller) =>
      handlePurchase(context, caller, (body) => checkElectricity(context, caller, body)),
    ),
  },
];

function verifyMeter(db: SandboxContext["db"], level: UserLevel, params: PathParams): Checked<MeterCustomer> {
  const provider = soldProvider(db, level, "electricity", params["subcategory_id"]);
  if ("error" in provider) {
    return provider;
  }
  const serviceId = serviceIdMatch(params["service_id"], provider.value);
  if ("error" in serviceId) {
    return serviceId;
  }
  const meterType = readMeterType(params["meter_type"]);
  if (meterType === undefined) {
    return { error: meterTypeMessage };
  }
  const customer = findMeter(provider.value, (params["meter_no"] ?? "").trim());
  if (customer === undefined) {
    return { error: invalidMeterMessage };
  }
  if (customer.meterType !== meterType) {
    return { error: wrongTypeMessage(customer.meterType) };
  }
  return { value: customer };
}

export function wrongTypeMessage(actual: MeterType): string {
  const name = `${actual.charAt(0).toUpperCase()}${actual.slice(1)}`;
  return `This is a ${actual} meter. Choose ${name} as the meter type and verify again.`;
}

function readMeterType(value: unknown): MeterType | undefined {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return text === "prepaid" || text === "postpaid" ? text : undefined;
}

// Call 31: the portal derives service_id from the title (docs/upstream-api.md, "Electricity's
// service_id"), and the upstream compares it without regard to case.
function serviceIdMatch(value: unknown, provider: Provider): Checked<string> {
  const derived = electricityServiceId(provider.title);
  const given = typeof value === "string" ? value.trim() : "";
  if (given !== "" && given.toLowerCase() === derived.toLowerCase()) {
    return { value: derived };
  }
  const shown = given === "" ? "" : ` ${quoted(given)}`;
  return {
    error: `The service ID${shown} does not match ${provider.title}, whose service ID is ${derived}. Select the provider again.`,
  };
}

interface Sale {
  readonly provider: Provider;
  readonly customer: MeterCustomer;
  readonly meterNo: string;
  readonly phone: string;
  readonly faceKobo: number;
}

// The meter is verified here again, with the meter type sent: the upstream never trusts a
// caller to have called #30 first.
function checkElectricity({ db }: SandboxContext, { user }: Caller, body: JsonObject): Checked<Order> {
  const provider = providerField(db, user.level, "electricity", body);
  if ("error" in provider) {
    return provider;
  }
  const serviceId = serviceIdMatch(body["service_id"], provider.value);
  if ("error" in serviceId) {
    return serviceId;
  }
  const meterType = readMeterType(body["variation_code"]);
  if (meterType === undefined) {
    return { error: meterTypeMessage };
  }
  const meterNo = field(body, "billersCode", requiredAlone("Meter Number is required."));
  if ("error" in meterNo) {
    return meterNo;
  }
  const customer = findMeter(provider.value, meterNo.value);
  if (customer === undefined || customer.meterType !== meterType) {
    return {
      error:
        `Meter number ${quoted(meterNo.value)} could not be verified as a ${meterType} meter with ` +
        `${discoName(provider.value.title)}. Please check the number and meter type, and verify again.`,
    };
  }
  const phone = field(body, "phone", phoneNumber());
  if ("error" in phone) {
    return phone;
  }
  const face = field(body, "amount", nairaAmountWithin(minElectricityKobo, maxElectricityKobo));
  if ("error" in face) {
    return face;
  }
  return {
    value: electricityOrder({
      provider: provider.value,
      customer,
      meterNo: meterNo.value,
      phone: phone.value,
      faceKobo: face.value,
    }),
  };
}

// Worded as the demo history words its electricity rows (purchases/bills.ts). A prepaid meter gets its
// token with delivery, so a pending one shows none until it settles; its description then
// becomes the only electricity text with a colon, the token after it.
function electricityOrder(sale: Sale): Order {
  const { provider, customer, meterNo, faceKobo } = sale;
  const disco = discoName(provider.title);
  const chargeKobo = discountedKobo(faceKobo, provider.discountBasisPoints);
  const charge = nairaText(chargeKobo);
  const asked = meterPaymentDescription(disco, customer.meterType, faceKobo, meterNo);
  const holder = `${customer.name}, ${customer.address}`;
  const token = customer.meterType === "prepaid" ? prepaidToken(secureDigits) : "";
  return {
    transaction: {
      product: "electricity",
      subcategoryId: provider.id,
      plan: customer.meterType === "prepaid" ? "Prepaid" : "Postpaid",
      phoneNumber: sale.phone,
      meterNo,
      description: asked,
      description2: `Customer ${holder}`,
      subtotalKobo: faceKobo,
      amountKobo: chargeKobo,
    },
    ...(token === ""
      ? {}
      : {
          handover: {
            description: tokenDescription(disco, token),
            description2: `${unitsBought(faceKobo, tariffNairaPerKwh)} for ${holder}`,
            token,
          },
        }),
    outcome: customer.outcome,
    messages: {
      delivered:
        token === ""
          ? `${asked} received. You were charged ${charge}.`
          : `${disco} prepaid token for meter ${meterNo}: ${token}. You were charged ${charge}.`,
      pending:
        `Your ${asked} is pending with the provider. ` +
        `${charge} has been taken from your wallet; check your transactions for the outcome.`,
      failed: (number) =>
        `The biller could not complete this purchase for meter ${number}. Your wallet has been refunded.`,
    },
  };
}
