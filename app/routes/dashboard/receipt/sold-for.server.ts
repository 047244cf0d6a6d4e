import type { RouterContextProvider } from "react-router";
import { SOLD_FOR_INTENT } from "./sold-for.tsx";
import { formatNaira, nairaDecimalText } from "../../../domain/money.ts";
import { replyWithErrors } from "../../../forms/reply.server.ts";
import { soldForSchema } from "../../../forms/shop.ts";
import { parseForm } from "../../../forms/submission.ts";
import { receiptTransaction } from "../../../history/receipt.server.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { requireValidCsrf } from "../../../session/csrf.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { redirectWithToast } from "../../../session/toast.server.ts";
import { recordSale } from "../../../settings/sales.server.ts";

// A purchase's "Sold for" from its receipt (decision 085): added, corrected, or removed when
// left empty. The transaction is read as the receipt reads it, so only the signed-in account's
// own purchase can be given a price, under the reference the upstream gave it.

/** The receipt's line ("Not recorded" when none) and the form's starting text. */
export function soldForOnReceipt(soldForKobo: number | null) {
  return soldForKobo === null
    ? { shown: m.shop_sold_for_none(), typed: "" }
    : { shown: formatNaira(soldForKobo), typed: nairaDecimalText(soldForKobo) };
}

export async function correctSoldFor(request: Request, context: Readonly<RouterContextProvider>, transId: string) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, soldForSchema);
  if (formData.get("intent") !== SOLD_FOR_INTENT || submission.status !== "success") {
    return replyWithErrors(submission, {}, { intent: SOLD_FOR_INTENT });
  }
  const transaction = await receiptTransaction(context, transId);
  const soldFor = submission.value.soldFor ?? null;
  await recordSale(signedIn(context).user.id, transaction.reference, soldFor);
  return redirectWithToast(context, `/dashboard/receipt/${transaction.id}`, {
    type: "success",
    message: soldFor === null ? m.shop_sold_for_removed() : m.shop_sold_for_saved({ amount: formatNaira(soldFor) }),
  });
}
