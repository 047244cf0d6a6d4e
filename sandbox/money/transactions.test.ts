import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoPassword } from "../seed/demo-accounts.ts";
import { balanceKobo } from "./ledger.ts";
import { logIn, registerAccount } from "../testing/accounts.ts";
import { ledgerEntriesOf } from "../testing/books.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import { confirmTransaction, recordTransaction, reverseTransaction, transactionRef } from "./transactions.ts";
import type { NewTransaction, RecordResult, TransactionRecord } from "./transactions.ts";

let test: TestSandbox;
// A freshly registered account: no history, so every balance here is this file's doing.
let userId: number;
let token: string;

const at = "2026-03-02T09:00:00.000Z";
const wireKeys = [
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

beforeEach(async () => {
  test = startTestSandbox();
  const account = await registerAccount(test);
  token = await logIn(test, account.email, account.password);
  userId = Number(test.db.prepare("SELECT id FROM users WHERE email = ?").get(account.email)?.["id"]);
});

afterEach(() => {
  test.close();
});

function record(draft: Partial<NewTransaction>): RecordResult {
  return recordTransaction(test.db, {
    userId,
    product: "airtime",
    subcategoryId: 1,
    description: "₦500.00 MTN airtime to 08031234567",
    subtotalKobo: 500_00,
    amountKobo: 490_00,
    status: 1,
    createdAt: at,
    ...draft,
  });
}

function recorded(draft: Partial<NewTransaction>): TransactionRecord {
  const result = record(draft);
  if (!result.ok) {
    throw new Error(`Not recorded: ${result.reason}`);
  }
  return result.transaction;
}

function fund(amountKobo: number): TransactionRecord {
  return recorded({
    product: "funding",
    subcategoryId: null,
    description: "Wallet funding",
    subtotalKobo: amountKobo,
    amountKobo,
  });
}

describe("recordTransaction", () => {
  it("credits a confirmed funding and debits a purchase, snapshotting the ledger's balances", () => {
    const funding = fund(10_000_00);
    expect(funding).toMatchObject({ initialBalanceKobo: 0, newBalanceKobo: 10_000_00, status: 1, plan: "", token: "" });
    expect(ledgerEntriesOf(test.db, funding.transactionRef)).toEqual([{ kind: "funding", amount_kobo: 10_000_00 }]);

    const purchase = recorded({ phoneNumber: "08031234567", status: 0 });
    expect(purchase).toMatchObject({ initialBalanceKobo: 10_000_00, newBalanceKobo: 9_510_00, status: 0 });
    expect(ledgerEntriesOf(test.db, purchase.transactionRef)).toEqual([{ kind: "purchase", amount_kobo: -490_00 }]);
    expect(balanceKobo(test.db, userId)).toBe(9_510_00);
  });

  it("moves no money for a failed or ignored purchase, nor for a pending funding", () => {
    fund(1_000_00);
    const failed = recorded({ status: 2, response: "Declined" });
    const ignored = recorded({ status: 3 });
    const pendingFunding = recorded({
      product: "funding",
      subcategoryId: null,
      status: 0,
      description: "Manual payment",
    });
    for (const row of [failed, ignored, pendingFunding]) {
      expect(row).toMatchObject({ initialBalanceKobo: 1_000_00, newBalanceKobo: 1_000_00 });
      expect(ledgerEntriesOf(test.db, row.transactionRef)).toEqual([]);
    }
  });

  it("refuses to overdraw and then writes nothing", () => {
    fund(400_00);
    expect(record({})).toEqual({ ok: false, reason: "insufficient-balance", balanceKobo: 400_00 });
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ?").get(userId)?.["n"]).toBe(1);
    expect(balanceKobo(test.db, userId)).toBe(400_00);
  });

  it("refuses a time that would not sort with the others", () => {
    expect(() => record({ createdAt: "2026-03-02T10:00:00+01:00" })).toThrow(/createdAt/);
  });

  it("makes references PV + the Lagos date + 10 characters, and refuses a repeated one", () => {
    expect(transactionRef("2026-03-01T23:30:00.000Z")).toMatch(/^PV20260302[A-Z2-9]{10}$/);
    expect(transactionRef(at, () => 0)).toBe("PV20260302AAAAAAAAAA");
    fund(1_000_00);
    recorded({ transactionRef: "PV20260302AAAAAAAAAA" });
    expect(() => record({ transactionRef: "PV20260302AAAAAAAAAA" })).toThrow(/UNIQUE/);
    expect(balanceKobo(test.db, userId)).toBe(1_000_00 - 490_00);
  });
});

describe("reverseTransaction and confirmTransaction", () => {
  it("reverses a paid purchase with one refund, and only once", () => {
    fund(1_000_00);
    const purchase = recorded({ status: 0 });
    const reversal = { response: "Refunded.", at: "2026-03-02T09:10:00.000Z" };
    const reversed = reverseTransaction(test.db, userId, purchase.id, reversal);
    expect(reversed).toMatchObject({
      ok: true,
      transaction: { status: 4, response: "Refunded.", newBalanceKobo: 510_00 },
    });
    expect(reverseTransaction(test.db, userId, purchase.id, reversal)).toEqual({ ok: false, reason: "not-allowed" });
    expect(ledgerEntriesOf(test.db, purchase.transactionRef)).toEqual([
      { kind: "purchase", amount_kobo: -490_00 },
      { kind: "refund", amount_kobo: 490_00 },
    ]);
    expect(balanceKobo(test.db, userId)).toBe(1_000_00);
  });

  it("will not reverse what moved no money, a funding, or someone else's purchase", () => {
    const funding = fund(1_000_00);
    const failed = recorded({ status: 2 });
    const reversal = { response: "Refunded.", at };
    expect(reverseTransaction(test.db, userId, failed.id, reversal)).toEqual({ ok: false, reason: "not-allowed" });
    expect(reverseTransaction(test.db, userId, funding.id, reversal)).toEqual({ ok: false, reason: "not-allowed" });
    const purchase = recorded({ status: 1 });
    const otherUserId = Number(
      test.db.prepare("SELECT id FROM users WHERE email = ?").get("normal@payvend.test")?.["id"],
    );
    expect(reverseTransaction(test.db, otherUserId, purchase.id, reversal)).toEqual({ ok: false, reason: "not-found" });
    expect(balanceKobo(test.db, userId)).toBe(510_00);
  });

  it("confirms a pending purchase without moving money again, and credits a pending funding then", () => {
    fund(1_000_00);
    const purchase = recorded({
      product: "electricity",
      status: 0,
      meterNo: "45012345678",
      description: "IKEDC prepaid",
    });
    const delivered = confirmTransaction(test.db, userId, purchase.id, {
      description: "IKEDC prepaid token: 1111-2222-3333-4444-5555",
      token: "1111-2222-3333-4444-5555",
      at,
    });
    expect(delivered).toMatchObject({
      ok: true,
      transaction: { status: 1, token: "1111-2222-3333-4444-5555", newBalanceKobo: 510_00 },
    });
    expect(confirmTransaction(test.db, userId, purchase.id, { at })).toEqual({ ok: false, reason: "not-allowed" });

    const manual = recorded({
      product: "funding",
      subcategoryId: null,
      status: 0,
      amountKobo: 2_000_00,
      description: "Manual",
    });
    const approved = confirmTransaction(test.db, userId, manual.id, {
      response: "Approved",
      at: "2026-03-02T10:00:00.000Z",
    });
    expect(approved).toMatchObject({
      ok: true,
      transaction: { status: 1, initialBalanceKobo: 510_00, newBalanceKobo: 2_510_00 },
    });
    expect(balanceKobo(test.db, userId)).toBe(2_510_00);
  });
});

describe("call 36: GET /v1/get-transactions/", () => {
  it("answers [] for an account without history", async () => {
    expect(await test.call("GET", "/v1/get-transactions/", { token })).toMatchObject({ status: 200, body: [] });
  });

  it("lists the caller's transactions newest first, in docs/upstream-api.md's Transaction shape", async () => {
    fund(10_000_00);
    recorded({ createdAt: "2026-03-02T09:05:00.000Z", phoneNumber: "08031234567", amountKobo: 487_50 });
    recorded({ createdAt: "2026-03-02T09:05:00.000Z", status: 2, response: "Declined" });
    const answer = await test.call("GET", "/v1/get-transactions/", { token });
    expect(answer.status).toBe(200);
    const list = answer.body as Record<string, unknown>[];
    expect(list.map((row) => row["status"])).toEqual([2, 1, 1]);
    for (const row of list) {
      expect(Object.keys(row).sort()).toEqual(wireKeys);
    }
    expect(list[1]).toMatchObject({
      plan: "",
      phone_number: "08031234567",
      smart_no: "",
      meter_no: "",
      exam_card: "",
      subtotal: 500,
      amount: 487.5,
      initial_balance: 10000,
      new_balance: 9512.5,
      status: 1,
      created_at: "2026-03-02T10:05:00.000+01:00",
    });
    expect(list[2]).toMatchObject({ created_at: "2026-03-02T10:00:00.000+01:00", amount: 10000 });
  });

  it("never lists another user's transactions", async () => {
    fund(1_000_00);
    const demoToken = await logIn(test, "normal@payvend.test", demoPassword);
    const demoList = (await test.call("GET", "/v1/get-transactions/", { token: demoToken })).body as { id: number }[];
    const mine = (await test.call("GET", "/v1/get-transactions/", { token })).body as { id: number }[];
    expect(mine).toHaveLength(1);
    expect(demoList.map((row) => row.id)).not.toContain(mine[0]?.id);
    const owners = test.db
      .prepare(`SELECT DISTINCT user_id FROM transactions WHERE id IN (${demoList.map(() => "?").join(", ")})`)
      .all(...demoList.map((row) => row.id));
    expect(owners).toHaveLength(1);
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/get-transactions/")).status).toBe(401);
  });
});

describe("call 37: GET /v1/get-transactions/{trans_id}", () => {
  const notFound = { status: 404, body: { status: 404, message: "Transaction not found." } };

  it("answers the caller's transaction as a one-element array", async () => {
    const funding = fund(1_000_00);
    const answer = await test.call("GET", `/v1/get-transactions/${funding.id}`, { token });
    const list = (await test.call("GET", "/v1/get-transactions/", { token })).body as unknown[];
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([list[0]]);
    expect(answer.body).toMatchObject([{ id: funding.id, transaction_ref: funding.transactionRef }]);
  });

  it("answers 404 alike for someone else's id, an unknown one and a malformed one", async () => {
    const othersId = Number(
      test.db.prepare("SELECT MIN(id) AS id FROM transactions WHERE user_id <> ?").get(userId)?.["id"],
    );
    expect(othersId).toBeGreaterThan(0);
    for (const id of [String(othersId), "999999", "0", "abc", "1.5", "-1", "99999999999999999999"]) {
      expect(await test.call("GET", `/v1/get-transactions/${id}`, { token })).toMatchObject(notFound);
    }
  });

  it("has no trailing slash, and needs a token", async () => {
    const funding = fund(1_000_00);
    expect((await test.call("GET", `/v1/get-transactions/${funding.id}/`, { token })).status).toBe(404);
    expect((await test.call("GET", `/v1/get-transactions/${funding.id}`)).status).toBe(401);
  });
});
