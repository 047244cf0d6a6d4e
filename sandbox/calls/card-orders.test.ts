import { describe, expect, it } from "vitest";
import { cardDeclinedResponse, fulfilCardOrder } from "../purchases/card-orders.ts";
import { phoneMessage } from "../http/input.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { decideGatewayPayment, gatewayPaymentBody, startGatewayPayment } from "../testing/gateway.ts";
import { freshBuyerEachTest, mtn1gbPlan } from "../testing/wallet.ts";
import type { Answer, TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

const openingKobo = 2_000_00;

freshBuyerEachTest(openingKobo, (fresh) => ({ test, buyer } = fresh));

function airtime(phone: string, amount = 500): Record<string, unknown> {
  return { subcategory_id: 1, phone_number: phone, amount };
}

function order(path: "airtime" | "data", body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return test.call("POST", `/v1/initiate-order-${path}/`, { token: buyer.token, body, headers });
}

async function transRefOf(answer: Promise<Answer>): Promise<string> {
  const { status, body } = await answer;
  expect(status).toBe(200);
  const ref = (body as { trans_ref?: unknown }).trans_ref;
  expect(typeof ref).toBe("string");
  return String(ref);
}

// The portal's next two steps: a gateway payment under the order's reference, and the
// tester's decision on the checkout page.
async function payAtGateway(transRef: string, amount: number, decision = "pay"): Promise<void> {
  const started = await startGatewayPayment(test, {
    ...gatewayPaymentBody(transRef, amount, buyer.email),
    description: "MTN Airtime",
  });
  expect(started.status).toBe(200);
  expect((await decideGatewayPayment(test, transRef, decision)).status).toBe(303);
}

function rowsOf(transRef: string): Record<string, unknown>[] {
  return test.db
    .prepare(
      `SELECT transaction_ref, product, plan, phone_number, description, response, subtotal_kobo, amount_kobo,
         initial_balance_kobo, new_balance_kobo, status, paid_by FROM transactions WHERE transaction_ref = ?`,
    )
    .all(transRef)
    .map((row) => ({ ...row }));
}

function ledgerRowsOf(transRef: string): number {
  return Number(test.db.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE reference = ?").get(transRef)?.["n"]);
}

describe("call 20: POST /v1/initiate-order-airtime/", () => {
  it("answers a fresh trans_ref, stores the order and debits nothing", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08011111111")));
    expect(transRef).toMatch(/^PV20260302[A-Z2-9]{10}$/);
    const stored = test.db
      .prepare(
        "SELECT user_id, product, subcategory_id, face_kobo, charge_kobo, request_body, transaction_id FROM card_orders WHERE trans_ref = ?",
      )
      .get(transRef);
    expect({ ...stored }).toEqual({
      user_id: buyer.userId,
      product: "airtime",
      subcategory_id: 1,
      face_kobo: 500_00,
      charge_kobo: 490_00,
      request_body: JSON.stringify(airtime("08011111111")),
      transaction_id: null,
    });
    expect(rowsOf(transRef)).toEqual([]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo);
    await expectBooksBalance(test, buyer);
  });

  it("orders airtime the wallet could not pay for, since the card pays", async () => {
    expect((await order("airtime", airtime("08011111111", 50_000))).status).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ["no provider", { phone_number: "08011111111", amount: 500 }, "Select a provider from the list."],
    [
      "a data provider",
      { subcategory_id: 5, phone_number: "08011111111", amount: 500 },
      "That is not one of our airtime providers. Select a provider from the list.",
    ],
    ["no phone", { subcategory_id: 1, amount: 500 }, "Phone number is required."],
    ["a 10-digit phone", airtime("0801111111"), phoneMessage],
    ["no amount", { subcategory_id: 1, phone_number: "08011111111" }, "Amount is required."],
    ["an amount below ₦100", airtime("08011111111", 99.99), "Amount can not be less than ₦100.00."],
    ["an amount above ₦50,000", airtime("08011111111", 50_000.01), "Amount can not be more than ₦50,000.00."],
    ["a body that is not JSON", "{", "The request body is not valid JSON."],
  ])("refuses %s with the purchase call's 400, storing nothing", async (_, body, message) => {
    expect(await order("airtime", body)).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM card_orders").get()?.["n"]).toBe(0);
  });

  it("answers the same trans_ref to the same Idempotency-Key and body, and 422 to another body", async () => {
    const headers = { "Idempotency-Key": "7f1a2b3c-0000-4000-8000-000000000020" };
    const first = await transRefOf(order("airtime", airtime("08011111111"), headers));
    const again = await order("airtime", airtime("08011111111"), headers);
    expect(again).toMatchObject({ status: 200, body: { trans_ref: first } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await order("airtime", airtime("08011111111", 600), headers)).status).toBe(422);
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM card_orders").get()?.["n"]).toBe(1);
    // Without a key each order is a new intent.
    expect(await transRefOf(order("airtime", airtime("08011111111")))).not.toBe(first);
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/initiate-order-airtime/", { body: airtime("08011111111") })).status).toBe(401);
  });
});

describe("call 24: POST /v1/initiate-order-data/", () => {
  it("answers a trans_ref for a catalog plan at its price, debiting nothing", async () => {
    const transRef = await transRefOf(order("data", mtn1gbPlan));
    expect({
      ...test.db.prepare("SELECT product, face_kobo, charge_kobo FROM card_orders WHERE trans_ref = ?").get(transRef),
    }).toEqual({
      product: "data",
      face_kobo: 970_00,
      charge_kobo: 960_30,
    });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "an airtime provider",
      { subcategory_id: 1 },
      "That is not one of our data providers. Select a provider from the list.",
    ],
    ["no plan", { variation_code: "" }, "Select a data plan from the list."],
    [
      "an unknown plan",
      { variation_code: "mtn-100gb-30" },
      'MTN has no data plan "mtn-100gb-30". Select a plan from the list.',
    ],
    ["an old price", { amount: 900 }, "The price of this plan has changed: it is now ₦970.00. Please choose it again."],
  ])("refuses %s with the purchase call's 400", async (_, change, message) => {
    expect(await order("data", { ...mtn1gbPlan, ...change })).toMatchObject({
      status: 400,
      body: { status: 400, message },
    });
  });

  it("is delivered when paid, like a data purchase, with no wallet movement", async () => {
    const transRef = await transRefOf(order("data", mtn1gbPlan));
    await payAtGateway(transRef, 985.3);
    expect(rowsOf(transRef)).toEqual([
      expect.objectContaining({
        product: "data",
        plan: "1GB - 30 days",
        description: "MTN 1GB - 30 days data bundle to 08011111111, paid by card",
        subtotal_kobo: 970_00,
        amount_kobo: 985_30,
        status: 1,
        paid_by: "card",
      }),
    ]);
    await expectBooksBalance(test, buyer);
  });
});

