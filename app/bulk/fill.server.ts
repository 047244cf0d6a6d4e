import { customerList } from "../customers/lists.server.ts";
import { listAsNumbers, listNetworks } from "../domain/customer-lists.ts";
import { type BulkFields, type BulkProduct, isBulkProduct } from "../forms/bulk.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";
import { UpstreamError } from "../upstream/errors.ts";
import { getAirtimeProviders, getDataProviders } from "../upstream/purchases.server.ts";
import { type Batch, batchStore } from "./batches.server.ts";

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

const blank = (product: BulkProduct): BulkFields => ({ product, numbers: "", amount: "", csv: "", csvName: "" });

async function fromList(caller: Caller, accountId: number, id: string, product: BulkProduct): Promise<BulkFill> {
  const list = /^\d{1,12}$/.test(id) ? await customerList(accountId, Number(id)) : null;
  if (list === null) return { fields: blank(product), networks: {}, plans: {}, notice: m.lists_gone() };
  let providers: { id: number; title: string }[] = [];
  try {
    providers = await (product === "airtime" ? getAirtimeProviders(caller) : getDataProviders(caller));
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
    if (order.product !== "airtime" && order.product !== "data") continue;
    const provider = String(order.subcategoryId);
    networks[phone] = provider;
    const given = order.product === "airtime" ? nairaText(order.amountKobo) : order.plan.variationCode;
    lines.push({ phone, given });
    if (order.product === "airtime") onePerField &&= given === lines[0]?.given;
    else onePerField &&= (plans[provider] ??= given) === given;
  }
  const fields: BulkFields = onePerField
    ? {
        ...blank(batch.product),
        numbers: lines.map((line) => line.phone).join("\n"),
        amount: batch.product === "airtime" ? (lines[0]?.given ?? "") : "",
      }
    : {
        ...blank(batch.product),
        csv: [
          `number,${batch.product === "airtime" ? "amount" : "plan"}`,
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
  if (listId !== null) return fromList(caller, accountId, listId, isBulkProduct(product) ? product : "airtime");
  const batchId = search.get("batch");
  if (batchId === null || !/^[\w-]{1,40}$/.test(batchId)) return null;
  const batch = await batchStore().read(accountId, batchId);
  return batch === null ? null : batchAsFill(batch);
}
