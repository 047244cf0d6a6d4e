import { z } from "zod";
import { nairaOnWire } from "../domain/money.ts";

// What the portal asks the upstream to buy, and how each order goes on the wire
// (docs/upstream-api.md, calls 19, 23, 28, 31, 35 and 39). Orders travel inside signed confirmations, so their
// shape is a schema too: a confirmation is read back through it after its signature checks.

const koboAmount = z.number().int().nonnegative();

export const dataPlanOrderSchema = z.object({
  plan: z.string(),
  size: z.string(),
  amountKobo: koboAmount,
  variationAmountKobo: koboAmount,
  serviceId: z.string(),
  variationCode: z.string(),
});

export const orderSchema = z.discriminatedUnion("product", [
  z.object({
    product: z.literal("airtime"),
    subcategoryId: z.number().int(),
    phoneNumber: z.string(),
    amountKobo: koboAmount,
  }),
  z.object({
    product: z.literal("data"),
    subcategoryId: z.number().int(),
    phoneNumber: z.string(),
    plan: dataPlanOrderSchema,
  }),
  z.object({
    product: z.literal("sms"),
    subcategoryId: z.number().int(),
    recipients: z.array(z.string()).min(1),
    sender: z.string(),
    message: z.string(),
    totalKobo: koboAmount,
  }),
  z.object({
    product: z.literal("cable"),
    subcategoryId: z.number().int(),
    providerTitle: z.string(),
    smartNo: z.string(),
    phone: z.string(),
    /** Empty for StarTimes paid by amount alone. */
    planCode: z.string(),
    planName: z.string(),
    amountKobo: koboAmount,
  }),
  z.object({
    product: z.literal("electricity"),
    subcategoryId: z.number().int(),
    serviceId: z.string(),
    meterNo: z.string(),
    meterType: z.enum(["prepaid", "postpaid"]),
    phone: z.string(),
    amountKobo: koboAmount,
  }),
  z.object({
    product: z.literal("exam"),
    subcategoryId: z.number().int(),
    serviceId: z.string(),
    variationCode: z.string(),
    /** The JAMB profile ID; empty for the other exams. */
    profileId: z.string(),
    phone: z.string(),
    amountKobo: koboAmount,
  }),
]);
export type PurchaseOrder = z.infer<typeof orderSchema>;

/** The face value asked for: what a card is charged for, before any card surcharge. */
export function orderFaceKobo(order: PurchaseOrder): number {
  switch (order.product) {
    case "data":
      return order.plan.amountKobo;
    case "sms":
      return order.totalKobo;
    default:
      return order.amountKobo;
  }
}

/**
 * Who and what an order is for, as the history records it: the numbers (a phone, a smart card,
 * a meter, or an SMS's recipients), the plan, bouquet or exam it names ("" for none), and what
 * a saved entry keeps besides (decision 050): the provider's title where the order carries it,
 * a meter's type, a JAMB profile ID. `phone`: the phone it was for or given with, where the
 * customer's copy can be sent (decision 086); an SMS's recipients, comma-separated.
 */
export type OrderFor = {
  numbers: string[];
  plan: string;
  providerTitle: string;
  meterType: string;
  profileId: string;
  phone: string;
};

export function orderFor(order: PurchaseOrder): OrderFor {
  const none = { plan: "", providerTitle: "", meterType: "", profileId: "" };
  switch (order.product) {
    case "airtime":
      return { ...none, numbers: [order.phoneNumber], phone: order.phoneNumber };
    case "data":
      return { ...none, numbers: [order.phoneNumber], plan: order.plan.plan, phone: order.phoneNumber };
    case "sms":
      return { ...none, numbers: order.recipients, phone: order.recipients.join(",") };
    case "cable":
      // StarTimes paid by amount alone has no plan: its provider says what it was.
      return {
        ...none,
        numbers: [order.smartNo],
        plan: order.planName || order.providerTitle,
        providerTitle: order.providerTitle,
        phone: order.phone,
      };
    case "electricity":
      return { ...none, numbers: [order.meterNo], meterType: order.meterType, phone: order.phone };
    case "exam":
      // The exam's title ("WAEC"); a JAMB PIN is sent to the phone as every exam's is.
      return { ...none, numbers: [order.phone], plan: order.serviceId, profileId: order.profileId, phone: order.phone };
  }
}

export type OrderRequest = { path: string; body: Record<string, string | number> };

export function orderRequest(order: PurchaseOrder): OrderRequest {
  switch (order.product) {
    case "airtime":
      return {
        path: "/v1/purchase-airtime/",
        body: {
          subcategory_id: order.subcategoryId,
          phone_number: order.phoneNumber,
          amount: nairaOnWire(order.amountKobo),
        },
      };
    case "data": {
      // Call 23: `amount` is the plan's price before discount, `variation_amount` the
      // provider's face price sent along unchanged; `title` is the plan's own label.
      const { plan } = order;
      return {
        path: "/v1/purchase-data/",
        body: {
          size: plan.size,
          title: plan.plan,
          subcategory_id: order.subcategoryId,
          phone_number: order.phoneNumber,
          amount: nairaOnWire(plan.amountKobo),
          variation_amount: nairaOnWire(plan.variationAmountKobo),
          service_id: plan.serviceId,
          variation_code: plan.variationCode,
        },
      };
    }
    case "sms":
      return {
        path: "/v1/send-sms/",
        body: {
          subcategory_id: order.subcategoryId,
          phone: order.recipients.join(","),
          sender: order.sender,
          message: order.message,
          amount: nairaOnWire(order.totalKobo),
        },
      };
    case "cable":
      // Call 28: `code` and `bouquet_name` are the plan's; `service_type` the provider title.
      return {
        path: "/v1/purchase-cable/",
        body: {
          phone: order.phone,
          code: order.planCode,
          service_type: order.providerTitle,
          smart_no: order.smartNo,
          bouquet_name: order.planName,
          amount: nairaOnWire(order.amountKobo),
          subscription_type: "renew",
          subcategory_id: order.subcategoryId,
        },
      };
    case "electricity":
      return {
        path: "/v1/purchase-electricity/",
        body: {
          subcategory_id: order.subcategoryId,
          phone: order.phone,
          billersCode: order.meterNo,
          variation_code: order.meterType,
          service_id: order.serviceId,
          amount: nairaOnWire(order.amountKobo),
        },
      };
    case "exam":
      return {
        path: "/v1/purchase-exam-pins/",
        body: {
          subcategory_id: order.subcategoryId,
          phone: order.phone,
          billersCode: order.profileId,
          variation_code: order.variationCode,
          service_id: order.serviceId,
          amount: nairaOnWire(order.amountKobo),
        },
      };
  }
}
