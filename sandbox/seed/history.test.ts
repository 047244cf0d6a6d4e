import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../store/db.ts";
import { demoAccounts, demoPassword } from "./demo-accounts.ts";
import type { DemoAccount } from "./demo-accounts.ts";
import { seedDatabase } from "./seed.ts";
import { logIn, profileOf } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import { productKinds } from "../money/transactions.ts";

interface WireTransaction {
  id: number;
  transaction_ref: string;
  description: string;
  meter_no: string;
  exam_card: string;
  token: string;
  amount: number;
  initial_balance: number;
  new_balance: number;
  status: number;
  created_at: string;
}

let test: TestSandbox;
const histories = new Map<string, WireTransaction[]>();
const balances = new Map<string, unknown>();
const seedMs = Date.parse("2026-03-02T09:00:00.000Z");

beforeAll(async () => {
  test = startTestSandbox();
  for (const account of demoAccounts) {
    const token = await logIn(test, account.email, demoPassword);
    histories.set(
      account.email,
      (await test.call("GET", "/v1/get-transactions/", { token })).body as WireTransaction[],
    );
    balances.set(
      account.email,
      profileOf((await test.call("GET", "/v1/user/profile/", { token })).body)["wallet_balance"],
    );
  }
});

afterAll(() => {
  test.close();
});

function history(account: DemoAccount): WireTransaction[] {
  return histories.get(account.email) ?? [];
}

function toKobo(naira: number): number {
  return Math.round(naira * 100);
}

function ledger(account: DemoAccount): { kind: string; reference: string; amount: number }[] {
  return test.db
    .prepare(
      `SELECT l.kind, l.reference, l.amount_kobo FROM ledger_entries l JOIN users u ON u.id = l.user_id
       WHERE u.email = ? ORDER BY l.id`,
    )
    .all(account.email)
    .map((row) => ({
      kind: String(row["kind"]),
      reference: String(row["reference"]),
      amount: Number(row["amount_kobo"]),
    }));
}

describe.each(demoAccounts)("the seeded history of $email", (account) => {
  it("has 40 to 80 transactions over the six months before the seed, newest first", () => {
    const list = history(account);
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.length).toBeLessThanOrEqual(80);
    const times = list.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThan(seedMs);
    expect(seedMs - Math.min(...times)).toBeGreaterThan(150 * 24 * 3600 * 1000);
    expect(new Set(list.map((row) => row.transaction_ref)).size).toBe(list.length);
  });

  it("shows every status and every product kind", () => {
    expect(new Set(history(account).map((row) => row.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    const kinds = test.db
      .prepare("SELECT DISTINCT t.product FROM transactions t JOIN users u ON u.id = t.user_id WHERE u.email = ?")
      .all(account.email)
      .map((row) => row["product"]);
    expect(new Set(kinds)).toEqual(new Set(productKinds));
  });

  it("has tokens the portal can read from the description, exam cards and long descriptions", () => {
    const list = history(account);
    const withToken = list.filter((row) => row.token !== "");
    expect(withToken.length).toBeGreaterThan(0);
    for (const row of withToken) {
      expect(row.status).toBe(1);
      expect(row.meter_no).toMatch(/^\d{11}$/);
      expect(row.description.slice(row.description.indexOf(":") + 1).trim()).toBe(row.token);
    }
    const cards = list.filter((row) => row.exam_card !== "");
    expect(cards.length).toBeGreaterThan(0);
    for (const row of cards) {
      expect(row.exam_card).toMatch(/^Serial: [A-Z]{3}\d{9}, PIN: \d{12}$/);
    }
    expect(list.some((row) => row.description.length > 40)).toBe(true);
    expect(list.some((row) => row.description.length <= 40)).toBe(true);
  });

  it("keeps the pending purchases newest, as a biller would still be working on them", () => {
    const times = test.db
      .prepare(
        `SELECT MAX(CASE WHEN t.status <> 0 AND t.product <> 'funding' THEN t.created_at END) AS settled,
                MIN(CASE WHEN t.status = 0 THEN t.created_at END) AS pending
         FROM transactions t JOIN users u ON u.id = t.user_id WHERE u.email = ?`,
      )
      .get(account.email);
    expect(String(times?.["settled"]) < String(times?.["pending"])).toBe(true);
  });

  it("ends on the documented balance: ledger sum, wallet balance and the newest new_balance agree", () => {
    const sum = ledger(account).reduce((total, entry) => total + entry.amount, 0);
    expect(sum).toBe(account.balanceKobo);
    expect(balances.get(account.email)).toBe(account.balanceKobo / 100);
    expect(toKobo(history(account)[0]?.new_balance ?? 0)).toBe(account.balanceKobo);
  });

  it("chains balances through the ledger: each move has its rows and each refund shows in the next row", () => {
    const entries = ledger(account);
    const chronological = [...history(account)].reverse();
    const opening = entries.find((entry) => entry.kind === "opening_balance");
    expect(toKobo(chronological[0]?.initial_balance ?? -1)).toBe(opening?.amount);
    let expected = opening?.amount ?? 0;
    for (const row of chronological) {
      const rows = entries.filter((entry) => entry.reference === row.transaction_ref);
      const amount = toKobo(row.amount);
      expect(toKobo(row.initial_balance)).toBe(expected);
      const isFunding = rows.some((entry) => entry.kind === "funding");
      const move = isFunding ? amount : row.status === 2 || row.status === 3 ? 0 : -amount;
      expect(toKobo(row.new_balance) - toKobo(row.initial_balance)).toBe(move);
      const kinds = rows.map((entry) => [entry.kind, entry.amount]);
      if (isFunding) {
        expect(kinds).toEqual([["funding", amount]]);
      } else if (row.status === 2 || row.status === 3) {
        expect(kinds).toEqual([]);
      } else if (row.status === 4) {
        expect(kinds).toEqual([
          ["purchase", -amount],
          ["refund", amount],
        ]);
      } else {
        expect(kinds).toEqual([["purchase", -amount]]);
      }
      expected = toKobo(row.new_balance) + (row.status === 4 ? amount : 0);
    }
    const referenced = new Set(chronological.map((row) => row.transaction_ref));
    expect(entries.filter((entry) => entry.kind !== "opening_balance" && !referenced.has(entry.reference))).toEqual([]);
  });
});

describe("the seeded history", () => {
  function summary(ms: number): unknown[] {
    const db = openDatabase(":memory:");
    seedDatabase(db, () => ms);
    const rows = db
      .prepare(
        `SELECT user_id, product, status, plan, description, subtotal_kobo, amount_kobo, initial_balance_kobo,
           new_balance_kobo FROM transactions ORDER BY id`,
      )
      .all()
      .map((row) => ({ ...row }));
    db.close();
    return rows;
  }

  it("is the same whatever the seed time, apart from the dates", () => {
    expect(summary(Date.parse("2026-07-15T22:45:00.000Z"))).toEqual(summary(seedMs));
  });
});
