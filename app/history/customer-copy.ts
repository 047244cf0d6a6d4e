import { productOf } from "../domain/buy-again.ts";
import { formatNaira } from "../domain/money.ts";
import { groupToken } from "../domain/token.ts";
import { tokenFromDescription, type TransactionRecord } from "../domain/transactions.ts";
import { m } from "../i18n/paraglide/messages.js";
import { PRODUCT_WORDS } from "../i18n/product-words.ts";
import { statusLabel } from "./words.ts";

// The receipt a reseller hands to a customer (decision 044): what the customer got
// and how to use it, never what the reseller paid or holds. So no charge, no balance, and no
// description or response, whose words are the upstream's and may name the charge.

/** One line of the copy; `token` marks the prepaid token, which the page sets apart. */
export type CopyLine = { label: string; value: string; token?: true };

/** The customer copy's lines, in the order they are shown, printed and shared, in the request's language. */
export function customerCopyLines(row: TransactionRecord, date: string, soldForKobo: number | null = null): CopyLine[] {
  const product = productOf(row);
  const token = row.meterNo.trim() ? groupToken(tokenFromDescription(row.description)) : "";
  const lines: (CopyLine | false)[] = [
    product !== null && { label: m.buy_label_product(), value: PRODUCT_WORDS[product].item() },
    row.plan.trim() !== "" && { label: m.buy_label_plan(), value: row.plan.trim() },
    { label: m.buy_label_value(), value: formatNaira(row.subtotal) },
    // What the reseller's customer paid the shop (decision 085); never what the wallet paid.
    soldForKobo !== null && { label: m.shop_label_price(), value: formatNaira(soldForKobo) },
    row.phoneNumber.trim() !== "" && { label: m.buy_label_phone(), value: row.phoneNumber.trim() },
    row.smartNo.trim() !== "" && { label: m.buy_label_card_no(), value: row.smartNo.trim() },
    row.meterNo.trim() !== "" && { label: m.buy_label_meter_no(), value: row.meterNo.trim() },
    token !== "" && { label: m.buy_label_token(), value: token, token: true },
    row.examCard.trim() !== "" && { label: m.buy_label_exam_card(), value: row.examCard.trim() },
    { label: m.buy_label_ref(), value: row.reference },
    { label: m.buy_label_date(), value: date },
    { label: m.buy_label_status(), value: statusLabel(row.status) },
  ];
  return lines.filter((line) => line !== false);
}

/** The customer copy as a message (WhatsApp), one line per entry under a title. */
export function customerCopyText(productName: string, lines: readonly CopyLine[]): string {
  const title = m.buy_receipt_heading({ productName }).trim();
  return [title, ...lines.map(({ label, value }) => `${label}: ${value}`)].join("\n");
}
