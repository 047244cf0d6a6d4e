import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { billerTestNumbers } from "./biller.ts";
import { settleDuePurchases } from "./settlement.ts";
import { expectBooksBalance, ledgerEntriesOf, ledgerSumKobo } from "../testing/books.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import { newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;

afterEach(() => {
  test.close();
});

const airtime = (phone: string) => ({ subcategory_id: 1, phone_number: phone, amount: 500 });
const data = (phone: string) => ({ subcategory_id: 5, phone_number: phone, amount: 970, variation_code: "mtn-1gb-30" });
const sms = (phone: string) => ({ subcategory_id: 40, phone, sender: "PAYVEND", message: "Hello", amount: 4.96 });

const calls = [
  { name: "airtime", path: "/v1/purchase-airtime/", body: airtime, charged: 490_00 },
  { name: "data", path: "/v1/purchase-data/", body: data, charged: 960_30 },
  // Two numbers × 1 page × ₦2.48: the test number and an ordinary one.
  { name: "SMS", path: "/v1/send-sms/", body: (phone: string) => sms(`08044444444,${phone}`), charged: 4_96 },
] as const;

function statusOf(id: number): unknown {
  return test.db.prepare("SELECT status FROM transactions WHERE id = ?").get(id)?.["status"];
}

async function start(settleAfterMs?: number): Promise<Buyer> {
  test = startTestSandbox(settleAfterMs === undefined ? {} : { settleAfterMs });
  return newBuyer(test, 10_000_00);
}

describe("the simulated biller", () => {
  it.each(calls)("delivers $name to 08011111111 at once", async ({ path, body, charged }) => {
    const buyer = await start();
    const answer = await test.call("POST", path, { token: buyer.token, body: body(billerTestNumbers.delivered) });
    expect(answer).toMatchObject({ status: 200, body: { status: 200, data: { status: 1 } } });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00 - charged);
  });

  it.each(calls)("holds $name for 08022222222 as pending, already paid", async ({ path, body, charged }) => {
    const buyer = await start();
    const answer = await test.call("POST", path, { token: buyer.token, body: body(billerTestNumbers.pending) });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        status: 201,
        message: expect.stringContaining("is pending with the"),
        data: { status: 0, response: "Awaiting confirmation from the provider" },
      },
    });
    const ref = String((answer.body as { data: { transaction_ref: string } }).data.transaction_ref);
    expect(ledgerEntriesOf(test.db, ref)).toEqual([{ kind: "purchase", amount_kobo: -charged }]);
    await expectBooksBalance(test, buyer);
  });

  it.each(calls)(
    "refunds $name for 08033333333 with exactly one refund and marks it Reversed",
    async ({ path, body, charged }) => {
      const buyer = await start();
      const answer = await test.call("POST", path, { token: buyer.token, body: body(billerTestNumbers.failed) });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        status: 400,
        message:
          path === "/v1/send-sms/"
            ? "The biller could not send this message to 08033333333. Your wallet has been refunded."
            : "The biller could not complete this purchase for 08033333333. Your wallet has been refunded.",
      });
      const rows = test.db
        .prepare(
          "SELECT transaction_ref, status, response FROM transactions WHERE user_id = ? AND product <> 'funding'",
        )
        .all(buyer.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 4,
        response: `Delivery failed at the provider; ₦${(charged / 100).toFixed(2)} was refunded to your wallet.`,
      });
      expect(ledgerEntriesOf(test.db, String(rows[0]?.["transaction_ref"]))).toEqual([
        { kind: "purchase", amount_kobo: -charged },
        { kind: "refund", amount_kobo: charged },
      ]);
      expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00);
      await expectBooksBalance(test, buyer);
    },
  );

  it("fails a message when any recipient fails, also in the 234 form, and failing wins over pending", async () => {
    const buyer = await start();
    const both = await test.call("POST", "/v1/send-sms/", {
      token: buyer.token,
      body: sms("08022222222,2348033333333"),
    });
    expect(both).toMatchObject({ status: 400, body: { message: expect.stringContaining("refunded") } });
    const pending = await test.call("POST", "/v1/send-sms/", {
      token: buyer.token,
      body: sms("2348022222222,08044444444"),
    });
    expect(pending.status).toBe(201);
    await expectBooksBalance(test, buyer);
  });
});

