import { describe, expect, it } from "vitest";
import { billerTestNumbers } from "../purchases/biller.ts";
import { canonicalJson, readIdempotencyKey } from "./idempotency.ts";
import { reusedKeyMessage } from "./keyed-call.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { freshBuyerEachTest, fundWallet, newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

freshBuyerEachTest(10_000_00, (fresh) => ({ test, buyer } = fresh));

const key = "4f1c2a3e-9b7d-4c51-a0e8-2d6f5b1c9e70";
const airtime = { subcategory_id: 1, phone_number: "08011111111", amount: 500 };

async function post(
  body: unknown,
  options: { key?: string; path?: string; token?: string } = {},
): Promise<{ status: number; text: string; replayed: string | null }> {
  const headers = new Headers({ Accept: "application/json", "Content-Type": "application/json" });
  headers.set("Authorization", `Bearer ${options.token ?? buyer.token}`);
  if (options.key !== undefined) {
    headers.set("Idempotency-Key", options.key);
  }
  const request = new Request(`http://sandbox.test${options.path ?? "/v1/purchase-airtime/"}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await test.sandbox.handle(request);
  return {
    status: response.status,
    text: await response.text(),
    replayed: response.headers.get("idempotent-replayed"),
  };
}

function purchases(userId = buyer.userId): number {
  return Number(
    test.db.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND kind = 'purchase'").get(userId)?.[
      "n"
    ],
  );
}

describe("Idempotency-Key on calls 19, 23 and 39", () => {
  it("answers the same key and body with the first answer again, and debits once", async () => {
    const first = await post(airtime, { key });
    test.advance(5_000);
    const second = await post(airtime, { key });
    expect(first).toMatchObject({ status: 200, replayed: null });
    expect(second).toEqual({ status: 200, text: first.text, replayed: "true" });
    expect(purchases()).toBe(1);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(10_000_00 - 490_00);
    await expectBooksBalance(test, buyer);
  });

  it("knows the same body in another key order as the same request", async () => {
    const first = await post(airtime, { key });
    const reordered = await post('{"amount":500,"phone_number":"08011111111","subcategory_id":1}', { key });
    expect(reordered).toEqual({ status: 200, text: first.text, replayed: "true" });
    expect(purchases()).toBe(1);
  });

  it.each([
    ["another amount", "/v1/purchase-airtime/", { ...airtime, amount: 600 }],
    ["another number", "/v1/purchase-airtime/", { ...airtime, phone_number: "08044444444" }],
    ["another call", "/v1/send-sms/", airtime],
  ])("refuses the same key with %s as 422 and charges nothing more", async (_, path, body) => {
    await post(airtime, { key });
    const reused = await post(body, { key, path });
    expect(reused.status).toBe(422);
    expect(JSON.parse(reused.text)).toEqual({ status: 422, message: reusedKeyMessage });
    expect(reusedKeyMessage).toBe("This Idempotency-Key was already used for a different request.");
    expect(purchases()).toBe(1);
  });

  it("does not store a validation refusal, so a corrected retry with the key runs", async () => {
    const refused = await post({ ...airtime, phone_number: "080" }, { key });
    expect(refused.status).toBe(400);
    const corrected = await post(airtime, { key });
    expect(corrected).toMatchObject({ status: 200, replayed: null });
    expect(purchases()).toBe(1);
  });

  it("does not store an insufficient-balance refusal, so the same request runs once the wallet is funded", async () => {
    const poor = await newBuyer(test, 100_00, "poor@example.com");
    const refused = await post(airtime, { key, token: poor.token });
    expect(JSON.parse(refused.text)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Insufficient wallet balance/),
    });
    fundWallet(test, poor.userId, 1_000_00);
    const retried = await post(airtime, { key, token: poor.token });
    expect(retried).toMatchObject({ status: 200, replayed: null });
    expect(purchases(poor.userId)).toBe(1);
    await expectBooksBalance(test, poor);
  });

  it("stores a biller failure that was refunded, so a retry learns it again and nothing is paid twice", async () => {
    const failing = { ...airtime, phone_number: billerTestNumbers.failed };
    const first = await post(failing, { key });
    const second = await post(failing, { key });
    expect(first.status).toBe(400);
    expect(JSON.parse(first.text)).toMatchObject({ message: expect.stringContaining("refunded") });
    expect(second).toEqual({ status: 400, text: first.text, replayed: "true" });
    expect(purchases()).toBe(1);
    expect(
      Number(
        test.db
          .prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND kind = 'refund'")
          .get(buyer.userId)?.["n"],
      ),
    ).toBe(1);
    await expectBooksBalance(test, buyer);
  });

  it("replays a pending answer as it was first given, even after it settled", async () => {
    const pending = { ...airtime, phone_number: billerTestNumbers.pending };
    const first = await post(pending, { key });
    test.advance(60_000);
    await test.call("GET", "/v1/get-transactions/", { token: buyer.token });
    const second = await post(pending, { key });
    expect(first.status).toBe(201);
    expect(second).toEqual({ status: 201, text: first.text, replayed: "true" });
    expect(purchases()).toBe(1);
  });

  it("keeps keys per user: another account's purchase with the same key runs", async () => {
    const other = await newBuyer(test, 1_000_00, "other@example.com");
    await post(airtime, { key });
    const theirs = await post(airtime, { key, token: other.token });
    expect(theirs).toMatchObject({ status: 200, replayed: null });
    expect(purchases(other.userId)).toBe(1);
  });

  it("runs every request without a key", async () => {
    await post(airtime);
    await post(airtime);
    expect(purchases()).toBe(2);
  });

  it.each(["", "x".repeat(256), "naïve-key", "two words"])("refuses the key %j with a 400", async (bad) => {
    const answer = await post(airtime, { key: bad });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      status: 400,
      message: "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.",
    });
    expect(purchases()).toBe(0);
  });
});

describe("idempotency helpers", () => {
  it("writes one canonical text for one JSON value", () => {
    expect(canonicalJson({ b: [1, { d: 2, c: "x" }], a: null })).toBe('{"a":null,"b":[1,{"c":"x","d":2}]}');
    expect(canonicalJson(JSON.parse('{"amount":500.0}'))).toBe(canonicalJson({ amount: 500 }));
  });

  it("reads a missing header as no key and trims a present one", () => {
    expect(readIdempotencyKey(new Headers())).toEqual({ ok: true, key: undefined });
    expect(readIdempotencyKey(new Headers({ "Idempotency-Key": ` ${key} ` }))).toEqual({ ok: true, key });
  });
});
