import type { BillerOutcome } from "./biller.ts";
import { streetsOf } from "./bills.ts";
import type { MeterType } from "./bills.ts";
import type { Provider, Variation } from "./catalog.ts";

// The simulated billers' customer records: the smart cards, meters and JAMB profiles that
// verify, in the spirit of VTpass's sandbox (decision 014), and what each does when bought
// for. Every other number fails verification, so a purchase for it is refused before any
// money moves. docs/sandbox.md lists them under "Sandbox test values".

export const testSmartCards = { delivered: "1212121212", pending: "2222222222", failed: "3333333333" } as const;

export const testMeters = {
  prepaid: "1111111111111",
  postpaid: "1010101010101",
  pending: "2222222222222",
  failed: "3333333333333",
} as const;

export const testJambProfile = "0123456789";

type Outcome = BillerOutcome["kind"];

interface Holder {
  readonly name: string;
  readonly outcome: Outcome;
}

// Any cable provider knows these cards, so one number tries every provider.
const smartCards: Readonly<Record<string, Holder>> = {
  [testSmartCards.delivered]: { name: "Adaeze Nwosu", outcome: "delivered" },
  [testSmartCards.pending]: { name: "Chinedu Okafor", outcome: "pending" },
  [testSmartCards.failed]: { name: "Halima Yusuf", outcome: "failed" },
};

// The bouquet each provider's test cards are on; its price is the renewal amount.
const currentBouquets: Readonly<Record<string, string>> = {
  dstv: "dstv-compact",
  gotv: "gotv-max",
  startimes: "startimes-classic",
};

interface MeterHolder extends Holder {
  readonly meterType: MeterType;
  readonly houseNumber: number;
}

// Any disco knows these meters; the address is on one of that disco's own streets.
const meters: Readonly<Record<string, MeterHolder>> = {
  [testMeters.prepaid]: { name: "Tunde Bakare", outcome: "delivered", meterType: "prepaid", houseNumber: 14 },
  [testMeters.postpaid]: { name: "Ngozi Eze", outcome: "delivered", meterType: "postpaid", houseNumber: 7 },
  [testMeters.pending]: { name: "Emeka Okonkwo", outcome: "pending", meterType: "prepaid", houseNumber: 22 },
  [testMeters.failed]: { name: "Funmilayo Adeyemi", outcome: "failed", meterType: "prepaid", houseNumber: 3 },
};

const jambProfiles: Readonly<Record<string, string>> = { [testJambProfile]: "Ifeanyi Obi" };

export interface CableCustomer {
  readonly name: string;
  // Undefined when an operator has removed that bouquet from the catalog.
  readonly bouquet: Variation | undefined;
  readonly outcome: BillerOutcome;
}

export interface MeterCustomer {
  readonly name: string;
  readonly address: string;
  readonly meterType: MeterType;
  readonly outcome: BillerOutcome;
}

// Own properties only: "constructor" is no smart card.
function lookUp<T>(records: Readonly<Record<string, T>>, number: string): T | undefined {
  return Object.hasOwn(records, number) ? records[number] : undefined;
}

function outcomeOf(kind: Outcome, number: string): BillerOutcome {
  return kind === "failed" ? { kind, number } : { kind };
}

export function findSmartCard(provider: Provider, smartNo: string): CableCustomer | undefined {
  const holder = lookUp(smartCards, smartNo);
  if (holder === undefined) {
    return undefined;
  }
  const code = currentBouquets[provider.key];
  const bouquet = provider.variations.find((variation) => variation.variationCode === code) ?? provider.variations[0];
  return { name: holder.name, bouquet, outcome: outcomeOf(holder.outcome, smartNo) };
}

export function findMeter(provider: Provider, meterNo: string): MeterCustomer | undefined {
  const holder = lookUp(meters, meterNo);
  if (holder === undefined) {
    return undefined;
  }
  const [street = "Broad Street, Lagos"] = streetsOf(provider.key);
  return {
    name: holder.name,
    address: `${holder.houseNumber} ${street}`,
    meterType: holder.meterType,
    outcome: outcomeOf(holder.outcome, meterNo),
  };
}

export function findJambProfile(profileId: string): { readonly name: string } | undefined {
  const name = lookUp(jambProfiles, profileId);
  return name === undefined ? undefined : { name };
}
