import { describe, expect, it } from "vitest";
import { phoneMessage } from "../http/input.ts";
import { logIn } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { freshBuyerEachTest, mtn1gbPlan, newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

freshBuyerEachTest(10_000_00, (fresh) => ({ test, buyer } = fresh));

function buy(body: unknown, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("POST", "/v1/purchase-data/", { token, body });
}

describe("call 21: GET /v1/get-data-packages/", () => {
  it("lists every data provider, the gifting ones (55 to 59) included, with the caller's discount", async () => {
    const answer = await test.call("GET", "/v1/get-data-packages/", { token: buyer.token });
    expect(answer.status).toBe(200);
    const list = answer.body as { id: number; category_id: number; amount: number }[];
    expect(list.map((item) => item.id)).toEqual([5, 6, 7, 8, 55, 56, 57, 58, 59]);
    expect(list.every((item) => item.category_id === 1)).toBe(true);
    expect(list[0]).toMatchObject({
      id: 5,
      amount: 1,
      products: expect.arrayContaining([{ plan: "1GB - 30 days", amount1: 970 }]),
    });
  });
});

describe("call 22: GET /v1/get-data-plans/{subcategory_id}/", () => {
  it("answers one element with the plans in naira and the caller's discount percent", async () => {
    const answer = await test.call("GET", "/v1/get-data-plans/5/", { token: buyer.token });
    expect(answer.status).toBe(200);
    const body = answer.body as {
      plans: Record<string, unknown>[];
      amount: number;
      image: string;
      description: string;
    }[];
    expect(body).toHaveLength(1);
    const [first] = body;
    expect(Object.keys(first ?? {}).sort()).toEqual(["amount", "description", "image", "plans"]);
    expect(first).toMatchObject({
      amount: 1,
      image: "/media/providers/mtn.svg",
      description: expect.stringMatching(/MTN/),
    });
    expect(first?.plans).toHaveLength(8);
    expect(first?.plans[2]).toEqual({
      plan: "MTN 1GB - 30 days",
      amount: 970,
      size: "1GB",
      variation_amount: 1000,
      service_id: "mtn-data",
      variation_code: "mtn-1gb-30",
    });
    for (const plan of first?.plans ?? []) {
      expect(Object.keys(plan).sort()).toEqual([
        "amount",
        "plan",
        "service_id",
        "size",
        "variation_amount",
        "variation_code",
      ]);
    }
  });

  it("shows the gifting providers' plans too, and a higher level's discount", async () => {
    const api = await logIn(test, "api@payvend.test", "Demo-pass-2026");
    const answer = await test.call("GET", "/v1/get-data-plans/55/", { token: api });
    expect(answer.body).toMatchObject([
      {
        amount: 4.5,
        plans: expect.arrayContaining([expect.objectContaining({ plan: "MTN SME 1GB - 30 days", amount: 580 })]),
      },
    ]);
  });

  it.each(["999", "1", "40", "abc"])("answers 404 for %s, which is no data provider", async (id) => {
    expect(await test.call("GET", `/v1/get-data-plans/${id}/`, { token: buyer.token })).toMatchObject({
      status: 404,
      body: { status: 404, message: "Data provider not found." },
    });
  });
});

describe("call 23: POST /v1/purchase-data/", () => {
  it("prices the plan from the catalog and charges it less the caller's discount", async () => {
    const answer = await buy(mtn1gbPlan);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 200,
      message: "MTN 1GB - 30 days data bundle sent to 08011111111. You were charged ₦960.30.",
      data: {
        plan: "1GB - 30 days",
        phone_number: "08011111111",
        description: "MTN 1GB - 30 days data bundle to 08011111111",
        subtotal: 970,
        amount: 960.3,
        status: 1,
        response: "TRANSACTION SUCCESSFUL",
      },
    });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00 - 960_30);
    await expectBooksBalance(test, buyer);
  });

  it("decides nothing on the fields that only travel along", async () => {
    const answer = await buy({
      ...mtn1gbPlan,
      size: "50GB",
      title: "anything",
      variation_amount: 1,
      service_id: "other",
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { plan: "1GB - 30 days", subtotal: 970, amount: 960.3 } },
    });
  });

  const problems: readonly (readonly [string, Record<string, unknown>, string])[] = [
    ["no provider", { subcategory_id: undefined }, "Select a provider from the list."],
    [
      "an airtime provider",
      { subcategory_id: 1 },
      "That is not one of our data providers. Select a provider from the list.",
    ],
    ["a bad phone", { phone_number: "0801111111" }, phoneMessage],
    ["no plan", { variation_code: "" }, "Select a data plan from the list."],
    [
      "another provider's plan",
      { variation_code: "airtel-2gb-30" },
      'MTN has no data plan "airtel-2gb-30". Select a plan from the list.',
    ],
    [
      "an unknown plan",
      { variation_code: "mtn-100gb-30" },
      'MTN has no data plan "mtn-100gb-30". Select a plan from the list.',
    ],
    ["no amount", { amount: undefined }, "Amount is required."],
    [
      "a price below the plan's",
      { amount: 10 },
      "The price of this plan has changed: it is now ₦970.00. Please choose it again.",
    ],
    [
      "the face price instead of the price",
      { amount: 1000 },
      "The price of this plan has changed: it is now ₦970.00. Please choose it again.",
    ],
  ];

  it.each(problems)("refuses %s with a 400 and moves no money", async (_, change, message) => {
    expect(await buy({ ...mtn1gbPlan, ...change })).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00);
    await expectBooksBalance(test, buyer);
  });

  it("refuses a plan the wallet cannot pay for", async () => {
    const poor = await newBuyer(test, 500_00, "poor@example.com");
    expect(await buy(mtn1gbPlan, poor.token)).toMatchObject({
      status: 400,
      body: {
        message:
          "Insufficient wallet balance: you have ₦500.00 and this purchase costs ₦960.30. Please fund your wallet.",
      },
    });
    await expectBooksBalance(test, poor);
  });
});
