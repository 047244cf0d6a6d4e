import {
  cardDigits,
  discoName,
  examCard,
  examDescription,
  meterPaymentDescription,
  prepaidToken,
  profileDescription,
  renewalDescription,
  streetsOf,
  tokenDescription,
  unitsBought,
} from "../purchases/bills.ts";
import { variationLabel } from "../purchases/catalog.ts";
import type { Provider, Variation } from "../purchases/catalog.ts";
import { discountedKobo, nairaText } from "../money/money.ts";
import type { Random } from "./random.ts";
import { smsBaseRateKobo, smsPages } from "../purchases/sms.ts";
import type { ProductKind } from "../money/transactions.ts";

// What one demo purchase looked like, before the ledger gives it balances and a status.

export type PurchaseKind = Exclude<ProductKind, "funding">;

export interface PurchaseDetails {
  readonly product: PurchaseKind;
  readonly subcategoryId: number;
  readonly plan: string;
  readonly phoneNumber: string;
  readonly smartNo: string;
  readonly meterNo: string;
  readonly description: string;
  readonly description2: string;
  readonly subtotalKobo: number;
  readonly amountKobo: number;
  readonly examCard: string;
  readonly token: string;
}

export interface Shopper {
  readonly random: Random;
  readonly ownPhone: string;
  // Keeps every purchase small next to the account's balance, so the history can end on
  // the documented balance (see seed/history.ts).
  readonly maxKobo: number;
}

export interface PurchaseRequest {
  readonly kind: PurchaseKind;
  // Only a delivered purchase carries what the biller returns: a token, a serial and PIN.
  readonly delivered: boolean;
  // Forces a prepaid meter, so every account has a token to show.
  readonly prepaid: boolean;
}

const prefixes: Readonly<Record<string, readonly string[]>> = {
  mtn: ["0803", "0806", "0703", "0706", "0813", "0816", "0810", "0903", "0906", "0913"],
  airtel: ["0802", "0808", "0708", "0701", "0812", "0902", "0907", "0901", "0912"],
  glo: ["0805", "0807", "0705", "0815", "0811", "0905", "0915"],
  "9mobile": ["0809", "0817", "0818", "0908", "0909"],
};

const customers = [
  "ADEBAYO OLUWASEUN",
  "CHIOMA NWOSU",
  "IBRAHIM MUSA",
  "FUNMILAYO ADEYEMI",
  "EMEKA OKONKWO",
  "HAUWA ABDULLAHI",
  "TUNDE BAKARE",
  "NGOZI EZE",
  "YUSUF BELLO",
  "BLESSING OKORO",
  "KEHINDE ALABI",
  "AMAKA OBI",
] as const;

const smsMessages = [
  "Our shop opens at 9am this Saturday. New stock of school uniforms has arrived, come early.",
  "Reminder: the monthly meeting holds on Sunday by 4pm at the community hall. Please be punctual.",
  "Happy new month from all of us! Enjoy 10% off every order this week.",
  "Your order is ready for pickup at our Ikeja office between 10am and 5pm.",
] as const;
const senders = ["MAMAPUTSHOP", "ESTATEMEET", "KIDDIESTORE", "FRESHFARMS"] as const;

export function draftPurchase(
  shopper: Shopper,
  providers: readonly Provider[],
  request: PurchaseRequest,
): PurchaseDetails | undefined {
  switch (request.kind) {
    case "airtime":
      return airtime(shopper, providers);
    case "data":
      return data(shopper, providers);
    case "cable":
      return cable(shopper, providers, request.delivered);
    case "electricity":
      return electricity(shopper, providers, request);
    case "exam":
      return exam(shopper, providers, request.delivered);
    case "sms":
      return sms(shopper, providers);
  }
}

const blank = { smartNo: "", meterNo: "", description2: "", examCard: "", token: "" } as const;

function airtime(shopper: Shopper, providers: readonly Provider[]): PurchaseDetails | undefined {
  const { random } = shopper;
  const amounts = [100, 200, 200, 500, 500, 1000, 1000, 1500, 2000, 5000, 10000].map((naira) => naira * 100);
  const affordable = amounts.filter((kobo) => kobo <= shopper.maxKobo);
  if (providers.length === 0 || affordable.length === 0) {
    return undefined;
  }
  const provider = random.pick(providers);
  const subtotalKobo = random.pick(affordable);
  const phoneNumber = phoneFor(shopper, provider.key);
  return {
    ...blank,
    product: "airtime",
    subcategoryId: provider.id,
    plan: `${provider.title} Airtime`,
    phoneNumber,
    description: `${nairaText(subtotalKobo)} ${provider.title} airtime to ${phoneNumber}`,
    subtotalKobo,
    amountKobo: discountedKobo(subtotalKobo, provider.discountBasisPoints),
  };
}

function data(shopper: Shopper, providers: readonly Provider[]): PurchaseDetails | undefined {
  const { random } = shopper;
  const choices = providers.flatMap((provider) =>
    provider.plans.filter((plan) => plan.amountKobo <= shopper.maxKobo).map((plan) => ({ provider, plan })),
  );
  if (choices.length === 0) {
    return undefined;
  }
  const { provider, plan } = random.pick(choices);
  const phoneNumber = phoneFor(shopper, provider.key);
  return {
    ...blank,
    product: "data",
    subcategoryId: provider.id,
    plan: plan.plan,
    phoneNumber,
    description: `${provider.title} ${plan.plan} data bundle to ${phoneNumber}`,
    subtotalKobo: plan.amountKobo,
    amountKobo: discountedKobo(plan.amountKobo, provider.discountBasisPoints),
  };
}

