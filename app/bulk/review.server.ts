import { createHash } from "node:crypto";
import { type BulkRow, listRows, type RowProblem } from "../domain/bulk.ts";
import { discountedChargeKobo, parseTypedNaira } from "../domain/money.ts";
import { networkOf, networkOfTitle, providerOfNetwork } from "../domain/networks.ts";
import { boughtByAmount, type BulkProduct } from "../domain/products.ts";
import { AIRTIME_LIMITS } from "../forms/amount.ts";
import { MINIMUM_DATA_KOBO, portedNumberWarning } from "../forms/purchase.ts";
import type { Caller } from "../infra/context.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import {
  type DataPlan,
  getAirtimeDiscount,
  getAirtimeProviders,
  getDataPlans,
  getDataProviders,
  type Provider,
} from "../upstream/purchases.server.ts";
import type { BulkInput } from "../forms/bulk.ts";
import { airtimeItem } from "./words.ts";

// The review of a bulk purchase (decision 030): every row of the list priced from today's
// catalogue, as a single purchase of the same number would be, with the reason for each row
// that cannot be bought. Prices come from the upstream, never from the form. A product's row
// says how its rows are given (decision 092): an amount each, priced with its network's airtime
// discount, or a plan each, from its network's data plans.

/** A row as the review shows it and a batch buys it. */
export type ReviewRow = {
  row: number;
  text: string;
  phone: string | null;
  /** The provider the row is bought from: the person's choice, else the number's network. */
  providerId: number | null;
  network: string;
  /** What is bought: "₦500.00 airtime" (in the reviewer's language), "MTN SME 1GB - 30 days" (the plan as sent). */
  item: string;
  faceKobo: number;
  discountPercent: number;
  chargeKobo: number;
  /** Why it is left out: said in words where it is shown (words.ts), and kept so in a batch. */
  problem: RowProblem | null;
  /** Said, not refused: a number usually on another network (it may have been ported). */
  note: string | null;
  order: PurchaseOrder | null;
};

/** A data provider with numbers in the list, the plan chosen for all of them, and its plans. */
export type PlanChoice = { providerId: number; title: string; count: number; chosen: string; plans: DataPlan[] };

export type Review = {
  product: BulkProduct;
  rows: ReviewRow[];
  providers: { id: number; title: string }[];
  planChoices: PlanChoice[];
  totalKobo: number;
  buyable: number;
};

const NO_NETWORK: RowProblem = { kind: "no-network" };

/** The providers a bulk product's rows are bought from: the networks, as its single purchase lists them. */
export function bulkProviders(caller: Caller, product: BulkProduct): Promise<Provider[]> {
  return boughtByAmount(product) ? getAirtimeProviders(caller) : getDataProviders(caller);
}

/** The rows of the list priced, with the catalogue calls each product needs made once. */
export async function reviewBulk(caller: Caller, input: BulkInput): Promise<Review> {
  const { product } = input;
  const listed = listRows(input.entries);
  const providers = await bulkProviders(caller, product);
  const withProvider = listed.map((row) => ({ row, provider: rowProvider(row, input, providers) }));
  const rows = boughtByAmount(product)
    ? await amountRows(caller, withProvider, input, product)
    : await planRows(caller, withProvider, input, providers, product);
  const buyable = rows.rows.filter((row) => row.order !== null);
  return {
    product: input.product,
    rows: rows.rows,
    providers: providers.map(({ id, title }) => ({ id, title })),
    planChoices: rows.planChoices,
    totalKobo: buyable.reduce((sum, row) => sum + row.chargeKobo, 0),
    buyable: buyable.length,
  };
}

type Placed = { row: BulkRow; provider: Provider | null };

function rowProvider(row: BulkRow, input: BulkInput, providers: Provider[]): Provider | null {
  if (row.phone === null) return null;
  // A choice from another product's list (the person switched between airtime and data) is not one.
  const chosen = providers.find((provider) => String(provider.id) === input.networks[row.phone ?? ""]);
  if (chosen !== undefined) return chosen;
  const network = networkOf(row.phone);
  return network === null ? null : providerOfNetwork(providers, network);
}

function blankRow(row: BulkRow, provider: Provider | null, problem: RowProblem | null): ReviewRow {
  return {
    row: row.row,
    text: row.text,
    phone: row.phone,
    providerId: provider?.id ?? null,
    network: provider?.title ?? "",
    item: "",
    faceKobo: 0,
    discountPercent: 0,
    chargeKobo: 0,
    problem,
    note: provider === null || row.phone === null ? null : portedNote(row.phone, provider),
    order: null,
  };
}

function portedNote(phone: string, provider: Provider): string | null {
  const usual = networkOf(phone);
  const chosen = networkOfTitle(provider.title);
  return usual !== null && chosen !== null && usual !== chosen ? portedNumberWarning(phone, usual, chosen) : null;
}

