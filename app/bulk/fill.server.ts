import { customerList } from "../customers/lists.server.ts";
import { listAsNumbers, listNetworks } from "../domain/customer-lists.ts";
import { boughtByAmount, BULK_PRODUCTS, type BulkProduct, isBulkProduct } from "../domain/products.ts";
import type { BulkFields } from "../forms/bulk.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";
import { BULK_WORDS } from "../i18n/product-words.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { isAmountOrder, isBulkOrder } from "./batch-rows.ts";
import { type Batch, batchStore } from "./batches.server.ts";
import { bulkProviders } from "./review.server.ts";

// The bulk form filled before anything is typed (decision 086): from a customer list
// (`?list=7&product=data`) or from a batch bought before (`?batch=…`, "Buy this batch again").
// It only fills the form: Review prices every row from today's catalogue, and nothing is
// bought until Confirm, as with Buy again (decision 027).

/** The form's fields, and the review's choices as hidden fields: a network per number, a plan per provider. */
export type BulkFill = {
  fields: BulkFields;
  networks: Record<string, string>;
  plans: Record<string, string>;
  /** What the form was filled from, or why it was not. */
  notice: string;
};

/** Kobo as the amount field takes it: "500", "1500.50". */
function nairaText(kobo: number): string {
  const rest = kobo % 100;
  return rest === 0 ? String(kobo / 100) : `${Math.floor(kobo / 100)}.${String(rest).padStart(2, "0")}`;
}

/** A product the bulk form offers, in the request's language, and whether its rows are given an amount. */
export type BulkChoice = { product: BulkProduct; label: string; byAmount: boolean };

/** The products bought in bulk (their rows' `bulk`, decision 092) as the form's choices; the first is chosen. */
export function bulkChoices(): BulkChoice[] {
  return BULK_PRODUCTS.map((product) => ({
    product,
    label: BULK_WORDS[product](),
    byAmount: boughtByAmount(product),
  }));
}

const blank = (product: BulkProduct): BulkFields => ({ product, numbers: "", amount: "", csv: "", csvName: "" });

async function fromList(caller: Caller, accountId: number, id: string, product: BulkProduct): Promise<BulkFill> {
  const list = /^\d{1,12}$/.test(id) ? await customerList(accountId, Number(id)) : null;
  if (list === null) return { fields: blank(product), networks: {}, plans: {}, notice: m.lists_gone() };
  let providers: { id: number; title: string }[] = [];
  try {
    providers = await bulkProviders(caller, product);
  } catch (error) {
    // Without today's providers each number's network follows its prefix; the review says so.
    if (!(error instanceof UpstreamError) || error.kind === "unauthenticated") throw error;
  }
  return {
    fields: { ...blank(product), numbers: listAsNumbers(list.entries) },
    networks: listNetworks(list.entries, providers),
    plans: {},
    notice: m.bulk_filled_from_list({ name: list.name }),
  };
}

/**
 * A batch's bought rows again: each number on its network, with its amount or its plan. One
 * amount (airtime), or one plan per network (data), fills the form's own fields; otherwise the
 * form gets a file of numbers and amounts or plan codes, as the person would upload it.
 */
export function batchAsFill(batch: Batch): BulkFill {
  const networks: Record<string, string> = {};
  const plans: Record<string, string> = {};
  const lines: { phone: string; given: string }[] = [];
  let onePerField = true;
  for (const { phone, order } of batch.rows) {
    if (!isBulkOrder(order)) continue;
    const provider = String(order.subcategoryId);
    networks[phone] = provider;
    const given = isAmountOrder(order) ? nairaText(order.amountKobo) : order.plan.variationCode;
    lines.push({ phone, given });
    if (isAmountOrder(order)) onePerField &&= given === lines[0]?.given;
    else onePerField &&= (plans[provider] ??= given) === given;
  }
  const fields: BulkFields = onePerField
    ? {
        ...blank(batch.product),
        numbers: lines.map((line) => line.phone).join("\n"),
        amount: boughtByAmount(batch.product) ? (lines[0]?.given ?? "") : "",
      }
    : {
        ...blank(batch.product),
        csv: [
          `number,${boughtByAmount(batch.product) ? "amount" : "plan"}`,
          ...lines.map((line) => `${line.phone},${line.given}`),
        ].join("\n"),
        csvName: "batch.csv",
      };
  return { fields, networks, plans: onePerField ? plans : {}, notice: m.bulk_filled_from_batch() };
}

/** The fill a bulk page's address asks for, or null for a blank form. */
export async function bulkFill(caller: Caller, accountId: number, search: URLSearchParams): Promise<BulkFill | null> {
  const listId = search.get("list");
  const product = search.get("product") ?? "";
  // No product named, or one not bought in bulk: the form's first choice.
  const chosen = isBulkProduct(product) ? product : BULK_PRODUCTS[0];
  if (listId !== null && chosen !== undefined) return fromList(caller, accountId, listId, chosen);
  const batchId = search.get("batch");
  if (batchId === null || !/^[\w-]{1,40}$/.test(batchId)) return null;
  const batch = await batchStore().read(accountId, batchId);
  return batch === null ? null : batchAsFill(batch);
}
