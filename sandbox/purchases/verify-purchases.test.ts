import { afterEach, describe, expect, it } from "vitest";
import { testJambProfile, testMeters, testSmartCards } from "./customers.ts";
import { nairaText } from "../money/money.ts";
import { expectBooksBalance, ledgerEntriesOf, ledgerSumKobo, purchaseRowCount } from "../testing/books.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import { newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

// Calls 28, 31 and 35 through the shared purchase flow: the biller's pending and failing test
// values, settlement with what delivery hands over, Idempotency-Key, and a purchase for a
// number that never verified.

let test: TestSandbox;

afterEach(() => {
  test.close();
});

const opening = 50_000_00;

async function start(): Promise<Buyer> {
  test = startTestSandbox({ settleAfterMs: 60_000 });
  return newBuyer(test, opening);
}

const cable = (smartNo: string) => ({
  phone: "08011111111",
  code: "dstv-compact",
  service_type: "DSTV",
  smart_no: smartNo,
  bouquet_name: "DStv Compact",
  amount: 19000,
  subscription_type: "renew",
  subcategory_id: 9,
});
const electricity = (meterNo: string) => ({
  subcategory_id: 12,
  phone: "08011111111",
  billersCode: meterNo,
  variation_code: "prepaid",
  service_id: "Ikeja-Electric",
  amount: 5000,
});
const exam = (phone: string) => ({
  subcategory_id: 33,
  phone,
  billersCode: testJambProfile,
  variation_code: "utme-mock",
  service_id: "JAMB",
  amount: 8700,
});

interface Row {
  readonly id: number;
  readonly transaction_ref: string;
  readonly status: number;
  readonly description: string;
  readonly description2: string;
  readonly token: string;
  readonly exam_card: string;
  readonly response: string;
}

const calls = [
  {
    name: "cable",
    path: "/v1/purchase-cable/",
    delivered: cable(testSmartCards.delivered),
    pending: cable(testSmartCards.pending),
    failed: cable(testSmartCards.failed),
    forged: cable("4444444444"),
    charged: 18_810_00,
    pendingMessage:
      "Your DStv Compact renewal for smart card 2222222222 is pending with the provider. " +
      "₦18,810.00 has been taken from your wallet; check your transactions for the outcome.",
    failedMessage:
      "The biller could not complete this purchase for smart card 3333333333. Your wallet has been refunded.",
    failedDescription: "DStv Compact renewal for smart card 3333333333",
    forgedMessage:
      'Smart card number "4444444444" could not be verified with DSTV. Please check the number and verify it again.',
    whilePending: (row: Row) =>
      expect(row).toMatchObject({
        description: "DStv Compact renewal for smart card 2222222222",
        token: "",
        exam_card: "",
      }),
    settled: (row: Row) =>
      expect(row).toMatchObject({
        description: "DStv Compact renewed for smart card 2222222222",
        description2: "Customer: Chinedu Okafor",
      }),
  },
  {
    name: "electricity",
    path: "/v1/purchase-electricity/",
    delivered: electricity(testMeters.prepaid),
    pending: electricity(testMeters.pending),
    failed: electricity(testMeters.failed),
    forged: electricity("4444444444444"),
    charged: 4_975_00,
    pendingMessage:
      "Your IKEDC prepaid payment of ₦5,000.00 for meter 2222222222222 is pending with the provider. " +
      "₦4,975.00 has been taken from your wallet; check your transactions for the outcome.",
    failedMessage:
      "The biller could not complete this purchase for meter 3333333333333. Your wallet has been refunded.",
    failedDescription: "IKEDC prepaid payment of ₦5,000.00 for meter 3333333333333",
    forgedMessage:
      'Meter number "4444444444444" could not be verified as a prepaid meter with IKEDC. Please check the number and meter type, and verify again.',
    whilePending: (row: Row) =>
      expect(row).toMatchObject({
        description: "IKEDC prepaid payment of ₦5,000.00 for meter 2222222222222",
        description2: "Customer Emeka Okonkwo, 22 Allen Avenue, Ikeja",
        token: "",
      }),
    settled: (row: Row) => {
      expect(row.token).toMatch(/^\d{4}(-\d{4}){4}$/);
      expect(row).toMatchObject({
        description: `IKEDC prepaid token: ${row.token}`,
        description2: "23.9 kWh for Emeka Okonkwo, 22 Allen Avenue, Ikeja",
      });
    },
  },
  {
    name: "exam",
    path: "/v1/purchase-exam-pins/",
    delivered: exam("08011111111"),
    pending: exam("08022222222"),
    failed: exam("08033333333"),
    forged: { ...exam("08011111111"), billersCode: "1234567890" },
    charged: 8_613_00,
    pendingMessage:
      "Your JAMB UTME PIN (with mock) purchase is pending with the provider. " +
      "₦8,613.00 has been taken from your wallet; check your transactions for the outcome.",
    failedMessage: "The biller could not complete this purchase for 08033333333. Your wallet has been refunded.",
    failedDescription: "JAMB UTME PIN (with mock) purchase",
    forgedMessage: 'Profile ID "1234567890" could not be verified with JAMB. Please check the ID and verify it again.',
    whilePending: (row: Row) =>
      expect(row).toMatchObject({ description: "JAMB UTME PIN (with mock) purchase", exam_card: "" }),
    settled: (row: Row) => {
      expect(row.exam_card).toMatch(/^Serial: JMB\d{9}, PIN: \d{12}$/);
      expect(row.description).toBe("JAMB UTME PIN (with mock) purchased, see Exam Card for the serial and PIN");
    },
  },
] as const;

