import { afterEach, beforeEach } from "vitest";
import { recordTransaction } from "../money/transactions.ts";
import { logIn, profileOf, registerAccount, userIdOf } from "./accounts.ts";
import { type TestSandbox, startTestSandbox } from "./sandbox.ts";

// Wallets: fund them and make buyers with exactly the money a test needs.
// Shared by the sandbox's own tests; not a test file itself, so Vitest does not run it.

// MTN 1GB for 30 days, as calls 23 and 24 take it: priced ₦970, face value ₦1,000, ₦960.30
// to a Normal account (seed/catalog.ts).
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