describe("settlement of pending purchases", () => {
  it("settles to Confirmed after settleAfterMs, on the next read, without a second debit", async () => {
    const buyer = await start(30_000);
    const answer = await test.call("POST", "/v1/purchase-airtime/", {
      token: buyer.token,
      body: airtime(billerTestNumbers.pending),
    });
    const id = Number((answer.body as { data: { id: number } }).data.id);
    test.advance(29_999);
    expect((await test.call("GET", `/v1/get-transactions/${id}`, { token: buyer.token })).body).toMatchObject([
      { status: 0 },
    ]);
    test.advance(1);
    expect((await test.call("GET", `/v1/get-transactions/${id}`, { token: buyer.token })).body).toMatchObject([
      { status: 1, response: "TRANSACTION SUCCESSFUL", amount: 490, new_balance: 9510 },
    ]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00 - 490_00);
    await expectBooksBalance(test, buyer);
  });

  it("settles on a profile read and a list read too", async () => {
    const buyer = await start();
    const first = await test.call("POST", "/v1/purchase-airtime/", {
      token: buyer.token,
      body: airtime(billerTestNumbers.pending),
    });
    test.advance(60_000);
    await test.call("GET", "/v1/user/profile/", { token: buyer.token });
    expect(statusOf(Number((first.body as { data: { id: number } }).data.id))).toBe(1);

    const second = await test.call("POST", "/v1/purchase-airtime/", {
      token: buyer.token,
      body: airtime(billerTestNumbers.pending),
    });
    test.advance(60_000);
    const list = (await test.call("GET", "/v1/get-transactions/", { token: buyer.token })).body as {
      id: number;
      status: number;
    }[];
    expect(list.find((row) => row.id === Number((second.body as { data: { id: number } }).data.id))?.status).toBe(1);
    await expectBooksBalance(test, buyer);
  });

  it("survives closing and reopening the sandbox on the same file", async () => {
    const buyer = await start(60_000);
    const answer = await test.call("POST", "/v1/purchase-data/", {
      token: buyer.token,
      body: data(billerTestNumbers.pending),
    });
    const id = Number((answer.body as { data: { id: number } }).data.id);
    test.reopen();
    expect(statusOf(id)).toBe(0);
    test.advance(60_000);
    expect((await test.call("GET", `/v1/get-transactions/${id}`, { token: buyer.token })).body).toMatchObject([
      { status: 1 },
    ]);
    await expectBooksBalance(test, buyer);
  });

  it("is settled by the timer with nobody reading", async () => {
    const buyer = await start(50);
    const answer = await test.call("POST", "/v1/purchase-airtime/", {
      token: buyer.token,
      body: airtime(billerTestNumbers.pending),
    });
    const id = Number((answer.body as { data: { id: number } }).data.id);
    test.advance(50);
    for (let waited = 0; waited < 5_000 && statusOf(id) !== 1; waited += 50) {
      await sleep(50);
    }
    expect(statusOf(id)).toBe(1);
  });

  it("settles each purchase once, however many settlers run", async () => {
    const buyer = await start(1_000);
    for (let index = 0; index < 3; index += 1) {
      await test.call("POST", "/v1/purchase-airtime/", {
        token: buyer.token,
        body: airtime(billerTestNumbers.pending),
      });
    }
    const at = "2026-03-02T09:00:01.000Z";
    // test.db is a second connection to the file, standing for another process.
    expect(settleDuePurchases(test.db, at) + settleDuePurchases(test.db, at)).toBe(3);
    expect(await test.call("GET", "/v1/get-transactions/", { token: buyer.token })).toMatchObject({ status: 200 });
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE settle_at IS NOT NULL").get()?.["n"]).toBe(0);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00 - 3 * 490_00);
    await expectBooksBalance(test, buyer);
  });

  it("leaves the demo history's pending rows alone: they were never scheduled", async () => {
    await start();
    const before = test.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE status = 0").get()?.["n"];
    expect(settleDuePurchases(test.db, "2099-01-01T00:00:00.000Z")).toBe(0);
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE status = 0").get()?.["n"]).toBe(before);
  });
});