describe("a card order paid at the gateway", () => {
  it("is delivered at once for 08011111111: one confirmed row, balances unmoved, no ledger row", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08011111111")));
    await payAtGateway(transRef, 507.35);
    expect(rowsOf(transRef)).toEqual([
      {
        transaction_ref: transRef,
        product: "airtime",
        plan: "MTN Airtime",
        phone_number: "08011111111",
        description: "₦500.00 MTN airtime to 08011111111, paid by card",
        response: "TRANSACTION SUCCESSFUL",
        subtotal_kobo: 500_00,
        amount_kobo: 507_35,
        initial_balance_kobo: openingKobo,
        new_balance_kobo: openingKobo,
        status: 1,
        paid_by: "card",
      },
    ]);
    expect(ledgerRowsOf(transRef)).toBe(0);
    const listed = (await test.call("GET", "/v1/get-transactions/", { token: buyer.token })).body as Record<
      string,
      unknown
    >[];
    expect(listed[0]).toMatchObject({
      transaction_ref: transRef,
      initial_balance: 2000,
      new_balance: 2000,
      amount: 507.35,
      status: 1,
    });
    await expectBooksBalance(test, buyer);
  });

  it("is pending for 08022222222 and settles to Confirmed, still without moving the wallet", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08022222222")));
    await payAtGateway(transRef, 500);
    expect(rowsOf(transRef)).toEqual([
      expect.objectContaining({ status: 0, response: "Awaiting confirmation from the provider" }),
    ]);
    test.advance(60_000);
    await test.call("GET", "/v1/user/profile/", { token: buyer.token });
    expect(rowsOf(transRef)).toEqual([
      expect.objectContaining({
        status: 1,
        response: "TRANSACTION SUCCESSFUL",
        initial_balance_kobo: openingKobo,
        new_balance_kobo: openingKobo,
      }),
    ]);
    expect(ledgerRowsOf(transRef)).toBe(0);
    await expectBooksBalance(test, buyer);
  });

  it("fails for 08033333333 as 2 Failed, since there is no wallet debit to reverse", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08033333333")));
    await payAtGateway(transRef, 500);
    expect(rowsOf(transRef)).toEqual([expect.objectContaining({ status: 2, response: cardDeclinedResponse })]);
    expect(ledgerRowsOf(transRef)).toBe(0);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo);
    await expectBooksBalance(test, buyer);
  });

  it("delivers nothing when the payment is cancelled, nor when Pay is pressed after", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08011111111")));
    await payAtGateway(transRef, 500, "cancel");
    await decideGatewayPayment(test, transRef, "pay");
    expect(rowsOf(transRef)).toEqual([]);
    expect(
      test.db.prepare("SELECT transaction_id FROM card_orders WHERE trans_ref = ?").get(transRef)?.["transaction_id"],
    ).toBeNull();
    await expectBooksBalance(test, buyer);
  });

  it("is delivered once when Pay is posted twice at the same moment, and once more later", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08011111111")));
    expect((await startGatewayPayment(test, gatewayPaymentBody(transRef, 500, buyer.email))).status).toBe(200);
    const posts = await Promise.all([
      decideGatewayPayment(test, transRef, "pay"),
      decideGatewayPayment(test, transRef, "pay"),
    ]);
    expect(posts.map((response) => response.status)).toEqual([303, 303]);
    await decideGatewayPayment(test, transRef, "pay");
    expect(rowsOf(transRef)).toHaveLength(1);
    await expectBooksBalance(test, buyer);
  });

  it("cannot be fulfilled a second time, even by a direct call", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08011111111")));
    await payAtGateway(transRef, 500);
    expect(
      fulfilCardOrder(test.db, transRef, {
        paidKobo: 500_00,
        at: "2026-03-02T09:05:00.000Z",
        settleAt: "2026-03-02T09:06:00.000Z",
      }),
    ).toBeUndefined();
    expect(
      fulfilCardOrder(test.db, "PV20260302NOSUCHREF", {
        paidKobo: 1,
        at: "2026-03-02T09:05:00.000Z",
        settleAt: "2026-03-02T09:06:00.000Z",
      }),
    ).toBeUndefined();
    expect(rowsOf(transRef)).toHaveLength(1);
  });

  it("refuses a gateway payment smaller than the order's price", async () => {
    const transRef = await transRefOf(order("airtime", airtime("08011111111")));
    expect(await startGatewayPayment(test, gatewayPaymentBody(transRef, 489.99, buyer.email))).toMatchObject({
      status: 400,
      body: { status: 400, message: "This order costs ₦490.00; the payment amount must be at least that." },
    });
    expect(test.sandbox.gatewayPayment(transRef)).toBeUndefined();
  });
});
