import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, expect } from "vitest";
import { openDatabase } from "./db.ts";
import { createSandbox } from "./handler.ts";
import type { Sandbox } from "./handler.ts";
import type { LogEntry } from "./log.ts";
import { recordTransaction } from "./transactions.ts";

// Shared by the sandbox's own tests; not a test file itself, so Vitest does not run it.

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface CallOptions {
  readonly body?: unknown;
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly logged: LogEntry[];
  // A second connection to the same file, for reading rows as they are stored.
  readonly db: DatabaseSync;
  readonly databasePath: string;
  advance(ms: number): void;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  // Closes the sandbox and opens a new one on the same file and clock, as a restart does.
  reopen(): void;
  close(): void;
}

export interface TestSandboxOptions {
  readonly settleAfterMs?: number;
}

export const testPortalOrigin = "https://portal.test";

export function startTestSandbox(options: TestSandboxOptions = {}): TestSandbox {
  const folder = mkdtempSync(join(tmpdir(), "sandbox-test-"));
  const databasePath = join(folder, "sandbox.db");
  const logged: LogEntry[] = [];
  let clock = Date.parse("2026-03-02T09:00:00.000Z");
  const open = (): Sandbox =>
    createSandbox({
      databasePath,
      portalOrigin: testPortalOrigin,
      now: () => clock,
      settleAfterMs: options.settleAfterMs,
      log: (entry) => logged.push(entry),
    });
  let sandbox = open();
  const db = openDatabase(databasePath);

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers = new Headers({ Accept: "application/json", ...options.headers });
    if (options.token !== undefined) {
      headers.set("Authorization", `Bearer ${options.token}`);
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    const response = await sandbox.handle(new Request(`http://sandbox.test${path}`, { method, headers, body }));
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers };
  }

  return {
    get sandbox() {
      return sandbox;
    },
    logged,
    db,
    databasePath,
    advance: (ms) => {
      clock += ms;
    },
    call,
    reopen: () => {
      sandbox.close();
      sandbox = open();
    },
    close: () => {
      db.close();
      sandbox.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

// MTN 1GB for 30 days, as calls 23 and 24 take it: priced ₦970, face value ₦1,000, ₦960.30
// to a Normal account (seed-catalog.ts).
export const mtn1gbPlan = {
  size: "1GB",
  title: "MTN 1GB - 30 days",
  subcategory_id: 5,
  phone_number: "08011111111",
  amount: 970,
  variation_amount: 1000,
  service_id: "mtn-data",
  variation_code: "mtn-1gb-30",
};

export interface NewAccount {
  readonly email: string;
  readonly password: string;
}

export function registration(email: string, password = "Sturdy-pass-1"): Record<string, unknown> {
  return {
    first_name: "Ifeoma",
    last_name: "Nnamdi",
    username: email,
    email,
    password,
    password2: password,
    profile: { phone_no: "08123456789", referred_by: "", hear_us: "Twitter" },
  };
}

export async function registerAccount(test: TestSandbox, email = "ifeoma@example.com"): Promise<NewAccount> {
  const body = registration(email);
  const answer = await test.call("POST", "/v1/register/", { body });
  if (answer.status !== 200) {
    throw new Error(`Registration failed: ${JSON.stringify(answer.body)}`);
  }
  return { email, password: String(body["password"]) };
}

export async function logIn(test: TestSandbox, email: string, password: string): Promise<string> {
  const answer = await test.call("POST", "/v1/login/", { body: { email, password } });
  const key = isRecord(answer.body) ? answer.body["key"] : undefined;
  if (answer.status !== 200 || typeof key !== "string") {
    throw new Error(`Login failed: ${JSON.stringify(answer.body)}`);
  }
  return key;
}

// The newest e-mail log line to an address, which carries the OTP or link in the sandbox.
export function lastEmail(test: TestSandbox, to: string): LogEntry {
  const entry = test.logged.findLast((line) => line["event"] === "email" && line["to"] === to);
  if (entry === undefined) {
    throw new Error(`No e-mail to ${to} was logged.`);
  }
  return entry;
}

export function lastOtp(test: TestSandbox, to: string): string {
  return String(lastEmail(test, to)["otp"]);
}

export function lastResetToken(test: TestSandbox, to: string): string {
  const link = new URL(String(lastEmail(test, to)["link"]));
  return link.searchParams.get("token") ?? "";
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function profileOf(body: unknown): Record<string, unknown> {
  const profile = isRecord(body) ? body["profile"] : undefined;
  if (!isRecord(profile)) {
    throw new Error(`No profile in ${JSON.stringify(body)}`);
  }
  return profile;
}

export function userIdOf(test: TestSandbox, email: string): number {
  const id = test.db.prepare("SELECT id FROM users WHERE email = ?").get(email)?.["id"];
  if (typeof id !== "number") {
    throw new Error(`No user ${email}.`);
  }
  return id;
}

// A confirmed funding row with its ledger credit, as a card payment leaves one.
export function fundWallet(test: TestSandbox, userId: number, amountKobo: number): void {
  const funded = recordTransaction(test.db, {
    userId,
    product: "funding",
    subcategoryId: null,
    description: `Wallet funding of ${amountKobo / 100} by card`,
    subtotalKobo: amountKobo,
    amountKobo,
    status: 1,
    createdAt: "2026-03-02T08:00:00.000Z",
  });
  if (!funded.ok) {
    throw new Error("Funding was refused.");
  }
}

export interface Buyer {
  readonly email: string;
  readonly userId: number;
  readonly token: string;
}

// A new account with exactly `balanceKobo` and no other history, so every figure a test
// reads is its own doing.
export async function newBuyer(test: TestSandbox, balanceKobo: number, email = "buyer@example.com"): Promise<Buyer> {
  const account = await registerAccount(test, email);
  const token = await logIn(test, account.email, account.password);
  const userId = userIdOf(test, email);
  if (balanceKobo > 0) {
    fundWallet(test, userId, balanceKobo);
  }
  return { email, userId, token };
}

export interface BuyerTest {
  readonly test: TestSandbox;
  readonly buyer: Buyer;
}

// Registers the hooks most purchase tests share: before each test a fresh sandbox and a new
// buyer holding exactly `balanceKobo`, handed to `take` (which keeps them in the file's
// variables); after it, the sandbox closed and its folder removed.
export function freshBuyerEachTest(balanceKobo: number, take: (fresh: BuyerTest) => void): void {
  let current: TestSandbox | undefined;
  beforeEach(async () => {
    const test = startTestSandbox();
    current = test;
    take({ test, buyer: await newBuyer(test, balanceKobo) });
  });
  afterEach(() => {
    current?.close();
    current = undefined;
  });
}

export async function walletKobo(test: TestSandbox, token: string): Promise<number> {
  const profile = profileOf((await test.call("GET", "/v1/user/profile/", { token })).body);
  return Math.round(Number(profile["wallet_balance"]) * 100);
}

export function ledgerSumKobo(db: DatabaseSync, userId: number): number {
  const sum = db
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) AS sum FROM ledger_entries WHERE user_id = ?")
    .get(userId)?.["sum"];
  if (typeof sum !== "number") {
    throw new Error("SUM returned nothing.");
  }
  return sum;
}

// The account's purchase rows of any status: every transaction but funding.
export function purchaseRowCount(db: DatabaseSync, userId: number): number {
  return Number(
    db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND product <> 'funding'").get(userId)?.["n"],
  );
}

// The ledger rows one transaction reference has left, as {kind, amount_kobo}, oldest first.
export function ledgerEntriesOf(db: DatabaseSync, reference: string): unknown[] {
  return db
    .prepare("SELECT kind, amount_kobo FROM ledger_entries WHERE reference = ? ORDER BY id")
    .all(reference)
    .map((row) => ({ ...row }));
}

export interface Books {
  readonly ledgerKobo: number;
  // What the transaction rows say the ledger must hold: a confirmed funding adds, a paid
  // purchase (pending or confirmed) takes, a reversed one has its debit and one refund, and
  // one the card paid for has no ledger row at all.
  readonly expectedKobo: number;
  // Transaction references whose ledger rows are not the ones their status calls for.
  readonly mismatched: readonly string[];
}

// The account's ledger read against its transaction rows, for tests to assert on.
export function readBooks(db: DatabaseSync, userId: number): Books {
  const transactions = db
    .prepare("SELECT transaction_ref, product, amount_kobo, status, paid_by FROM transactions WHERE user_id = ?")
    .all(userId);
  const ledger = db
    .prepare("SELECT reference, kind, amount_kobo FROM ledger_entries WHERE user_id = ? ORDER BY id")
    .all(userId);
  let expectedKobo = 0;
  const mismatched: string[] = [];
  for (const row of transactions) {
    const ref = String(row["transaction_ref"]);
    const amount = Number(row["amount_kobo"]);
    const status = Number(row["status"]);
    const kinds = ledger
      .filter((entry) => entry["reference"] === ref)
      .map((entry) => `${String(entry["kind"])}:${String(entry["amount_kobo"])}`);
    let expectedKinds: string[] = [];
    if (row["paid_by"] === "card") {
      expectedKinds = [];
    } else if (row["product"] === "funding") {
      expectedKinds = status === 1 ? [`funding:${amount}`] : [];
      expectedKobo += status === 1 ? amount : 0;
    } else if (status === 0 || status === 1) {
      expectedKinds = [`purchase:${-amount}`];
      expectedKobo -= amount;
    } else if (status === 4) {
      expectedKinds = [`purchase:${-amount}`, `refund:${amount}`];
    }
    if (amount === 0) {
      expectedKinds = [];
    }
    if (JSON.stringify(kinds) !== JSON.stringify(expectedKinds)) {
      mismatched.push(ref);
    }
  }
  const opening = ledger
    .filter((entry) => entry["kind"] === "opening_balance")
    .reduce((sum, entry) => sum + Number(entry["amount_kobo"]), 0);
  return { ledgerKobo: ledgerSumKobo(db, userId), expectedKobo: expectedKobo + opening, mismatched };
}

// After any scenario: every transaction has exactly the ledger rows its status calls for,
// the ledger adds up to what the rows say, it is not negative, and the wallet the profile
// call shows is that sum.
export async function expectBooksBalance(test: TestSandbox, buyer: Buyer): Promise<void> {
  const books = readBooks(test.db, buyer.userId);
  expect(books.mismatched).toEqual([]);
  expect(books.ledgerKobo).toBe(books.expectedKobo);
  expect(books.ledgerKobo).toBeGreaterThanOrEqual(0);
  expect(await walletKobo(test, buyer.token)).toBe(books.ledgerKobo);
}

// A valid call to the sandbox gateway's POST /gateway/v1/payments, for a test to vary.
export function gatewayPaymentBody(reference: string, amount: number | string, email: string): Record<string, unknown> {
  return {
    reference,
    amount,
    currency: "NGN",
    description: "Wallet Funding",
    customer: { email, name: "Ifeoma Nnamdi", phone: "08123456789" },
    return_url: `${testPortalOrigin}/dashboard/fund-wallet/return?method=card`,
  };
}

export async function startGatewayPayment(test: TestSandbox, body: Record<string, unknown>): Promise<Answer> {
  return test.call("POST", "/gateway/v1/payments", { body });
}

// The tester's press of Pay or Cancel on the checkout page: a form post, as a browser sends it.
export function decideGatewayPayment(test: TestSandbox, reference: string, decision: string): Promise<Response> {
  return test.sandbox.handle(
    new Request(`http://sandbox.test/gateway/checkout/${encodeURIComponent(reference)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision }).toString(),
      redirect: "manual",
    }),
  );
}

export async function checkoutPageOf(
  test: TestSandbox,
  reference: string,
): Promise<{ status: number; html: string; type: string }> {
  const response = await test.sandbox.handle(
    new Request(`http://sandbox.test/gateway/checkout/${encodeURIComponent(reference)}`),
  );
  return { status: response.status, html: await response.text(), type: response.headers.get("content-type") ?? "" };
}

// A paid gateway payment made with the buyer's e-mail, ready for call 42.
export async function paidCardPayment(
  test: TestSandbox,
  buyer: Buyer,
  reference: string,
  amount: number | string,
): Promise<void> {
  const started = await startGatewayPayment(test, gatewayPaymentBody(reference, amount, buyer.email));
  if (started.status !== 200) {
    throw new Error(`The gateway refused the payment: ${JSON.stringify(started.body)}`);
  }
  const decided = await decideGatewayPayment(test, reference, "pay");
  if (decided.status !== 303) {
    throw new Error(`Paying answered ${decided.status}.`);
  }
}

// Adds a NIN straight to the row, as call 14 would, so call 44 will open an account.
export function giveNin(test: TestSandbox, userId: number, nin = "12345678901"): void {
  test.db.prepare("UPDATE users SET nin = ? WHERE id = ?").run(nin, userId);
}
