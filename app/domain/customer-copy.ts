import { productOf, type RepeatProduct } from "./buy-again.ts";
import { transactionStatus } from "./labels.ts";
import { formatNaira } from "./money.ts";
import { groupToken } from "./token.ts";
import { tokenFromDescription, type TransactionRecord } from "./transactions.ts";

// The receipt a reseller hands to a customer (issue 21 §4, decision 044): what the customer got
// and how to use it, never what the reseller paid or holds. So no charge, no balance, and no
// description or response, whose words are the upstream's and may name the charge.

export type CopyLine = { label: string; value: string };

const PRODUCT_NAMES: Record<RepeatProduct, string> = {
  airtime: "Airtime",
  data: "Data",
  cable: "Cable TV",
  electricity: "Electricity",
  exam: "Exam PIN",
  sms: "Bulk SMS",
};

/** The customer copy's lines, in the order they are shown, printed and shared. */
export function customerCopyLines(row: TransactionRecord, date: string): CopyLine[] {
  const product = productOf(row);
  const token = row.meterNo.trim() ? groupToken(tokenFromDescription(row.description)) : "";
  const lines: (CopyLine | false)[] = [
    product !== null && { label: "Product", value: PRODUCT_NAMES[product] },
    row.plan.trim() !== "" && { label: "Plan", value: row.plan.trim() },
    { label: "Value", value: formatNaira(row.subtotal) },
    row.phoneNumber.trim() !== "" && { label: "Phone", value: row.phoneNumber.trim() },
    row.smartNo.trim() !== "" && { label: "Card No", value: row.smartNo.trim() },
    row.meterNo.trim() !== "" && { label: "Meter No", value: row.meterNo.trim() },
    token !== "" && { label: "Token", value: token },
    row.examCard.trim() !== "" && { label: "Exam card", value: row.examCard.trim() },
    { label: "Ref", value: row.reference },
    { label: "Date", value: date },
    { label: "Status", value: transactionStatus(row.status)?.label ?? `Status ${row.status}` },
  ];
  return lines.filter((line) => line !== false);
}

/** The customer copy as a message (WhatsApp), one line per entry under a title. */
export function customerCopyText(productName: string, lines: readonly CopyLine[]): string {
  const title = `${productName} receipt`.trim();
  return [title, ...lines.map(({ label, value }) => `${label}: ${value}`)].join("\n");
}

/** A WhatsApp link that opens a chat to choose, with `text` ready to send; needs no JavaScript. */
export function whatsAppShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
