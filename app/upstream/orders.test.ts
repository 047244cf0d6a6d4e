import { describe, expect, it } from "vitest";
import { parseNairaToKobo } from "../domain/money.ts";
import { nairaOnWire, orderRequest, type OrderRequest, type PurchaseOrder } from "./orders.ts";

// What the upstream is asked to buy: CONTRACT.md calls 19, 23 and 39, field for field. A
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
  ])("sends $product to CONTRACT.md's path with its exact body", ({ order, request, wire }) => {
    const made = orderRequest(order);
    expect(made).toStrictEqual(request);
    expect(JSON.stringify(made.body)).toBe(wire);
  });

  it("charges a data plan at its price before discount and passes the provider's face price on unchanged", () => {
    // CONTRACT.md "Field meanings": DataPlan.amount is the purchase's amount; the upstream
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

describe("nairaOnWire", () => {
  /** The wire text of a naira amount, read back into kobo the way the upstream would. */
  function roundTrip(kobo: number): { text: string; kobo: number | null } {
    const text = String(nairaOnWire(kobo));
    return { text, kobo: parseNairaToKobo(text) };
  }

  it.each([
    [0, "0"],
    [1, "0.01"],
    [10, "0.1"],
    [99, "0.99"],
    [100, "1"],
    [150, "1.5"],
    [10_000, "100"],
    [123_456_789, "1234567.89"],
    [900_719_925_474_099, "9007199254740.99"],
  ])("%i kobo goes on the wire as %s naira and reads back exactly", (kobo, text) => {
    expect(roundTrip(kobo)).toEqual({ text, kobo });
    expect(JSON.stringify({ amount: nairaOnWire(kobo) })).toBe(`{"amount":${text}}`);
  });

  it("writes every amount up to ₦1,000 with at most 2 decimals, readable back to the same kobo", () => {
    const wrong: number[] = [];
    for (let kobo = 0; kobo <= 100_000; kobo++) {
      const { text, kobo: back } = roundTrip(kobo);
      if (!/^\d+(\.\d{1,2})?$/.test(text) || back !== kobo) wrong.push(kobo);
    }
    expect(wrong).toEqual([]);
  });

  it("stays exact for large amounts spread across the range a wallet could ever hold", () => {
    const wrong: number[] = [];
    // A fixed linear congruential sequence: the same spread of values on every run.
    let seed = 20_250_101n;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 6_364_136_223_846_793_005n + 1_442_695_040_888_963_407n) % 2n ** 64n;
      const kobo = Number(seed % 1_000_000_000_000_000n);
      const { text, kobo: back } = roundTrip(kobo);
      if (!/^\d+(\.\d{1,2})?$/.test(text) || back !== kobo) wrong.push(kobo);
    }
    expect(wrong).toEqual([]);
  });
});
