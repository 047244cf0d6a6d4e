import { describe, expect, it } from "vitest";
import { orderRequest, type OrderRequest, type PurchaseOrder } from "./orders.ts";

// What the upstream is asked to buy: calls 19, 23 and 39 of docs/upstream-api.md, field for field. A
// wrong path or field name is a failed purchase; a wrong amount is money.

describe("orderRequest", () => {
  it.each<{ product: string; order: PurchaseOrder; request: OrderRequest; wire: string }>([
    {
      product: "airtime (call 19)",
      order: { product: "airtime", subcategoryId: 2, phoneNumber: "08031234567", amountKobo: 150_050 },
      request: {
        path: "/v1/purchase-airtime/",
        body: { subcategory_id: 2, phone_number: "08031234567", amount: 1500.5 },
      },
      wire: '{"subcategory_id":2,"phone_number":"08031234567","amount":1500.5}',
    },
    {
      product: "data (call 23)",
      order: {
        product: "data",
        subcategoryId: 1,
        phoneNumber: "07011112222",
        plan: {
          plan: "MTN 1.5GB (SME) - 30 days",
          size: "1.5GB",
          amountKobo: 29_250,
          variationAmountKobo: 30_000,
          serviceId: "mtn-data",
          variationCode: "mtn-1-5gb-30",
        },
      },
      request: {
        path: "/v1/purchase-data/",
        body: {
          size: "1.5GB",
          title: "MTN 1.5GB (SME) - 30 days",
          subcategory_id: 1,
          phone_number: "07011112222",
          amount: 292.5,
          variation_amount: 300,
          service_id: "mtn-data",
          variation_code: "mtn-1-5gb-30",
        },
      },
      wire:
        '{"size":"1.5GB","title":"MTN 1.5GB (SME) - 30 days","subcategory_id":1,"phone_number":"07011112222",' +
        '"amount":292.5,"variation_amount":300,"service_id":"mtn-data","variation_code":"mtn-1-5gb-30"}',
    },
    {
      product: "SMS (call 39)",
      order: {
        product: "sms",
        subcategoryId: 11,
        recipients: ["08031234567", "2348122223333", "09099998888"],
        sender: "Payvend",
        message: "Meeting at 3pm.\nBring your ID.",
        totalKobo: 1_197,
      },
      request: {
        path: "/v1/send-sms/",
        body: {
          subcategory_id: 11,
          phone: "08031234567,2348122223333,09099998888",
          sender: "Payvend",
          message: "Meeting at 3pm.\nBring your ID.",
          amount: 11.97,
        },
      },
      wire:
        '{"subcategory_id":11,"phone":"08031234567,2348122223333,09099998888","sender":"Payvend",' +
        '"message":"Meeting at 3pm.\\nBring your ID.","amount":11.97}',
    },
  ])("sends $product to the upstream's path with its exact body", ({ order, request, wire }) => {
    const made = orderRequest(order);
    expect(made).toStrictEqual(request);
    expect(JSON.stringify(made.body)).toBe(wire);
  });

  it("charges a data plan at its price before discount and passes the provider's face price on unchanged", () => {
    // docs/upstream-api.md, DataPlan: `amount` is the purchase's amount; the upstream
    // applies the caller's discount itself, so sending a discounted price would discount twice.
    const { body } = orderRequest({
      product: "data",
      subcategoryId: 1,
      phoneNumber: "08031234567",
      plan: {
        plan: "Airtel 10GB - 30 days",
        size: "10GB",
        amountKobo: 300_000,
        variationAmountKobo: 299_999,
        serviceId: "airtel-data",
        variationCode: "airtel-10gb",
      },
    });
    expect(body.amount).toBe(3000);
    expect(body.variation_amount).toBe(2999.99);
    expect(body.title).toBe("Airtel 10GB - 30 days");
    expect(body.size).toBe("10GB");
  });

  it("sends one SMS recipient without a trailing comma", () => {
    const { body } = orderRequest({
      product: "sms",
      subcategoryId: 11,
      recipients: ["08031234567"],
      sender: "Payvend",
      message: "Hi",
      totalKobo: 250,
    });
    expect(body.phone).toBe("08031234567");
    expect(body.amount).toBe(2.5);
  });
});
