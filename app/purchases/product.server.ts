import type { output } from "zod/v4/core";
import type { TransactionRecord } from "../domain/transactions.ts";
import type { FormSchema } from "../forms/submission.ts";
import type { Caller } from "../infra/context.ts";
import { type ProductKey, productRow } from "../domain/products.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import { PROVIDER_MESSAGE } from "../forms/purchase.ts";
import type { Provider } from "../upstream/purchases.server.ts";
import type { NetworkProduct } from "./network.server.ts";
import type { SummaryLine } from "./step.ts";
import type { Verification, VerificationTarget } from "./verification.server.ts";

// What a product page declares to the purchase kit: its form, its providers and what each
// brings (plans, variants), how to verify and how to price. The kit does the rest: the
// loader (app/purchases/loader.server.ts), the intents (action.server.ts) and the page
// (app/components/purchase/). See "Adding a product" in docs/adding-a-product.md.

export type { Caller };
export type { FormSchema };

/**
 * What Process found: the order to place and the lines to show. With `discountPercent` the
 * kit adds the Amount and Discount lines and charges the order's face value less the
 * discount; without it (bulk SMS) the wallet pays the face value.
 */
export type Priced = { order: PurchaseOrder; summary: SummaryLine[]; discountPercent?: number };
/** Or why it could not be priced or verified, in the words of the form's fields. */
export type Unpriceable = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
/** What Verify found: the number as verified, and the customer as the upstream named them. */
export type Verified = { target: VerificationTarget; customer: SummaryLine[] };

export type PurchaseProduct<
  Schema extends FormSchema,
  VerifySchema extends FormSchema = FormSchema,
  Offer extends object = object,
> = NetworkProduct & {
  /** The form's own URL: where a purchase ends. Its row's (app/domain/products.ts), filled in by defineProduct. */
  path: string;
  /** The product's row in app/domain/products.ts. */
  product: ProductKey;
  schema: Schema;
  /** The providers the form lists (bulk SMS has none). */
  providers?(caller: Caller): Promise<Provider[]>;
  /** What choosing a provider brings to the form (data plans, cable plans, exam variants). */
  offer?(caller: Caller, provider: Provider): Promise<Offer>;
  /** The form field that names one of the offer's plans or variants, for Buy again's plan name. */
  planField?: { name: string; noun: "plan" | "variant"; list(offer: Offer): readonly { code: string; name: string }[] };
  /** `verification` is the sealed one the form sent back, opened and checked as ours; the
   *  product decides whether it names what is being bought. */
  price(caller: Caller, value: output<Schema>, verification: Verification | null): Promise<Priced | Unpriceable>;
  verify?: {
    schema: VerifySchema;
    check(caller: Caller, value: output<VerifySchema>): Promise<Verified | Unpriceable>;
  };
  /** Words added to the upstream's success message (an exam card's PIN, decision 075), in the request's language. */
  successAdvice?: () => string;
  /**
   * What the bought row itself says to add to the success message (the exam's serial and PIN),
   * said instead of `successAdvice` when there is something to say (decision 075).
   */
  successDetail?: (row: TransactionRecord) => string | null;
  /**
   * Airtime and data can also be paid by card at the confirmation step (calls 20 and 24), the
   * checkout describing the order in its words ("Airtime ₦500.00 for 08031234567").
   */
  cardPayment?: { description: (inputs: { amount: string; phone: string }) => string };
};

/**
 * A choice the form posted that is not in today's list: a provider, a plan, a variant. The
 * kit turns it into that field's message, so a product looks things up in one line.
 */
export class NotListed extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The item of `list` that `matches`, or a NotListed for `field` with `message`. */
export async function listed<Item>(
  list: Promise<Item[]> | Item[],
  matches: (item: Item) => boolean,
  field: string,
  message: string,
): Promise<Item> {
  const found = (await list).find(matches);
  if (found === undefined) throw new NotListed(field, message);
  return found;
}

/** The provider the form named, from today's list: the one provider lookup of every product. */
export function listedProvider(providers: Promise<Provider[]>, id: number): Promise<Provider> {
  return listed(providers, (provider) => provider.id === id, "provider", PROVIDER_MESSAGE());
}

/** Summary lines from labels and values, and lines as they are, in the order written; falsy parts are left out. */
export function lines(
  ...parts: (Readonly<Record<string, string>> | readonly SummaryLine[] | false | null | undefined)[]
): SummaryLine[] {
  return parts.flatMap((part) => {
    if (!part) return [];
    return isLineList(part) ? part : Object.entries(part).map(([label, value]) => ({ label, value }));
  });
}

function isLineList(part: Readonly<Record<string, string>> | readonly SummaryLine[]): part is readonly SummaryLine[] {
  return Array.isArray(part);
}

/** A product as the kit takes it, its schemas and offer told from what it says, its path from its row. */
export function defineProduct<
  Schema extends FormSchema,
  VerifySchema extends FormSchema = FormSchema,
  Offer extends object = object,
>(product: Omit<PurchaseProduct<Schema, VerifySchema, Offer>, "path">): PurchaseProduct<Schema, VerifySchema, Offer> {
  return { ...product, path: productRow(product.product).path };
}
