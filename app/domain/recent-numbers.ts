import { type HistoryRow, repeatOf } from "./buy-again.ts";
import { type ProductKey, productRow } from "./products.ts";

// Recent numbers (decision 027): the phones, smart cards and meters a person bought for before,
// read from their own history (call 36, newest first), one entry per number.

export type RecentNumber = {
  /** The phone, smart card or meter number. */
  number: string;
  /** "prepaid" or "postpaid" for a meter, "" otherwise. */
  meterType: string;
  /** The customer as the history names them, "" when it does not. */
  customer: string;
  /** The provider's name as the history has it, "" when it cannot be told. */
  network: string;
};

export const RECENT_LIMIT = 5;

const NUMBER = /^\d{6,20}$/;
// "Customer: ADEBAYO OLUWASEUN", "Customer NGOZI EZE, 4 Allen Avenue", "12.3 kWh for NGOZI EZE, …"
const CUSTOMER = /^(?:customer:?\s+|.*?\bfor\s+)([^,]{1,60})/i;

/** The customer a smart card or meter purchase names in its second description, "" when none. */
export function customerNamed(description2: string): string {
  return CUSTOMER.exec(description2.trim())?.[1]?.trim() ?? "";
}

/** Up to `limit` numbers `product` was bought for, newest first, each once. */
export function recentNumbers(rows: readonly HistoryRow[], product: ProductKey, limit = RECENT_LIMIT): RecentNumber[] {
  const { customer } = productRow(product);
  if (customer.many) return [];
  const found: RecentNumber[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (found.length >= limit) break;
    const repeat = repeatOf(row);
    if (repeat?.product !== product) continue;
    const { query } = repeat;
    const number = query[customer.field] ?? "";
    if (!NUMBER.test(number) || seen.has(number)) continue;
    seen.add(number);
    found.push({
      number,
      meterType: query.meterType ?? "",
      customer: customer.named ? customerNamed(row.description2) : "",
      network: query.network ?? "",
    });
  }
  return found;
}
