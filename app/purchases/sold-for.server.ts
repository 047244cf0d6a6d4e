import { isSellingProduct } from "../domain/products.ts";
import { soldForByRule } from "../domain/selling-prices.ts";
import { nairaDecimalText } from "../domain/money.ts";
import { soldForSchema } from "../forms/shop.ts";
import { parseForm } from "../forms/submission.ts";
import type { Caller } from "../infra/context.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { recordSale } from "../settings/sales.server.ts";
import { priceRulesOf } from "../settings/shop.server.ts";
import { getTransaction } from "../upstream/dashboard.server.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import type { SoldForView } from "./step.ts";

// "Sold for" at the confirmation (decision 085): what the reseller's customer pays, prefilled
// from the shop's price for the product, kept with the purchase by its transaction reference.
// Bulk SMS has no selling price. A purchase paid by card records none (its receipt can add
// one): its form does not carry the field (decision 085). A bulk row keeps its price here too.

/** What the person typed last, and why it was refused, to show the confirmation again with it. */
export type TypedSoldFor = { value: string; error: string | null };

/** The confirmation's field, or null for a product the shop does not price. */
export async function soldForView(
  userId: number,
  order: PurchaseOrder,
  valueKobo: number,
  chargeKobo: number,
  typed: TypedSoldFor | null,
): Promise<SoldForView | null> {
  if (!isSellingProduct(order.product)) return null;
  if (typed !== null) return { value: typed.value, error: typed.error, chargeKobo };
  const byRule = soldForByRule(order.product, valueKobo, await priceRulesOf(userId));
  return { value: byRule === null ? "" : nairaDecimalText(byRule), error: null, chargeKobo };
}

/** "Sold for" as Confirm posted it: kobo, null when left empty, or the field's refusal. */
export function postedSoldFor(
  formData: FormData,
): { ok: true; soldForKobo: number | null } | { ok: false; typed: TypedSoldFor } {
  const submission = parseForm(formData, soldForSchema);
  if (submission.status === "success") return { ok: true, soldForKobo: submission.value.soldFor ?? null };
  const value = formData.get("soldFor");
  return {
    ok: false,
    typed: { value: typeof value === "string" ? value : "", error: submission.error["soldFor"]?.[0] ?? "" },
  };
}

/**
 * Keeps what the purchase sold for under its reference, read back from the new row. The
 * purchase went through whatever happens here: a row that cannot be read now, or a database
 * that cannot be written, loses only the "Sold for", which the receipt can add later. True
 * when it was kept.
 */
export async function keepSoldFor(
  caller: Caller,
  userId: number,
  transactionId: number | null,
  soldForKobo: number | null,
): Promise<boolean> {
  if (soldForKobo === null || transactionId === null) return false;
  try {
    const row = await getTransaction(caller, transactionId);
    if (row === null) return false;
    await recordSale(userId, row.reference, soldForKobo);
    return true;
  } catch (error) {
    log("warn", "sale.not-recorded", { requestId: caller.requestId, transactionId, ...errorFields(error) });
    return false;
  }
}