async function row(buyer: Buyer, id: number): Promise<Row> {
  const answer = await test.call("GET", `/v1/get-transactions/${id}`, { token: buyer.token });
  const [found] = answer.body as Row[];
  if (found === undefined) {
    throw new Error(`Transaction ${id} is not listed.`);
  }
  return found;
}

describe.each(calls)("$name through the simulated biller", (call) => {
  it("holds the pending test value as pending, paid once, and hands over on settling", async () => {
    const buyer = await start();
    const answer = await test.call("POST", call.path, { token: buyer.token, body: call.pending });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        status: 201,
        message: call.pendingMessage,
        data: { status: 0, response: "Awaiting confirmation from the provider" },
      },
    });
    const { id, transaction_ref: ref } = (answer.body as { data: Row }).data;
    call.whilePending((answer.body as { data: Row }).data);
    expect(ledgerEntriesOf(test.db, ref)).toEqual([{ kind: "purchase", amount_kobo: -call.charged }]);

    test.advance(59_999);
    call.whilePending(await row(buyer, id));
    test.advance(1);
    const settled = await row(buyer, id);
    expect(settled).toMatchObject({ status: 1, response: "TRANSACTION SUCCESSFUL" });
    call.settled(settled);
    expect(ledgerEntriesOf(test.db, ref)).toEqual([{ kind: "purchase", amount_kobo: -call.charged }]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(opening - call.charged);
    await expectBooksBalance(test, buyer);
  });

  it("hands over the same on settling after a restart", async () => {
    const buyer = await start();
    const answer = await test.call("POST", call.path, { token: buyer.token, body: call.pending });
    const { id } = (answer.body as { data: Row }).data;
    test.reopen();
    test.advance(60_000);
    call.settled(await row(buyer, id));
    await expectBooksBalance(test, buyer);
  });

  it("refunds the failing test value exactly once and marks it Reversed, with nothing handed over", async () => {
    const buyer = await start();
    const answer = await test.call("POST", call.path, { token: buyer.token, body: call.failed });
    expect(answer).toEqual(
      expect.objectContaining({ status: 400, body: { status: 400, message: call.failedMessage } }),
    );
    const rows = test.db
      .prepare("SELECT id, transaction_ref FROM transactions WHERE user_id = ? AND product <> 'funding'")
      .all(buyer.userId);
    expect(rows).toHaveLength(1);
    const failed = await row(buyer, Number(rows[0]?.["id"]));
    expect(failed).toMatchObject({
      status: 4,
      description: call.failedDescription,
      token: "",
      exam_card: "",
      response: `Delivery failed at the provider; ${nairaText(call.charged)} was refunded to your wallet.`,
    });
    expect(ledgerEntriesOf(test.db, failed.transaction_ref)).toEqual([
      { kind: "purchase", amount_kobo: -call.charged },
      { kind: "refund", amount_kobo: call.charged },
    ]);
    test.advance(120_000);
    expect((await row(buyer, failed.id)).status).toBe(4);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(opening);
    await expectBooksBalance(test, buyer);
  });

  it("refuses a purchase for a number that never verified, forged past the verify call, and debits nothing", async () => {
    const buyer = await start();
    const key = "8d0f6c1e-2b3a-4c5d-9e8f-7a6b5c4d3e2f";
    const answer = await test.call("POST", call.path, {
      token: buyer.token,
      body: call.forged,
      headers: { "Idempotency-Key": key },
    });
    expect(answer).toEqual(
      expect.objectContaining({ status: 400, body: { status: 400, message: call.forgedMessage } }),
    );
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(0);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(opening);
    // Nothing happened, so nothing was stored: the key still buys once the number is right.
    expect(
      (
        await test.call("POST", call.path, {
          token: buyer.token,
          body: call.delivered,
          headers: { "Idempotency-Key": key },
        })
      ).status,
    ).toBe(200);
    await expectBooksBalance(test, buyer);
  });

  it("answers a retry with the same Idempotency-Key with the first answer, debiting once", async () => {
    const buyer = await start();
    const key = "3c9b7a52-1d4e-4f60-8a7b-2c1d0e9f8a7b";
    const headers = { "Idempotency-Key": key };
    const first = await test.call("POST", call.path, { token: buyer.token, body: call.delivered, headers });
    test.advance(5_000);
    const second = await test.call("POST", call.path, { token: buyer.token, body: call.delivered, headers });
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(1);

    const other = await test.call("POST", call.path, { token: buyer.token, body: call.pending, headers });
    expect(other).toMatchObject({
      status: 422,
      body: { status: 422, message: "This Idempotency-Key was already used for a different request." },
    });
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(1);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(opening - call.charged);
    await expectBooksBalance(test, buyer);
  });

  it("replays a pending answer as it was given, however it has settled since", async () => {
    const buyer = await start();
    const headers = { "Idempotency-Key": "b1e2d3c4-a5f6-4789-8abc-def012345678" };
    const first = await test.call("POST", call.path, { token: buyer.token, body: call.pending, headers });
    test.advance(60_000);
    await test.call("GET", "/v1/get-transactions/", { token: buyer.token });
    const again = await test.call("POST", call.path, { token: buyer.token, body: call.pending, headers });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(1);
    await expectBooksBalance(test, buyer);
  });
});
