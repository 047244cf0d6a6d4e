import { describe, expect, it } from "vitest";
import { invalidSmartCardMessage } from "./cable.ts";
import { demoAccounts } from "../seed/demo-accounts.ts";
import { phoneMessage } from "../http/input.ts";
import { logIn } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo, purchaseRowCount } from "../testing/books.ts";
import { freshBuyerEachTest, newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

freshBuyerEachTest(50_000_00, (fresh) => ({ test, buyer } = fresh));

// DStv Compact, ₦19,000 (seed/catalog.ts), for the card that verifies and buys at once.
const compact = {
  phone: "08011111111",
  code: "dstv-compact",
  service_type: "DSTV",
  smart_no: "1212121212",
  bouquet_name: "DStv Compact",
  amount: 19000,
  subscription_type: "renew",
  subcategory_id: 9,
};

function buy(body: unknown, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("POST", "/v1/purchase-cable/", { token, body });
}

function verify(path: string, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("GET", `/v1/validate-tv/${path}/`, { token });
}

describe("call 25: GET /v1/get-tv-packages/", () => {
  it("lists the cable providers, category 3, with the caller's discount", async () => {
    const answer = await test.call("GET", "/v1/get-tv-packages/", { token: buyer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({ id: 9, title: "DSTV", category_id: 3, amount: 1, products: [{ amount1: 1 }] }),
      expect.objectContaining({ id: 10, title: "GOTV", category_id: 3, amount: 1 }),
      expect.objectContaining({
        id: 11,
        title: "STARTIMES",
        category_id: 3,
        amount: 1,
        image: "/media/providers/startimes.svg",
      }),
    ]);
    const api = await logIn(test, "api@payvend.test", "Demo-pass-2026");
    expect((await test.call("GET", "/v1/get-tv-packages/", { token: api })).body).toContainEqual(
      expect.objectContaining({ id: 9, amount: 1.5 }),
    );
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/get-tv-packages/")).status).toBe(401);
  });
});

describe("call 26: GET /v1/validate-tv/{subcategory_id}/{provider_title}/{smart_no}/", () => {
  it.each([
    ["9/DSTV", "Adaeze Nwosu", "DStv Compact", 19000],
    ["10/gotv", "Adaeze Nwosu", "GOtv Max", 8500],
    ["11/StarTimes", "Adaeze Nwosu", "StarTimes Classic", 5500],
  ])(
    "verifies 1212121212 with %s: customer, current bouquet and its price",
    async (provider, name, bouquet, renewal) => {
      expect(await verify(`${provider}/1212121212`)).toMatchObject({
        status: 200,
        body: { data: { content: { Customer_Name: name, Current_Bouquet: bouquet, Renewal_Amount: renewal } } },
      });
    },
  );

  it.each([
    ["2222222222", "Chinedu Okafor"],
    ["3333333333", "Halima Yusuf"],
  ])("verifies the test card %s too, as %s", async (smartNo, name) => {
    const answer = await verify(`9/DSTV/${smartNo}`);
    expect(answer.body).toEqual({
      data: { content: { Customer_Name: name, Current_Bouquet: "DStv Compact", Renewal_Amount: 19000 } },
    });
  });

  it.each([
    ["an unknown card", "9/DSTV/4444444444", invalidSmartCardMessage],
    ["a card of letters", "9/DSTV/abcdefghij", invalidSmartCardMessage],
    [
      "a title that is not the provider's",
      "9/GOTV/1212121212",
      'The provider title "GOTV" does not match DSTV. Select the provider again.',
    ],
    [
      "an airtime provider",
      "1/MTN/1212121212",
      "That is not one of our cable TV providers. Select a provider from the list.",
    ],
    [
      "an unknown provider",
      "999/DSTV/1212121212",
      "That is not one of our cable TV providers. Select a provider from the list.",
    ],
    [
      "a provider id that is no number",
      "dstv/DSTV/1212121212",
      "That is not one of our cable TV providers. Select a provider from the list.",
    ],
  ])("answers %s with HTTP 200 and content.error", async (_, path, error) => {
    expect(await verify(path)).toMatchObject({ status: 200, body: { data: { content: { error } } } });
  });

  it("says so in words a customer understands", () => {
    expect(invalidSmartCardMessage).toBe("Invalid Smart Card Number. Please check the number and try again.");
  });
});

describe("call 27: GET /v1/get-tv-plan/{provider_title}/", () => {
  it("lists DStv's bouquets as {name, variation_code, variation_amount} in naira", async () => {
    const answer = await test.call("GET", "/v1/get-tv-plan/DSTV/", { token: buyer.token });
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual({
      data: [
        { name: "DStv Padi", variation_code: "dstv-padi", variation_amount: 4400 },
        { name: "DStv Yanga", variation_code: "dstv-yanga", variation_amount: 6000 },
        { name: "DStv Confam", variation_code: "dstv-confam", variation_amount: 11000 },
        { name: "DStv Compact", variation_code: "dstv-compact", variation_amount: 19000 },
        { name: "DStv Compact Plus", variation_code: "dstv-compact-plus", variation_amount: 30000 },
        { name: "DStv Premium", variation_code: "dstv-premium", variation_amount: 44500 },
      ],
    });
  });

  it.each([
    ["gotv", ["GOtv Smallie", "GOtv Jinja", "GOtv Jolli", "GOtv Max", "GOtv Supa"]],
    ["STARTIMES", ["StarTimes Nova", "StarTimes Basic", "StarTimes Smart", "StarTimes Classic", "StarTimes Super"]],
  ])("lists %s's plans, the title read without regard to case", async (title, names) => {
    const body = (await test.call("GET", `/v1/get-tv-plan/${title}/`, { token: buyer.token })).body as {
      data: { name: string }[];
    };
    expect(body.data.map((plan) => plan.name)).toEqual(names);
  });

  it.each(["MTN", "DSTV%20BOX", "IKEDC"])("answers 404 for %s, which is no cable provider", async (title) => {
    expect(await test.call("GET", `/v1/get-tv-plan/${title}/`, { token: buyer.token })).toMatchObject({
      status: 404,
      body: { status: 404, message: "Cable TV provider not found." },
    });
  });
});

describe("call 28: POST /v1/purchase-cable/", () => {
  it("renews the plan for a verified card, charging the price less the caller's discount", async () => {
    const answer = await buy(compact);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        status: 200,
        message: "DStv Compact renewed for smart card 1212121212. You were charged ₦18,810.00.",
        data: {
          plan: "DStv Compact",
          phone_number: "08011111111",
          smart_no: "1212121212",
          meter_no: "",
          token: "",
          exam_card: "",
          description: "DStv Compact renewed for smart card 1212121212",
          description2: "Customer: Adaeze Nwosu",
          response: "TRANSACTION SUCCESSFUL",
          subtotal: 19000,
          amount: 18810,
          initial_balance: 50000,
          new_balance: 31190,
          status: 1,
        },
      },
    });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(50_000_00 - 18_810_00);
    await expectBooksBalance(test, buyer);
  });

  it("calls a GOtv card an IUC, and decides nothing on bouquet_name", async () => {
    const answer = await buy({
      ...compact,
      subcategory_id: "10",
      service_type: "gotv",
      code: "gotv-max",
      amount: "8500",
      bouquet_name: "anything",
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: "GOtv Max renewed for IUC 1212121212. You were charged ₦8,415.00.",
        data: { plan: "GOtv Max", subtotal: 8500, amount: 8415 },
      },
    });
  });

  it("tops up StarTimes without a plan, from ₦100", async () => {
    const answer = await buy({
      ...compact,
      subcategory_id: 11,
      service_type: "STARTIMES",
      code: "",
      bouquet_name: "",
      amount: 100,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: "₦100.00 STARTIMES top-up for smart card 1212121212. You were charged ₦99.00.",
        data: {
          plan: "STARTIMES top-up",
          description: "₦100.00 STARTIMES top-up for smart card 1212121212",
          subtotal: 100,
          amount: 99,
        },
      },
    });
    await expectBooksBalance(test, buyer);
  });

  it("sells StarTimes plans by code as well", async () => {
    const answer = await buy({
      ...compact,
      subcategory_id: 11,
      service_type: "STARTIMES",
      code: "startimes-nova",
      amount: 1900,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { plan: "StarTimes Nova", subtotal: 1900, amount: 1881 } },
    });
  });

  it("charges each level its own discount", async () => {
    const charged: number[] = [];
    for (const account of demoAccounts) {
      const token = await logIn(test, account.email, account.password);
      const answer = await buy(
        { ...compact, subcategory_id: 10, service_type: "GOTV", code: "gotv-jinja", amount: 3900 },
        token,
      );
      expect(answer.status, account.email).toBe(200);
      charged.push(Number((answer.body as { data: { amount: number } }).data.amount));
    }
    // Cable: 1 %, 1.2 %, 1.4 % and 1.5 % for Normal, Agent, Reseller and API.
    expect(charged).toEqual([3861, 3853.2, 3845.4, 3841.5]);
  });

  const problems: readonly (readonly [string, Record<string, unknown>, string])[] = [
    ["no provider", { subcategory_id: undefined }, "Select a provider from the list."],
    [
      "an electricity provider",
      { subcategory_id: 12 },
      "That is not one of our cable TV providers. Select a provider from the list.",
    ],
    ["no provider title", { service_type: "" }, "The provider title does not match DSTV. Select the provider again."],
    [
      "another provider's title",
      { service_type: "GOTV" },
      'The provider title "GOTV" does not match DSTV. Select the provider again.',
    ],
    ["no smart card", { smart_no: "" }, "Smart/IUC number is required."],
    [
      "an unverified smart card",
      { smart_no: "4444444444" },
      'Smart card number "4444444444" could not be verified with DSTV. Please check the number and verify it again.',
    ],
    [
      "an unverified IUC",
      { subcategory_id: 10, service_type: "GOTV", smart_no: "5555555555" },
      'IUC number "5555555555" could not be verified with GOTV. Please check the number and verify it again.',
    ],
    [
      "no subscription type",
      { subscription_type: undefined },
      'Only renewals are sold: subscription_type must be "renew".',
    ],
    [
      "a change of bouquet",
      { subscription_type: "change" },
      'Only renewals are sold: subscription_type must be "renew".',
    ],
    ["no phone", { phone: "" }, "Phone number is required."],
    ["a 10-digit phone", { phone: "0801111111" }, phoneMessage],
    ["no plan for DStv", { code: "" }, "Select a plan from the list."],
    ["no plan for GOtv", { subcategory_id: 10, service_type: "GOTV", code: "" }, "Select a plan from the list."],
    ["another provider's plan", { code: "gotv-max" }, 'DSTV has no plan "gotv-max". Select a plan from the list.'],
    ["a plan code that is no text", { code: 42 }, "DSTV has no plan. Select a plan from the list."],
    ["no amount", { amount: undefined }, "Amount is required."],
    [
      "an amount that is no number",
      { amount: "lots" },
      "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50.",
    ],
    [
      "a price below the plan's",
      { amount: 18810 },
      "The price of this plan has changed: it is now ₦19,000.00. Please choose it again.",
    ],
    [
      "a StarTimes top-up below ₦100",
      { subcategory_id: 11, service_type: "STARTIMES", code: "", amount: 99.99 },
      "Amount can not be less than ₦100.00.",
    ],
    [
      "a StarTimes top-up above ₦50,000",
      { subcategory_id: 11, service_type: "STARTIMES", code: "", amount: 50_000.01 },
      "Amount can not be more than ₦50,000.00.",
    ],
  ];

  it.each(problems)("refuses %s with a 400 and moves no money", async (_, change, message) => {
    expect(await buy({ ...compact, ...change })).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(50_000_00);
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(0);
    await expectBooksBalance(test, buyer);
  });

  it("refuses a renewal the wallet cannot pay for", async () => {
    const poor = await newBuyer(test, 10_000_00, "poor@example.com");
    expect(await buy(compact, poor.token)).toMatchObject({
      status: 400,
      body: {
        message:
          "Insufficient wallet balance: you have ₦10,000.00 and this purchase costs ₦18,810.00. Please fund your wallet.",
      },
    });
    expect(purchaseRowCount(test.db, poor.userId)).toBe(0);
    await expectBooksBalance(test, poor);
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/purchase-cable/", { body: compact })).status).toBe(401);
  });
});
