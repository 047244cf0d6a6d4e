import { productRow } from "../domain/products.ts";
import { type OutcomeStatus, type OutcomeTarget, planToSay, type PurchaseFacts } from "../domain/outcome.ts";
import { orderFaceKobo, orderFor, type PurchaseOrder } from "../upstream/orders.ts";

/** How the result names the number a product is bought for, by the history column that records it. */
const TARGET_KINDS = { phoneNumber: "phone", smartNo: "smart-card", meterNo: "meter" } as const;

/**
 * A confirmed order's facts for the result (decision 079): what the confirmation priced, its
 * status from the upstream's answer, and what the confirmation said the wallet pays.
 */
export function orderFacts(order: PurchaseOrder, status: OutcomeStatus, chargedKobo: number): PurchaseFacts {
  const { numbers, plan } = orderFor(order);
  const [only] = numbers;
  const target: OutcomeTarget =
    numbers.length === 1 && only !== undefined
      ? { kind: TARGET_KINDS[productRow(order.product).customer.column], number: only }
      : { kind: "numbers", count: numbers.length };
  return {
    product: order.product,
    plan: planToSay(order.product, plan),
    valueKobo: orderFaceKobo(order),
    target,
    status,
    chargedKobo,
  };
}
