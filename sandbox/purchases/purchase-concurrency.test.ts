import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../store/db.ts";
import { startSandboxServer } from "../serve.ts";
import type { SandboxServer } from "../serve.ts";
import { registration } from "../testing/accounts.ts";
import { ledgerSumKobo, readBooks } from "../testing/books.ts";
import { recordTransaction } from "../money/transactions.ts";

// Purchases racing over real HTTP, in one process and across two processes sharing one
// file. The figures are printed so they can be quoted; time is measured, never asserted.

// ₦100 of MTN airtime costs a Normal account ₦98.00.
const chargeKobo = 98_00;
const insufficient =
  /^Insufficient wallet balance: you have ₦\d[\d,]*\.\d{2} and this purchase costs ₦98\.00\. Please fund your wallet\.$/;

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "sandbox-race-"));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

interface Buyer {
  readonly userId: number;
  readonly token: string;
}

interface Reply {
  readonly status: number;
  readonly text: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(url, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

// A new account over HTTP, funded through a connection of the test's own.
async function newBuyer(baseUrl: string, db: DatabaseSync, email: string, balanceKobo: number): Promise<Buyer> {
  const registered = await postJson(`${baseUrl}/v1/register/`, registration(email));
  expect(registered.status).toBe(200);
  const login = await postJson(`${baseUrl}/v1/login/`, { email, password: "Sturdy-pass-1" });
  const token = String((JSON.parse(login.text) as { key: string }).key);
  const userId = Number(db.prepare("SELECT id FROM users WHERE email = ?").get(email)?.["id"]);
  const funded = recordTransaction(db, {
    userId,
    product: "funding",
    subcategoryId: null,
    description: "Wallet funding by card",
    subtotalKobo: balanceKobo,
    amountKobo: balanceKobo,
    status: 1,
    createdAt: new Date().toISOString(),
  });
  expect(funded.ok).toBe(true);
  return { userId, token };
}

function buyAirtime(baseUrl: string, buyer: Buyer, phone: string, key: string): Promise<Reply> {
  return postJson(
    `${baseUrl}/v1/purchase-airtime/`,
    { subcategory_id: 1, phone_number: phone, amount: 100 },
    { Authorization: `Bearer ${buyer.token}`, "Idempotency-Key": key },
  );
}

function phoneFor(index: number): string {
  return `0804${String(index).padStart(7, "0")}`;
}

// The ledger in the order it was written: its running sum must never have gone below zero.
function lowestRunningBalance(db: DatabaseSync, userId: number): number {
  let running = 0;
  let lowest = 0;
  for (const row of db.prepare("SELECT amount_kobo FROM ledger_entries WHERE user_id = ? ORDER BY id").all(userId)) {
    running += Number(row["amount_kobo"]);
    lowest = Math.min(lowest, running);
  }
  return lowest;
}

function purchaseRows(db: DatabaseSync, userId: number): number {
  return Number(
    db.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ? AND kind = 'purchase'").get(userId)?.["n"],
  );
}

function expectSoundBooks(db: DatabaseSync, userId: number): void {
  const books = readBooks(db, userId);
  expect(books.mismatched).toEqual([]);
  expect(books.ledgerKobo).toBe(books.expectedKobo);
  expect(lowestRunningBalance(db, userId)).toBeGreaterThanOrEqual(0);
  expect(
    Number(db.prepare("SELECT MIN(new_balance_kobo) AS low FROM transactions WHERE user_id = ?").get(userId)?.["low"]),
  ).toBeGreaterThanOrEqual(0);
}

async function walletKobo(baseUrl: string, buyer: Buyer): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/user/profile/`, { headers: { Authorization: `Bearer ${buyer.token}` } });
  const body = (await response.json()) as { profile: { wallet_balance: number } };
  return Math.round(body.profile.wallet_balance * 100);
}

function tally(replies: readonly Reply[]): { successes: number; refusals: number; other: Reply[] } {
  const successes = replies.filter((reply) => reply.status === 200).length;
  const refusals = replies.filter(
    (reply) =>
      reply.status === 400 && insufficient.test(String((JSON.parse(reply.text) as { message: string }).message)),
  ).length;
  return { successes, refusals, other: replies.filter((reply) => reply.status !== 200 && reply.status !== 400) };
}

describe("purchases racing over HTTP in one process (startSandboxServer)", () => {
  let server: SandboxServer;
  let db: DatabaseSync;

  beforeAll(async () => {
    const databasePath = join(folder, "one-process.db");
    server = await startSandboxServer({ port: 0, host: "127.0.0.1", databasePath, log: () => undefined });
    db = openDatabase(databasePath);
  });

  afterAll(async () => {
    db.close();
    await server.close();
  });

  it("answers 50 simultaneous posts of one key identically, with one debit", async () => {
    const buyer = await newBuyer(server.url, db, "same-key@example.com", 1_000_00);
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => buyAirtime(server.url, buyer, "08011111111", "one-key-for-fifty")),
    );
    const elapsed = Math.round(performance.now() - started);
    const distinct = new Set(replies.map((reply) => `${reply.status} ${reply.text}`));
    console.log(
      `same key ×50 over HTTP: ${replies.filter((reply) => reply.status === 200).length} answers of 200, ` +
        `${distinct.size} distinct, ${purchaseRows(db, buyer.userId)} debit, final balance ` +
        `${ledgerSumKobo(db, buyer.userId) / 100}, ${elapsed} ms`,
    );
    expect(distinct.size).toBe(1);
    expect(replies[0]?.status).toBe(200);
    expect(purchaseRows(db, buyer.userId)).toBe(1);
    expect(ledgerSumKobo(db, buyer.userId)).toBe(1_000_00 - chargeKobo);
    expectSoundBooks(db, buyer.userId);
  });

  it("sells exactly 20 of 100 simultaneous purchases a balance covers, and refuses 80", async () => {
    const buyer = await newBuyer(server.url, db, "twenty@example.com", 20 * chargeKobo);
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, index) => buyAirtime(server.url, buyer, phoneFor(index), `race-${index}`)),
    );
    const elapsed = Math.round(performance.now() - started);
    const { successes, refusals, other } = tally(replies);
    const ledger = ledgerSumKobo(db, buyer.userId);
    const wallet = await walletKobo(server.url, buyer);
    console.log(
      `100 purchases at once over HTTP, balance for 20: ${successes} succeeded, ${refusals} refused, ` +
        `final balance ${wallet / 100}, ledger sum ${ledger / 100}, lowest running balance ` +
        `${lowestRunningBalance(db, buyer.userId) / 100}, ${elapsed} ms`,
    );
    expect(other).toEqual([]);
    expect(successes).toBe(20);
    expect(refusals).toBe(80);
    expect(ledger).toBe(0);
    expect(wallet).toBe(ledger);
    expectSoundBooks(db, buyer.userId);
  });
});

// Two sandbox processes on one file, as the embedded sandbox and `npm run sandbox` can be:
// only the database's lock (BEGIN IMMEDIATE, with the busy timeout) keeps them apart.
describe("purchases racing between two sandbox processes on one file", () => {
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  let db: DatabaseSync;

  function startProcess(databasePath: string): Promise<string> {
    const child = spawn(process.execPath, [fileURLToPath(new URL("../serve.ts", import.meta.url))], {
      env: { ...process.env, SANDBOX_PORT: "0", SANDBOX_HOST: "127.0.0.1", SANDBOX_DB: databasePath },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("The sandbox process did not start.")), 30_000);
      child.once("exit", (code) => reject(new Error(`The sandbox process exited with ${String(code)}.`)));
      if (child.stdout === null) {
        reject(new Error("No stdout."));
        return;
      }
      createInterface({ input: child.stdout }).on("line", (line) => {
        const entry = JSON.parse(line) as { event?: string; url?: string };
        if (entry.event === "sandbox_listening" && entry.url !== undefined) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      });
    });
  }

  beforeAll(async () => {
    const databasePath = join(folder, "two-processes.db");
    // One after the other, so the seed is written once before both serve.
    urls.push(await startProcess(databasePath));
    urls.push(await startProcess(databasePath));
    db = openDatabase(databasePath);
  }, 60_000);

  afterAll(async () => {
    db.close();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) {
              resolve();
              return;
            }
            child.removeAllListeners("exit");
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
  });

  it("sells exactly what the balance covers when both processes take orders at once", async () => {
    const [first = "", second = ""] = urls;
    const buyer = await newBuyer(first, db, "two-processes@example.com", 20 * chargeKobo);
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        buyAirtime(index % 2 === 0 ? first : second, buyer, phoneFor(index), `split-${index}`),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    const { successes, refusals, other } = tally(replies);
    const ledger = ledgerSumKobo(db, buyer.userId);
    console.log(
      `60 purchases split between two processes, balance for 20: ${successes} succeeded, ${refusals} refused, ` +
        `final balance ${(await walletKobo(second, buyer)) / 100}, ledger sum ${ledger / 100}, ${elapsed} ms`,
    );
    expect(other).toEqual([]);
    expect(successes).toBe(20);
    expect(refusals).toBe(40);
    expect(ledger).toBe(0);
    expect(await walletKobo(first, buyer)).toBe(0);
    expectSoundBooks(db, buyer.userId);
  });

  it("answers one key sent to both processes at once with one debit", async () => {
    const [first = "", second = ""] = urls;
    const buyer = await newBuyer(second, db, "two-processes-key@example.com", 1_000_00);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        buyAirtime(index % 2 === 0 ? first : second, buyer, "08011111111", "one-key-two-processes"),
      ),
    );
    const distinct = new Set(replies.map((reply) => `${reply.status} ${reply.text}`));
    console.log(
      `same key ×20 across two processes: ${distinct.size} distinct answer, ${purchaseRows(db, buyer.userId)} debit`,
    );
    expect(distinct.size).toBe(1);
    expect(purchaseRows(db, buyer.userId)).toBe(1);
    expectSoundBooks(db, buyer.userId);
  });
});
