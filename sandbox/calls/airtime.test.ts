import { describe, expect, it } from "vitest";
import { demoAccounts } from "../seed/demo-accounts.ts";
import { phoneMessage } from "../http/input.ts";
import { logIn } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { freshBuyerEachTest, newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

const wireTransactionKeys = [
  "amount",
  "created_at",
  "description",
  "description2",
  "exam_card",
  "id",
  "initial_balance",
  "meter_no",
  "new_balance",
  "phone_number",
  "plan",
  "response",
  "smart_no",
  "status",
  "subtotal",
  "token",
  "transaction_ref",
];

freshBuyerEachTest(10_000_00, (fresh) => ({ test, buyer } = fresh));

function buy(body: unknown, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("POST", "/v1/purchase-airtime/", { token, body });
}

describe("call 17: GET /v1/get-airtime-packages/", () => {
  it("lists the airtime providers with the caller's discount", async () => {
    const answer = await test.call("GET", "/v1/get-airtime-packages/", { token: buyer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({ id: 1, title: "MTN", category_id: 2, amount: 2, products: [{ amount1: 2 }] }),
      expect.objectContaining({ id: 2, title: "Airtel", category_id: 2, amount: 2.5 }),
      expect.objectContaining({ id: 3, title: "Glo", category_id: 2, amount: 4 }),
      expect.objectContaining({ id: 4, title: "9mobile", category_id: 2, amount: 3.5 }),
    ]);
    const reseller = await logIn(test, "reseller@payvend.test", "Demo-pass-2026");
    const forReseller = (await test.call("GET", "/v1/get-airtime-packages/", { token: reseller })).body;
    expect(forReseller).toContainEqual(expect.objectContaining({ id: 1, amount: 3 }));
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/get-airtime-packages/")).status).toBe(401);
  });
});

describe("call 18: GET /v1/get-airtime-plans/{subcategory_id}/", () => {
  it("answers one element with the caller's discount percent", async () => {
    const answer = await test.call("GET", "/v1/get-airtime-plans/3/", { token: buyer.token });
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual([
      {
        id: 3,
        title: "Glo",
        amount: 4,
        image: "/media/providers/glo.svg",
        description: "Instant Glo airtime for any Glo line.",
      },
    ]);
  });

  it.each(["999", "5", "40", "0", "abc", "1.5"])("answers 404 for %s, which is no airtime provider", async (id) => {
    expect(await test.call("GET", `/v1/get-airtime-plans/${id}/`, { token: buyer.token })).toMatchObject({
      status: 404,
      body: { status: 404, message: "Airtime provider not found." },
    });
  });
});

describe("call 19: POST /v1/purchase-airtime/", () => {
  it("delivers to any valid number, charging the discounted amount and recording the row", async () => {
    const answer = await buy({ subcategory_id: 1, phone_number: "08011111111", amount: 500 });
    expect(answer.status).toBe(200);
    const body = answer.body as { status: number; message: string; data: Record<string, unknown> };
    expect(body.status).toBe(200);
    expect(body.message).toBe("MTN airtime of ₦500.00 sent to 08011111111. You were charged ₦490.00.");
    expect(Object.keys(body.data).sort()).toEqual(wireTransactionKeys);
    expect(body.data).toMatchObject({
      plan: "MTN Airtime",
      phone_number: "08011111111",
      description: "₦500.00 MTN airtime to 08011111111",
      description2: "",
      response: "TRANSACTION SUCCESSFUL",
      subtotal: 500,
      amount: 490,
      initial_balance: 10000,
      new_balance: 9510,
      status: 1,
      created_at: "2026-03-02T10:00:00.000+01:00",
    });
    expect(String(body.data["transaction_ref"])).toMatch(/^PV20260302[A-Z2-9]{10}$/);
    const listed = await test.call("GET", `/v1/get-transactions/${String(body.data["id"])}`, { token: buyer.token });
    expect(listed.body).toEqual([body.data]);
    await expectBooksBalance(test, buyer);
  });

  it.each([
    [500, 490_00],
    ["500", 490_00],
    ["500.50", 490_49],
    [100, 98_00],
    [123.45, 120_98],
  ])(
    "takes %j naira as a number or numeric string and charges %i kobo (half a kobo rounds up)",
    async (amount, charged) => {
      const answer = await buy({ subcategory_id: "1", phone_number: "08011111111", amount });
      expect(answer.status).toBe(200);
      expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00 - charged);
      await expectBooksBalance(test, buyer);
    },
  );

  it("charges each level its own discount for the same airtime", async () => {
    const charged: number[] = [];
    for (const account of demoAccounts) {
      const token = await logIn(test, account.email, account.password);
      const answer = await buy({ subcategory_id: 1, phone_number: "08011111111", amount: 1000 }, token);
      expect(answer.status, account.email).toBe(200);
      charged.push(Number((answer.body as { data: { amount: number } }).data.amount));
    }
    // MTN: 2 %, 2.5 %, 3 % and 3.5 % for Normal, Agent, Reseller and API.
    expect(charged).toEqual([980, 975, 970, 965]);
  });

  const problems: readonly (readonly [string, unknown, string])[] = [
    ["no provider", { phone_number: "08011111111", amount: 500 }, "Select a provider from the list."],
    [
      "an unknown provider",
      { subcategory_id: 999, phone_number: "08011111111", amount: 500 },
      "That is not one of our airtime providers. Select a provider from the list.",
    ],
    [
      "a data provider",
      { subcategory_id: 5, phone_number: "08011111111", amount: 500 },
      "That is not one of our airtime providers. Select a provider from the list.",
    ],
    [
      "a provider id that is no number",
      { subcategory_id: "mtn", phone_number: "08011111111", amount: 500 },
      "That is not one of our airtime providers. Select a provider from the list.",
    ],
    ["no phone", { subcategory_id: 1, amount: 500 }, "Phone number is required."],
    ["a 10-digit phone", { subcategory_id: 1, phone_number: "0801111111", amount: 500 }, phoneMessage],
    ["a 12-digit phone", { subcategory_id: 1, phone_number: "080111111111", amount: 500 }, phoneMessage],
    ["a phone with a letter", { subcategory_id: 1, phone_number: "0801111111O", amount: 500 }, phoneMessage],
    ["a phone sent as a number", { subcategory_id: 1, phone_number: 8011111111, amount: 500 }, phoneMessage],
    ["no amount", { subcategory_id: 1, phone_number: "08011111111" }, "Amount is required."],
    [
      "an amount below ₦100",
      { subcategory_id: 1, phone_number: "08011111111", amount: 99.99 },
      "Amount can not be less than ₦100.00.",
    ],
    [
      "an amount above ₦50,000",
      { subcategory_id: 1, phone_number: "08011111111", amount: 50_000.01 },
      "Amount can not be more than ₦50,000.00.",
    ],
    [
      "three decimals",
      { subcategory_id: 1, phone_number: "08011111111", amount: "100.001" },
      "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50.",
    ],
    [
      "a negative amount",
      { subcategory_id: 1, phone_number: "08011111111", amount: -500 },
      "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50.",
    ],
    [
      "an amount that is no number",
      { subcategory_id: 1, phone_number: "08011111111", amount: "five hundred" },
      "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50.",
    ],
    ["a body that is not JSON", "{", "The request body is not valid JSON."],
  ];

  it.each(problems)("refuses %s with a 400 and moves no money", async (_, body, message) => {
    expect(await buy(body)).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00);
    await expectBooksBalance(test, buyer);
  });

  it("refuses a purchase the wallet cannot pay for, naming both figures, and debits nothing", async () => {
    const poor = await newBuyer(test, 1_000_00, "poor@example.com");
    const answer = await buy({ subcategory_id: 1, phone_number: "08011111111", amount: 2000 }, poor.token);
    expect(answer).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          status: 400,
          message:
            "Insufficient wallet balance: you have ₦1,000.00 and this purchase costs ₦1,960.00. Please fund your wallet.",
        },
      }),
    );
    expect(
      test.db
        .prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND product <> 'funding'")
        .get(poor.userId)?.["n"],
    ).toBe(0);
    await expectBooksBalance(test, poor);
  });

  it("spends the wallet to the last kobo, and not one kobo more", async () => {
    const exact = await newBuyer(test, 98_00, "exact@example.com");
    expect((await buy({ subcategory_id: 1, phone_number: "08011111111", amount: 100 }, exact.token)).status).toBe(200);
    expect((await buy({ subcategory_id: 1, phone_number: "08011111111", amount: 100 }, exact.token)).status).toBe(400);
    expect(ledgerSumKobo(test.db, exact.userId)).toBe(0);
    await expectBooksBalance(test, exact);
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/purchase-airtime/", { body: {} })).status).toBe(401);
  });
});
