import { describe, expect, it } from "vitest";
import { cardChargeMessage, manualFundingDetails, manualReportReceivedMessage } from "./funding.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { decideGatewayPayment, gatewayPaymentBody, paidCardPayment, startGatewayPayment } from "../testing/gateway.ts";
import { freshBuyerEachTest, newBuyer } from "../testing/wallet.ts";
import type { Answer, TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

const openingKobo = 1_000_00;

freshBuyerEachTest(openingKobo, (fresh) => ({ test, buyer } = fresh));

function fund(body: unknown, options: { token?: string; key?: string } = {}): Promise<Answer> {
  return test.call("POST", "/v1/user/fund-wallet/", {
    token: options.token ?? buyer.token,
    body,
    headers: options.key === undefined ? {} : { "Idempotency-Key": options.key },
  });
}

function fundingRows(userId = buyer.userId): Record<string, unknown>[] {
  return test.db
    .prepare(
      `SELECT plan, description, description2, subtotal_kobo, amount_kobo, initial_balance_kobo, new_balance_kobo, status
       FROM transactions WHERE user_id = ? AND product = 'funding' ORDER BY id`,
    )
    .all(userId)
    .slice(userId === buyer.userId ? 1 : 0)
    .map((row) => ({ ...row }));
}

describe("call 41: GET /v1/get-manual-funding-details/", () => {
  it("answers instructions as HTML and the company's accounts", async () => {
    const answer = await test.call("GET", "/v1/get-manual-funding-details/", { token: buyer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(manualFundingDetails);
    const body = answer.body as { description: string; products: Record<string, unknown>[] };
    expect(Object.keys(body).sort()).toEqual(["description", "products"]);
    expect(body.description).toMatch(/^<p>.*narration \(reference\).*<ol>.*<\/ol>$/s);
    expect(body.products.length).toBeGreaterThanOrEqual(2);
    for (const product of body.products) {
      expect(Object.keys(product).sort()).toEqual(["account", "bank", "name"]);
      expect(String(product["account"])).toMatch(/^\d{10}$/);
    }
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/get-manual-funding-details/")).status).toBe(401);
  });
});

describe("call 42: POST /v1/user/fund-wallet/", () => {
  it("credits a paid card payment less 1.5 % rounded down: one ledger row and one funding row", async () => {
    await paidCardPayment(test, buyer, "FUND-1", 1000);
    const answer = await fund({ transaction_reference: "FUND-1", monnify_bank_charge: 1.5 });
    expect(answer).toMatchObject({
      status: 200,
      body: { status: 200, message: "Your wallet has been credited with ₦985.00." },
    });
    expect(Object.keys(answer.body as object).sort()).toEqual(["message", "status"]);
    expect(fundingRows()).toEqual([
      {
        plan: "Card",
        description: "Card funding ₦1,000.00 (charge ₦15.00)",
        description2: "Gateway reference FUND-1",
        subtotal_kobo: 1_000_00,
        amount_kobo: 985_00,
        initial_balance_kobo: openingKobo,
        new_balance_kobo: openingKobo + 985_00,
        status: 1,
      },
    ]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo + 985_00);
    expect(test.sandbox.gatewayPayment("FUND-1")?.creditedTransactionId).toEqual(expect.any(Number));
    await expectBooksBalance(test, buyer);
  });

  it.each([
    [100, "₦99.00"],
    [150, "₦148.00"],
    [999, "₦985.00"],
    ["1066.67", "₦1,050.67"],
    [50_000, "₦49,250.00"],
  ])('credits a payment of ₦%s with %s, the charge taken as "1.5" text too', async (amount, credited) => {
    await paidCardPayment(test, buyer, "FUND-T", amount);
    const answer = await fund({ transaction_reference: "FUND-T", monnify_bank_charge: "1.5" });
    expect(answer.body).toEqual({ status: 200, message: `Your wallet has been credited with ${credited}.` });
    await expectBooksBalance(test, buyer);
  });

  it("credits once when called twice, one after the other", async () => {
    await paidCardPayment(test, buyer, "FUND-2", 1000);
    expect((await fund({ transaction_reference: "FUND-2", monnify_bank_charge: 1.5 })).status).toBe(200);
    expect(await fund({ transaction_reference: "FUND-2", monnify_bank_charge: 1.5 })).toMatchObject({
      status: 400,
      body: { status: 400, message: "This payment has already been credited to your wallet." },
    });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo + 985_00);
    await expectBooksBalance(test, buyer);
  });

  it("credits once when called twice at the same moment", async () => {
    await paidCardPayment(test, buyer, "FUND-3", 1000);
    const answers = await Promise.all([
      fund({ transaction_reference: "FUND-3", monnify_bank_charge: 1.5 }),
      fund({ transaction_reference: "FUND-3", monnify_bank_charge: 1.5 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(fundingRows()).toHaveLength(1);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo + 985_00);
    await expectBooksBalance(test, buyer);
  });

  it("replays the stored 200 to the same Idempotency-Key, concurrent or later, crediting once", async () => {
    await paidCardPayment(test, buyer, "FUND-4", 1000);
    const key = "9c0e7a52-4e42-4b8f-9d6c-000000000042";
    const body = { transaction_reference: "FUND-4", monnify_bank_charge: 1.5 };
    const answers = await Promise.all([fund(body, { key }), fund(body, { key })]);
    const later = await fund(body, { key });
    for (const answer of [...answers, later]) {
      expect(answer).toMatchObject({
        status: 200,
        body: { status: 200, message: "Your wallet has been credited with ₦985.00." },
      });
    }
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect((await fund({ ...body, monnify_bank_charge: "1.50" }, { key })).status).toBe(422);
    expect(fundingRows()).toHaveLength(1);
    await expectBooksBalance(test, buyer);
  });

  it("credits nothing for a cancelled payment, nor for one never decided", async () => {
    await startGatewayPayment(test, gatewayPaymentBody("FUND-5", 1000, buyer.email));
    expect(await fund({ transaction_reference: "FUND-5", monnify_bank_charge: 1.5 })).toMatchObject({
      status: 400,
      body: { status: 400, message: "This payment was not completed." },
    });
    await decideGatewayPayment(test, "FUND-5", "cancel");
    expect(await fund({ transaction_reference: "FUND-5", monnify_bank_charge: 1.5 })).toMatchObject({
      status: 400,
      body: { status: 400, message: "This payment was not completed." },
    });
    expect(fundingRows()).toEqual([]);
    await expectBooksBalance(test, buyer);
  });

  it("refuses someone else's payment and an unknown reference alike", async () => {
    const other = await newBuyer(test, 0, "other@example.com");
    await paidCardPayment(test, other, "FUND-6", 1000);
    for (const reference of ["FUND-6", "FUND-UNKNOWN"]) {
      expect(await fund({ transaction_reference: reference, monnify_bank_charge: 1.5 })).toMatchObject({
        status: 400,
        body: { status: 400, message: "This payment reference is not valid." },
      });
    }
    expect(fundingRows()).toEqual([]);
    // The owner, whatever the case of the e-mail the gateway was given, still can.
    expect(
      (await fund({ transaction_reference: "FUND-6", monnify_bank_charge: 1.5 }, { token: other.token })).status,
    ).toBe(200);
    await expectBooksBalance(test, buyer);
    await expectBooksBalance(test, other);
  });

  it("refuses the payment of a card order (call 20), which bought airtime and is no wallet money", async () => {
    const ordered = await test.call("POST", "/v1/initiate-order-airtime/", {
      token: buyer.token,
      body: { subcategory_id: 1, phone_number: "08011111111", amount: 500 },
    });
    const transRef = String((ordered.body as { trans_ref: string }).trans_ref);
    await paidCardPayment(test, buyer, transRef, 500);
    expect(await fund({ transaction_reference: transRef, monnify_bank_charge: 1.5 })).toMatchObject({
      status: 400,
      body: { status: 400, message: "This payment reference is not valid." },
    });
    expect(fundingRows()).toEqual([]);
    await expectBooksBalance(test, buyer);
  });

  it("matches the payment's e-mail to the account case-insensitively", async () => {
    await startGatewayPayment(test, gatewayPaymentBody("FUND-7", 200, buyer.email.toUpperCase()));
    await decideGatewayPayment(test, "FUND-7", "pay");
    expect((await fund({ transaction_reference: "FUND-7", monnify_bank_charge: 1.5 })).status).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ["no reference", { monnify_bank_charge: 1.5 }, "Payment reference is required."],
    ["no charge", { transaction_reference: "FUND-8" }, "monnify_bank_charge (the card charge percent) is required."],
    ["another charge", { transaction_reference: "FUND-8", monnify_bank_charge: 2 }, cardChargeMessage],
    ["the charge as a fraction", { transaction_reference: "FUND-8", monnify_bank_charge: 0.015 }, cardChargeMessage],
    [
      "a reference that is a number",
      { transaction_reference: 8, monnify_bank_charge: 1.5 },
      "This payment reference is not valid.",
    ],
    ["a body that is not JSON", "{", "The request body is not valid JSON."],
  ])("refuses %s with a 400 and credits nothing", async (_, body, message) => {
    await paidCardPayment(test, buyer, "FUND-8", 1000);
    expect(await fund(body)).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(fundingRows()).toEqual([]);
  });

  it("says what the charge must be", () => {
    expect(cardChargeMessage).toBe("The card funding charge is 1.5%: send monnify_bank_charge as 1.5.");
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/user/fund-wallet/", { body: {} })).status).toBe(401);
  });
});

describe("call 43: POST /v1/manual-payment/", () => {
  const report = {
    payment_name: "Ifeoma Nnamdi",
    manual_amount: 5000,
    bank_name: "Guaranty Trust Bank",
    payment_type: "Mobile Transfer",
  };

  function send(body: unknown, key?: string): Promise<Answer> {
    return test.call("POST", "/v1/manual-payment/", {
      token: buyer.token,
      body,
      headers: key === undefined ? {} : { "Idempotency-Key": key },
    });
  }

  it("stores a pending report and credits nothing yet", async () => {
    const answer = await send(report);
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: manualReportReceivedMessage } });
    expect(manualReportReceivedMessage).toBe(
      "Your payment report has been received. Your wallet will be credited once we confirm the payment.",
    );
    expect(test.sandbox.manualReports()).toEqual([
      {
        id: expect.any(Number),
        email: buyer.email,
        paymentName: "Ifeoma Nnamdi",
        amountKobo: 5_000_00,
        bankName: "Guaranty Trust Bank",
        paymentType: "Mobile Transfer",
        status: "pending",
        createdAt: "2026-03-02T09:00:00.000Z",
      },
    ]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo);
  });

  it("stores one report for one Idempotency-Key", async () => {
    const key = "2d8b7a10-5f4c-4c55-8a3e-000000000043";
    expect((await send(report, key)).status).toBe(200);
    const again = await send(report, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(test.sandbox.manualReports()).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no payment name", { payment_name: " " }, "Payment name is required."],
    ["no amount", { manual_amount: "" }, "Amount is required."],
    ["an amount below ₦100", { manual_amount: 99.99 }, "Amount can not be less than ₦100.00."],
    ["an amount above ₦10,000,000", { manual_amount: 10_000_000.01 }, "Amount can not be more than ₦10,000,000.00."],
    [
      "three decimals",
      { manual_amount: "100.001" },
      "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50.",
    ],
    ["no bank name", { bank_name: null }, "Bank name is required."],
    ["no payment type", { payment_type: undefined }, "Payment type is required."],
    ["a payment type that is a number", { payment_type: 3 }, "Payment type must be text."],
    [
      "a payment name of 151 characters",
      { payment_name: "A".repeat(151) },
      "Payment name must be at most 150 characters.",
    ],
  ])("refuses %s with a 400", async (_, change, message) => {
    expect(await send({ ...report, ...change })).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(test.sandbox.manualReports()).toEqual([]);
  });

  it("takes the amount as a numeric string", async () => {
    expect((await send({ ...report, manual_amount: "100.50" })).status).toBe(200);
    expect(test.sandbox.manualReports()[0]?.amountKobo).toBe(100_50);
  });
});

describe("deciding manual reports (tester operation)", () => {
  const report = {
    payment_name: "Ifeoma Nnamdi",
    manual_amount: 5000,
    bank_name: "Guaranty Trust Bank",
    payment_type: "POS",
  };

  it("lists reports newest first", async () => {
    await test.call("POST", "/v1/manual-payment/", { token: buyer.token, body: report });
    test.advance(1_000);
    await test.call("POST", "/v1/manual-payment/", { token: buyer.token, body: { ...report, manual_amount: 200 } });
    expect(test.sandbox.manualReports().map((entry) => entry.amountKobo)).toEqual([200_00, 5_000_00]);
  });

  it("credits the full amount once on approval; a second decision changes nothing", async () => {
    await test.call("POST", "/v1/manual-payment/", { token: buyer.token, body: report });
    const id = test.sandbox.manualReports()[0]?.id ?? 0;
    expect(test.sandbox.decideManualReport(id, "approve")).toEqual({ ok: true });
    expect(test.sandbox.decideManualReport(id, "approve")).toEqual({ ok: false, reason: "already decided" });
    expect(test.sandbox.decideManualReport(id, "reject")).toEqual({ ok: false, reason: "already decided" });
    expect(test.sandbox.manualReports()[0]?.status).toBe("approved");
    expect(fundingRows()).toEqual([
      {
        plan: "Manual payment",
        description: "Manual payment of ₦5,000.00 by POS to Guaranty Trust Bank, approved",
        description2: "Paid as Ifeoma Nnamdi",
        subtotal_kobo: 5_000_00,
        amount_kobo: 5_000_00,
        initial_balance_kobo: openingKobo,
        new_balance_kobo: openingKobo + 5_000_00,
        status: 1,
      },
    ]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(openingKobo + 5_000_00);
    await expectBooksBalance(test, buyer);
  });

  it("credits nothing on rejection, and then cannot be approved", async () => {
    await test.call("POST", "/v1/manual-payment/", { token: buyer.token, body: report });
    const id = test.sandbox.manualReports()[0]?.id ?? 0;
    expect(test.sandbox.decideManualReport(id, "reject")).toEqual({ ok: true });
    expect(test.sandbox.decideManualReport(id, "approve")).toEqual({ ok: false, reason: "already decided" });
    expect(test.sandbox.manualReports()[0]?.status).toBe("rejected");
    expect(fundingRows()).toEqual([]);
    await expectBooksBalance(test, buyer);
  });

  it("says so for a report that does not exist", () => {
    expect(test.sandbox.decideManualReport(999, "approve")).toEqual({ ok: false, reason: "not found" });
  });
});
