// What the confirmation step shows; shared by the flow on the server and the page.

import type { PinRequirement } from "../domain/pin.ts";

export type SummaryLine = { label: string; value: string };

/**
 * A wallet that cannot pay (decision 044): what it holds, what the purchase costs, the way to
 * Fund Wallet and back, and paying by card instead where the product can.
 */
export type Shortfall = {
  balance: string;
  charge: string;
  fundWallet: string;
  card: { sealed: string; total: string } | null;
};

/** The action's answer to Process: the priced summary and the sealed confirmation. */
export type ConfirmationStep = {
  confirmation: {
    sealed: string;
    summary: SummaryLine[];
    charge: string;
    /** What a card would be charged instead (airtime and data), surcharge included. */
    cardTotal: string | null;
    /** What the person should know before confirming: a network taken from the number, or a ported number. */
    notes: string[];
    /** The same purchase made a moment ago: "You bought this 14 seconds ago…". */
    repeat: string | null;
    /** The wallet cannot pay: Confirm is not offered, Fund Wallet (and the card) are. */
    shortfall: Shortfall | null;
    /**
     * The transaction PIN Confirm asks for (decision 056), why the last one was refused, where to set
     * a first one, and the lock's words while wrong PINs lock buying (decision 069).
     */
    pin: { requirement: PinRequirement; error: string | null; setPinHref: string; locked: string | null };
    /** What the customer pays the reseller (decision 085): the text in the field, why it was refused, and the charge to compare it with. */
    soldFor: SoldForView | null;
  };
};

/** The confirmation's "Sold for" field: prefilled from the shop's price, or as last typed. */
export type SoldForView = { value: string; error: string | null; chargeKobo: number };

/** The form's action data is a confirmation step, not a form reply. */
export function isConfirmationStep(actionData: unknown): actionData is ConfirmationStep {
  return typeof actionData === "object" && actionData !== null && "confirmation" in actionData;
}

/** A verified smart card, meter or profile, as the page shows it and sends it back. */
export type VerifiedView = {
  sealed: string;
  target: { providerId: number; number: string; detail: string };
  customer: SummaryLine[];
};

/** What choosing a provider brought to the form (plans, variants), and for which provider. */
export type OfferView<Offer extends object = object> = Offer & { providerId: number };

/**
 * The answer to everything but Process: the form again, what is verified, if anything, and
 * what the provider the form posted brings (plans, variants), which the page's own address
 * may not name: without JavaScript the provider is chosen in the same form.
 */
export type FormStepExtras<Offer extends object = object> = {
  verified: VerifiedView | null;
  /** A verification came back for another provider than the form now names: it is dropped. */
  providerChanged: boolean;
  offer: OfferView<Offer> | null;
  /** The network list was filled in from the phone number (decision 028), in words for beside it. */
  networkHint: string | null;
  /** Confirm was refused because the wallet could not pay: the same ways on as the confirmation's. */
  shortfall?: Shortfall;
};

/** A recent number as the form offers it: its words, and the form fields its link fills. */
export type RecentNumberView = { text: string; fields: Record<string, string> };

/** The product's recent numbers from the person's history, or null when there are none to show. */
export type RecentList = { heading: string; numbers: RecentNumberView[] } | null;
