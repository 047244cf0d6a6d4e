import { describe, expect, it } from "vitest";
import type { PurchaseOrder } from "../upstream/orders.ts";
import { orderFacts } from "./outcome.ts";

// A confirmed order's facts for the result (decision 079): each product's value, plan and number.

const ORDERS: [PurchaseOrder, object][] = [
  [
    { product: "airtime", subcategoryId: 1, phoneNumber: "08031234567", amountKobo: 300_00 },
    { product: "airtime", plan: "", valueKobo: 300_00, target: { kind: "phone", number: "08031234567" } },
  ],
  [
    {
      product: "data",
      subcategoryId: 2,
      phoneNumber: "08031234567",
      plan: {
        plan: "MTN 1GB - 30 days",
        size: "1GB",
        amountKobo: 300_00,
        variationAmountKobo: 300_00,
        serviceId: "mtn-data",
        variationCode: "1gb",
      },
    },
    { plan: "MTN 1GB - 30 days", valueKobo: 300_00, target: { kind: "phone", number: "08031234567" } },
  ],
  [
    { product: "sms", subcategoryId: 3, recipients: ["08031234567"], sender: "Shop", message: "Hi", totalKobo: 2_48 },
    { plan: "", valueKobo: 2_48, target: { kind: "phone", number: "08031234567" } },
  ],
  [
    { product: "sms", subcategoryId: 3, recipients: ["0803", "0805"], sender: "Shop", message: "Hi", totalKobo: 4_96 },
    { target: { kind: "numbers", count: 2 } },
  ],
  [
    {
      product: "cable",
      subcategoryId: 4,
      providerTitle: "STARTIMES",
      smartNo: "1212121212",
      phone: "08031234567",
      planCode: "",
      planName: "",
      amountKobo: 1_000_00,
    },
    { plan: "STARTIMES", valueKobo: 1_000_00, target: { kind: "smart-card", number: "1212121212" } },
  ],
  [
    {
      product: "electricity",
      subcategoryId: 5,
      serviceId: "ikeja-electric",
      meterNo: "1111111111111",
      meterType: "prepaid",
      phone: "08031234567",
      amountKobo: 1_000_00,
    },
    { plan: "", target: { kind: "meter", number: "1111111111111" } },
  ],
  [
    {
      product: "exam",
      subcategoryId: 6,
      serviceId: "WAEC",
      variationCode: "waecdirect",
      profileId: "",
      phone: "08031234567",
      amountKobo: 3_500_00,
    },
    { plan: "WAEC", valueKobo: 3_500_00, target: { kind: "phone", number: "08031234567" } },
  ],
];

describe("orderFacts", () => {
  it.each(ORDERS)("%j", (order, expected) => {
    expect(orderFacts(order, "pending", 99_00)).toMatchObject({
      ...expected,
      product: order.product,
      status: "pending",
      chargedKobo: 99_00,
    });
  });
});
