import { describe, expect, it } from "vitest";
import { invalidMeterMessage, meterTypeMessage } from "./electricity.ts";
import { demoAccounts } from "../seed/demo-accounts.ts";
import { phoneMessage } from "../http/input.ts";
import { electricityServiceId, subcategorySeeds } from "../seed/catalog.ts";
import { logIn } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo, purchaseRowCount } from "../testing/books.ts";
import { freshBuyerEachTest, newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

// The part of the title after the dash, its first two words joined by a hyphen,
// case kept. One row per seeded disco, so a disco added to the catalog must be added here.
const serviceIds: readonly (readonly [number, string, string])[] = [
  [12, "IKEDC - Ikeja Electric", "Ikeja-Electric"],
  [13, "EKEDC - Eko Electric", "Eko-Electric"],
  [14, "AEDC - Abuja Electric", "Abuja-Electric"],
  [15, "KEDCO - Kano Electric", "Kano-Electric"],
  [16, "PHED - Port Harcourt Electric", "Port-Harcourt"],
  [17, "IBEDC - Ibadan Electric", "Ibadan-Electric"],
  [18, "KAEDCO - Kaduna Electric", "Kaduna-Electric"],
  [19, "JED - Jos Electric", "Jos-Electric"],
  [20, "EEDC - Enugu Electric", "Enugu-Electric"],
  [21, "BEDC - Benin Electric", "Benin-Electric"],
  [22, "YEDC - Yola Electric", "Yola-Electric"],
];

describe("the electricity service_id rule", () => {
  it("covers every seeded disco", () => {
    const seeded = subcategorySeeds
      .filter((seed) => seed.categoryId === 4)
      .map((seed) => [seed.id, seed.title, seed.serviceId]);
    expect(seeded).toEqual(serviceIds);
  });

  it.each(serviceIds)("derives the service ID of %i %s as %s", (_, title, serviceId) => {
    expect(electricityServiceId(title)).toBe(serviceId);
  });
});

let test: TestSandbox;
let buyer: Buyer;

freshBuyerEachTest(50_000_00, (fresh) => ({ test, buyer } = fresh));

// ₦5,000 for the prepaid test meter on IKEDC (0.5 % off for Normal).
const prepaid = {
  subcategory_id: 12,
  phone: "08011111111",
  billersCode: "1111111111111",
  variation_code: "prepaid",
  service_id: "Ikeja-Electric",
  amount: 5000,
};

function buy(body: unknown, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("POST", "/v1/purchase-electricity/", { token, body });
}

function verify(path: string, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("GET", `/v1/validate-electricity/${path}/`, { token });
}

describe("call 29: GET /v1/get-electricity-packages/", () => {
  it("lists the eleven discos, category 4, with the caller's discount", async () => {
    const answer = await test.call("GET", "/v1/get-electricity-packages/", { token: buyer.token });
    expect(answer.status).toBe(200);
    const list = answer.body as { id: number; title: string; category_id: number; amount: number }[];
    expect(list.map((item) => [item.id, item.title])).toEqual(serviceIds.map(([id, title]) => [id, title]));
    expect(list.every((item) => item.category_id === 4 && item.amount === 0.5)).toBe(true);
    const agent = await logIn(test, "agent@payvend.test", "Demo-pass-2026");
    expect((await test.call("GET", "/v1/get-electricity-packages/", { token: agent })).body).toContainEqual(
      expect.objectContaining({ id: 12, amount: 0.8, products: [{ amount1: 0.8 }] }),
    );
  });
});

describe("call 30: GET /v1/validate-electricity/{subcategory_id}/{service_id}/{meter_no}/{meter_type}/", () => {
  it.each(serviceIds)("verifies the prepaid test meter at %i %s with %s, in any case", async (id, _, serviceId) => {
    for (const sent of [serviceId, serviceId.toLowerCase(), serviceId.toUpperCase()]) {
      const answer = await verify(`${id}/${sent}/1111111111111/prepaid`);
      expect(answer.body, sent).toMatchObject({
        data: { content: { Customer_Name: "Tunde Bakare", Address: expect.stringMatching(/^14 /) } },
      });
    }
  });

  it.each([
    ["1111111111111", "prepaid", "Tunde Bakare", "14 Allen Avenue, Ikeja"],
    ["1010101010101", "postpaid", "Ngozi Eze", "7 Allen Avenue, Ikeja"],
    ["2222222222222", "prepaid", "Emeka Okonkwo", "22 Allen Avenue, Ikeja"],
    ["3333333333333", "Prepaid", "Funmilayo Adeyemi", "3 Allen Avenue, Ikeja"],
  ])("verifies meter %s as %s: %s at %s", async (meterNo, meterType, name, address) => {
    expect(await verify(`12/Ikeja-Electric/${meterNo}/${meterType}`)).toEqual(
      expect.objectContaining({ status: 200, body: { data: { content: { Customer_Name: name, Address: address } } } }),
    );
  });

  it("gives an address in the disco's own area", async () => {
    expect(await verify("15/Kano-Electric/1111111111111/prepaid")).toMatchObject({
      body: { data: { content: { Address: "14 Zoo Road, Kano" } } },
    });
  });

  it.each([
    [
      "a prepaid meter as postpaid",
      "12/Ikeja-Electric/1111111111111/postpaid",
      "This is a prepaid meter. Choose Prepaid as the meter type and verify again.",
    ],
    [
      "a postpaid meter as prepaid",
      "12/Ikeja-Electric/1010101010101/prepaid",
      "This is a postpaid meter. Choose Postpaid as the meter type and verify again.",
    ],
    ["an unknown meter", "12/Ikeja-Electric/4444444444444/prepaid", invalidMeterMessage],
    ["a meter of letters", "12/Ikeja-Electric/abc/prepaid", invalidMeterMessage],
    ["an unknown meter type", "12/Ikeja-Electric/1111111111111/smart", meterTypeMessage],
    [
      "another disco's service ID",
      "12/Eko-Electric/1111111111111/prepaid",
      'The service ID "Eko-Electric" does not match IKEDC - Ikeja Electric, whose service ID is Ikeja-Electric. Select the provider again.',
    ],
    [
      "the key for a service ID",
      "12/ikedc/1111111111111/prepaid",
      'The service ID "ikedc" does not match IKEDC - Ikeja Electric, whose service ID is Ikeja-Electric. Select the provider again.',
    ],
    [
      "a cable provider",
      "9/Ikeja-Electric/1111111111111/prepaid",
      "That is not one of our electricity providers. Select a provider from the list.",
    ],
    [
      "an unknown provider",
      "99/Ikeja-Electric/1111111111111/prepaid",
      "That is not one of our electricity providers. Select a provider from the list.",
    ],
  ])("answers %s with HTTP 200 and content.error", async (_, path, error) => {
    expect(await verify(path)).toMatchObject({ status: 200, body: { data: { content: { error } } } });
  });

  it("words its errors for a customer", () => {
    expect(invalidMeterMessage).toBe("Invalid Meter Number. Please check the number and try again.");
    expect(meterTypeMessage).toBe("Select a meter type to continue: prepaid or postpaid.");
  });
});

describe("call 31: POST /v1/purchase-electricity/", () => {
  it("sells a prepaid token: 20 digits in fours, in token and after the description's only colon", async () => {
    const answer = await buy(prepaid);
    expect(answer.status).toBe(200);
    const body = answer.body as { status: number; message: string; data: Record<string, unknown> };
    const token = String(body.data["token"]);
    expect(token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
    expect(body).toMatchObject({
      status: 200,
      message: `IKEDC prepaid token for meter 1111111111111: ${token}. You were charged ₦4,975.00.`,
      data: {
        plan: "Prepaid",
        phone_number: "08011111111",
        meter_no: "1111111111111",
        smart_no: "",
        exam_card: "",
        description: `IKEDC prepaid token: ${token}`,
        description2: "23.9 kWh for Tunde Bakare, 14 Allen Avenue, Ikeja",
        response: "TRANSACTION SUCCESSFUL",
        subtotal: 5000,
        amount: 4975,
        status: 1,
      },
    });
    const description = String(body.data["description"]);
    expect(description.split(":")).toHaveLength(2);
    expect(description.slice(description.indexOf(":") + 1).trim()).toBe(token);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(50_000_00 - 4_975_00);
    await expectBooksBalance(test, buyer);
  });

  it("draws a new token for every purchase", async () => {
    const tokens = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      tokens.add(String(((await buy(prepaid)).body as { data: { token: string } }).data.token));
    }
    expect(tokens.size).toBe(5);
  });

  it("pays a postpaid bill with no token and no colon", async () => {
    const answer = await buy({ ...prepaid, billersCode: "1010101010101", variation_code: "postpaid" });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: "IKEDC postpaid payment of ₦5,000.00 for meter 1010101010101 received. You were charged ₦4,975.00.",
        data: {
          plan: "Postpaid",
          token: "",
          description: "IKEDC postpaid payment of ₦5,000.00 for meter 1010101010101",
          description2: "Customer Ngozi Eze, 7 Allen Avenue, Ikeja",
        },
      },
    });
    expect(String((answer.body as { data: { description: string } }).data.description)).not.toContain(":");
  });

  it("takes the service ID in any case and the meter type in any case", async () => {
    const answer = await buy({
      ...prepaid,
      subcategory_id: "16",
      service_id: "port-harcourt",
      variation_code: "PREPAID",
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { description: expect.stringMatching(/^PHED prepaid token: /) } },
    });
  });

  it("charges each level its own discount, half a kobo rounding up", async () => {
    const charged: number[] = [];
    for (const account of demoAccounts) {
      const token = await logIn(test, account.email, account.password);
      const answer = await buy({ ...prepaid, amount: 501 }, token);
      expect(answer.status, account.email).toBe(200);
      charged.push(Number((answer.body as { data: { amount: number } }).data.amount));
    }
    // 0.5 %, 0.8 %, 1.1 % and 1.5 % of ₦501: 498.495 rounds up to 498.50.
    expect(charged).toEqual([498.5, 496.99, 495.49, 493.49]);
  });

  const problems: readonly (readonly [string, Record<string, unknown>, string])[] = [
    ["no provider", { subcategory_id: "" }, "Select a provider from the list."],
    [
      "an exam provider",
      { subcategory_id: 30 },
      "That is not one of our electricity providers. Select a provider from the list.",
    ],
    [
      "no service ID",
      { service_id: undefined },
      "The service ID does not match IKEDC - Ikeja Electric, whose service ID is Ikeja-Electric. Select the provider again.",
    ],
    [
      "another disco's service ID",
      { service_id: "Eko-Electric" },
      'The service ID "Eko-Electric" does not match IKEDC - Ikeja Electric, whose service ID is Ikeja-Electric. Select the provider again.',
    ],
    ["no meter type", { variation_code: "" }, meterTypeMessage],
    ["an unknown meter type", { variation_code: "smart" }, meterTypeMessage],
    ["no meter", { billersCode: "" }, "Meter Number is required."],
    [
      "an unverified meter",
      { billersCode: "4444444444444" },
      'Meter number "4444444444444" could not be verified as a prepaid meter with IKEDC. Please check the number and meter type, and verify again.',
    ],
    [
      "a postpaid meter sold as prepaid",
      { billersCode: "1010101010101" },
      'Meter number "1010101010101" could not be verified as a prepaid meter with IKEDC. Please check the number and meter type, and verify again.',
    ],
    [
      "a prepaid meter sold as postpaid",
      { variation_code: "postpaid" },
      'Meter number "1111111111111" could not be verified as a postpaid meter with IKEDC. Please check the number and meter type, and verify again.',
    ],
    ["no phone", { phone: undefined }, "Phone number is required."],
    ["a phone with a letter", { phone: "0801111111O" }, phoneMessage],
    ["no amount", { amount: "" }, "Amount is required."],
    ["three decimals", { amount: "500.001" }, "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50."],
    ["an amount below ₦500", { amount: 499.99 }, "Amount can not be less than ₦500.00."],
    ["an amount above ₦500,000", { amount: 500_000.01 }, "Amount can not be more than ₦500,000.00."],
  ];

  it.each(problems)("refuses %s with a 400 and moves no money", async (_, change, message) => {
    expect(await buy({ ...prepaid, ...change })).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(50_000_00);
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(0);
    await expectBooksBalance(test, buyer);
  });

  it("refuses electricity the wallet cannot pay for", async () => {
    const poor = await newBuyer(test, 1_000_00, "poor@example.com");
    expect(await buy(prepaid, poor.token)).toMatchObject({
      status: 400,
      body: {
        message:
          "Insufficient wallet balance: you have ₦1,000.00 and this purchase costs ₦4,975.00. Please fund your wallet.",
      },
    });
    expect(purchaseRowCount(test.db, poor.userId)).toBe(0);
    await expectBooksBalance(test, poor);
  });
});
