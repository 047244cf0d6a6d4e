import { type OutcomeStatus, planToSay, type PurchaseFacts } from "../domain/outcome.ts";
import { orderFaceKobo, type PurchaseOrder } from "../upstream/orders.ts";

/**
 * A confirmed order's facts for the result (decision 079): what the confirmation priced, its
 * status from the upstream's answer, and what the confirmation said the wallet pays.
 */
export function orderFacts(order: PurchaseOrder, status: OutcomeStatus, chargedKobo: number): PurchaseFacts {
  const facts = { product: order.product, valueKobo: orderFaceKobo(order), status, chargedKobo };
  switch (order.product) {
    case "airtime":
      return { ...facts, plan: "", target: { kind: "phone", number: order.phoneNumber } };
    case "data":
      return {
        ...facts,
        plan: planToSay("data", order.plan.plan),
        target: { kind: "phone", number: order.phoneNumber },
      };
    case "sms": {
      const [only] = order.recipients;
      const target =
        order.recipients.length === 1 && only !== undefined
          ? ({ kind: "phone", number: only } as const)
          : ({ kind: "numbers", count: order.recipients.length } as const);
      return { ...facts, plan: "", target };
    }
    case "cable":
      // StarTimes paid by amount alone has no plan: its provider says what it was.
      return {
        ...facts,
        plan: planToSay("cable", order.planName || order.providerTitle),
        target: { kind: "smart-card", number: order.smartNo },
      };
    case "electricity":
      return { ...facts, plan: "", target: { kind: "meter", number: order.meterNo } };
    case "exam":
      // The exam's title ("WAEC"); a JAMB PIN is sent to the phone as every exam's is.
      return { ...facts, plan: planToSay("exam", order.serviceId), target: { kind: "phone", number: order.phone } };
  }
}
