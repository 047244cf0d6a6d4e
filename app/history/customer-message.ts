import { productOf } from "../domain/buy-again.ts";
import { formatNaira } from "../domain/money.ts";
import { customerNumber, type MessageLine, shortMessage } from "../domain/send-to-customer.ts";
import { groupToken } from "../domain/token.ts";
import { tokenFromDescription, type TransactionRecord } from "../domain/transactions.ts";
import { m } from "../i18n/paraglide/messages.js";
import { PRODUCT_WORDS } from "../i18n/product-words.ts";

// What is sent to the customer's own number (decision 086): the customer copy's words, short
// enough for one or two SMS pages, with the token or the exam PIN first, in the seller's
// language as the copy is. Never the charge, a balance or the upstream's own words.

/** The customer to send a purchase to, and what to send; null when the purchase has no single phone number. */
export type CustomerMessage = { number: string; text: string };

export function customerMessageOf(row: TransactionRecord, productName: string): CustomerMessage | null {
  const number = customerNumber(row.phoneNumber);
  if (number === null) return null;
  const product = productOf(row);
  const lines: MessageLine[] = [
    {
      label: m.buy_label_token(),
      value: row.meterNo.trim() ? groupToken(tokenFromDescription(row.description)) : "",
      lead: true,
    },
    { label: m.buy_label_exam_card(), value: row.examCard.trim(), lead: true },
    { label: m.buy_label_product(), value: product === null ? "" : PRODUCT_WORDS[product].item() },
    { label: m.buy_label_plan(), value: row.plan.trim() },
    { label: m.buy_label_value(), value: formatNaira(row.subtotal) },
    { label: m.buy_label_card_no(), value: row.smartNo.trim() },
    { label: m.buy_label_meter_no(), value: row.meterNo.trim() },
    { label: m.buy_label_ref(), value: row.reference },
  ];
  return { number, text: shortMessage(lines, productName) };
}