function cable(shopper: Shopper, providers: readonly Provider[], delivered: boolean): PurchaseDetails | undefined {
  const { random } = shopper;
  const choices = providers.flatMap((provider) =>
    variationsInReach(shopper, provider).map((bouquet) => ({ provider, bouquet })),
  );
  if (choices.length === 0) {
    return undefined;
  }
  const { provider, bouquet } = random.pick(choices);
  const smartNo = `${random.int(1, 9)}${random.digits(cardDigits(provider.key) - 1)}`;
  return {
    ...blank,
    product: "cable",
    subcategoryId: provider.id,
    plan: bouquet.name,
    phoneNumber: shopper.ownPhone,
    smartNo,
    description: renewalDescription(bouquet.name, provider.key, smartNo, delivered),
    description2: `Customer: ${random.pick(customers)}`,
    subtotalKobo: bouquet.amountKobo,
    amountKobo: discountedKobo(bouquet.amountKobo, provider.discountBasisPoints),
  };
}

// A delivered prepaid purchase reads "IKEDC prepaid token: 1234-...", since the portal takes
// the token as what follows the first colon; no other electricity text has one.
function electricity(
  shopper: Shopper,
  providers: readonly Provider[],
  request: PurchaseRequest,
): PurchaseDetails | undefined {
  const { random } = shopper;
  const amounts = [1000, 1500, 2000, 3000, 5000, 10000, 20000, 50000].map((naira) => naira * 100);
  const affordable = amounts.filter((kobo) => kobo <= shopper.maxKobo);
  if (providers.length === 0 || affordable.length === 0) {
    return undefined;
  }
  const provider = random.pick(providers);
  const disco = discoName(provider.title);
  const prepaid = request.prepaid || random.chance(0.7);
  const meterNo = prepaid ? `${random.pick(["04", "45", "54", "62"])}${random.digits(9)}` : random.digits(10);
  const subtotalKobo = random.pick(affordable);
  const customer = `${random.pick(customers)}, ${random.int(1, 120)} ${random.pick(streetsOf(provider.key))}`;
  const token = request.delivered && prepaid ? prepaidToken((count) => random.digits(count)) : "";
  let description = meterPaymentDescription(disco, prepaid ? "prepaid" : "postpaid", subtotalKobo, meterNo);
  let description2 = `Customer ${customer}`;
  if (token !== "") {
    description = tokenDescription(disco, token);
    description2 = `${unitsBought(subtotalKobo, random.int(68, 225))} for ${customer}`;
  }
  return {
    ...blank,
    product: "electricity",
    subcategoryId: provider.id,
    plan: prepaid ? "Prepaid" : "Postpaid",
    phoneNumber: shopper.ownPhone,
    meterNo,
    description,
    description2,
    subtotalKobo,
    amountKobo: discountedKobo(subtotalKobo, provider.discountBasisPoints),
    token,
  };
}

function exam(shopper: Shopper, providers: readonly Provider[], delivered: boolean): PurchaseDetails | undefined {
  const { random } = shopper;
  const choices = providers.flatMap((provider) =>
    variationsInReach(shopper, provider).map((variation) => ({ provider, variation })),
  );
  if (choices.length === 0) {
    return undefined;
  }
  const { provider, variation } = random.pick(choices);
  const label = variationLabel(provider, variation);
  return {
    ...blank,
    product: "exam",
    subcategoryId: provider.id,
    plan: label,
    phoneNumber: shopper.ownPhone,
    description: examDescription(label, delivered),
    description2: provider.key === "jamb" ? profileDescription(random.digits(10), random.pick(customers)) : "",
    subtotalKobo: variation.amountKobo,
    amountKobo: discountedKobo(variation.amountKobo, provider.discountBasisPoints),
    examCard: delivered ? examCard(provider.key, (count) => random.digits(count)) : "",
  };
}

function sms(shopper: Shopper, providers: readonly Provider[]): PurchaseDetails | undefined {
  const { random } = shopper;
  const message = random.pick(smsMessages);
  const pages = smsPages(message);
  const most = Math.floor(shopper.maxKobo / (pages * smsBaseRateKobo));
  if (providers.length === 0 || most < 5) {
    return undefined;
  }
  const provider = random.pick(providers);
  const recipients = random.int(5, Math.min(most, 400));
  const subtotalKobo = recipients * pages * smsBaseRateKobo;
  return {
    ...blank,
    product: "sms",
    subcategoryId: provider.id,
    plan: "Bulk SMS",
    phoneNumber: "",
    description: `Bulk SMS from ${random.pick(senders)} to ${recipients} numbers: ${message}`,
    subtotalKobo,
    amountKobo: discountedKobo(subtotalKobo, provider.discountBasisPoints),
  };
}

// Priced from the catalog, as the live calls are; a provider without variations has
// nothing to buy.
function variationsInReach(shopper: Shopper, provider: Provider): readonly Variation[] {
  return provider.variations.filter((variation) => variation.amountKobo <= shopper.maxKobo);
}

// The account's own line when it is on the provider's network, else a plausible other one.
function phoneFor(shopper: Shopper, providerKey: string): string {
  const { random } = shopper;
  const network = Object.keys(prefixes).find((name) => providerKey.startsWith(name)) ?? "mtn";
  const networkPrefixes = prefixes[network] ?? [];
  if (networkPrefixes.includes(shopper.ownPhone.slice(0, 4)) && random.chance(0.4)) {
    return shopper.ownPhone;
  }
  return `${random.pick(networkPrefixes)}${random.digits(7)}`;
}