/** Why the row's amount cannot be bought, or its amount in kobo. */
function rowAmount(given: string, fallback: number | null): number | RowProblem {
  if (given === "") return fallback ?? { kind: "no-amount" };
  const kobo = parseTypedNaira(given);
  if (kobo === null) return { kind: "not-an-amount", given };
  // Each row is an airtime purchase of its own, with the airtime page's limits (decision 075).
  const { minimumKobo, maximumKobo } = AIRTIME_LIMITS;
  if (kobo < minimumKobo) return { kind: "amount-too-low", minimumKobo };
  if (kobo > maximumKobo) return { kind: "amount-too-high", maximumKobo };
  return kobo;
}

async function amountRows(caller: Caller, placed: Placed[], input: BulkInput, product: BulkProduct<"amount">) {
  const used = [...new Set(placed.flatMap(({ provider }) => (provider ? [provider.id] : [])))];
  const discounts = new Map(
    await Promise.all(used.map(async (id) => [id, await getAirtimeDiscount(caller, id)] as const)),
  );
  const rows = placed.map(({ row, provider }): ReviewRow => {
    if (row.problem !== null || row.phone === null) return blankRow(row, provider, row.problem);
    if (provider === null) return blankRow(row, provider, NO_NETWORK);
    const amount = rowAmount(row.given, input.amountKobo);
    if (typeof amount !== "number") return blankRow(row, provider, amount);
    const discountPercent = discounts.get(provider.id) ?? 0;
    return {
      ...blankRow(row, provider, null),
      item: airtimeItem(amount),
      faceKobo: amount,
      discountPercent,
      chargeKobo: discountedChargeKobo(amount, discountPercent),
      order: { product, subcategoryId: provider.id, phoneNumber: row.phone, amountKobo: amount },
    };
  });
  return { rows, planChoices: [] };
}

function planMatching(plans: DataPlan[], given: string): DataPlan | undefined {
  const wanted = given.trim().toLowerCase();
  return plans.find((plan) => plan.variationCode.toLowerCase() === wanted || plan.plan.toLowerCase() === wanted);
}

async function planRows(
  caller: Caller,
  placed: Placed[],
  input: BulkInput,
  providers: Provider[],
  product: BulkProduct<"plan">,
) {
  const used = providers.filter((provider) => placed.some((entry) => entry.provider?.id === provider.id));
  // Each provider's plans once, without those below the data minimum (as the single form lists them).
  const offers = new Map(
    await Promise.all(
      used.map(async (provider) => {
        const { plans, discountPercent } = await getDataPlans(caller, provider.id);
        const buyable = plans.filter((plan) => plan.amountKobo >= MINIMUM_DATA_KOBO);
        return [provider.id, { plans: buyable, discountPercent }] as const;
      }),
    ),
  );
  const planChoices: PlanChoice[] = used.flatMap((provider) => {
    // Rows whose file row names its own plan need no choice for all.
    const count = placed.filter((entry) => entry.provider?.id === provider.id && entry.row.given === "").length;
    if (count === 0) return [];
    const plans = offers.get(provider.id)?.plans ?? [];
    const chosen = input.plans[String(provider.id)] ?? "";
    return [{ providerId: provider.id, title: provider.title, count, chosen, plans }];
  });
  const rows = placed.map(({ row, provider }): ReviewRow => {
    if (row.problem !== null || row.phone === null) return blankRow(row, provider, row.problem);
    if (provider === null) return blankRow(row, provider, NO_NETWORK);
    const offer = offers.get(provider.id);
    const plans = offer?.plans ?? [];
    const code = row.given === "" ? (input.plans[String(provider.id)] ?? "") : row.given;
    const plan = planMatching(plans, code);
    if (plan === undefined)
      return blankRow(
        row,
        provider,
        row.given === ""
          ? { kind: "no-plan", network: provider.title }
          : { kind: "not-a-plan", given: row.given, network: provider.title },
      );
    const discountPercent = offer?.discountPercent ?? 0;
    return {
      ...blankRow(row, provider, null),
      item: plan.plan,
      faceKobo: plan.amountKobo,
      discountPercent,
      chargeKobo: discountedChargeKobo(plan.amountKobo, discountPercent),
      order: { product, subcategoryId: provider.id, phoneNumber: row.phone, plan },
    };
  });
  return { rows, planChoices };
}

/** What Confirm must find unchanged: every row that will be bought, what it buys and what it costs. */
export function reviewDigest(review: Review): string {
  const bought = review.rows.flatMap((row) => (row.order === null ? [] : [[row.row, row.order, row.chargeKobo]]));
  return createHash("sha256")
    .update(JSON.stringify([review.product, bought]))
    .digest("base64url");
}
