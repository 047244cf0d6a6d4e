import { DatabaseSync } from "node:sqlite";
import { expect, type Locator, type Page } from "@playwright/test";
import { recordTransaction } from "../../sandbox/transactions.ts";
import { createAccount, type Person } from "./accounts-support.ts";
import { koboOf } from "./dashboard-support.ts";

// Shared pieces of the purchase tests (tests/e2e/purchase-*.spec.ts): buyers with a known
// level and balance, written straight into the sandbox's SQLite file, and readers of what
// the wallet and its ledger hold afterwards.

function sandboxDatabase(): DatabaseSync {
  const path = process.env.E2E_SANDBOX_DB;
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path);
  // The server writes to the same file; wait for its lock instead of failing.
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

function userId(db: DatabaseSync, email: string): number {
  const row = db.prepare("SELECT id FROM users WHERE email = ?").get(email);
  if (row === undefined) throw new Error(`no user ${email} in the sandbox`);
  return Number(row["id"]);
}

export type UserLevel = 0 | 1 | 2 | 3;

/** A verified account of this level whose wallet was funded with `balanceKobo`. */
export async function createBuyer(tag: string, { level = 0, balanceKobo }: { level?: UserLevel; balanceKobo: number }): Promise<Person> {
  const person = await createAccount(tag, { verified: true });
  const db = sandboxDatabase();
  try {
    db.prepare("UPDATE users SET level = ? WHERE email = ?").run(level, person.email);
  } finally {
    db.close();
  }
  if (balanceKobo > 0) fundWallet(person.email, balanceKobo);
  return person;
}

/** Credits the wallet as a confirmed funding would, and says what the balance is now. */
export function fundWallet(email: string, amountKobo: number): number {
  const db = sandboxDatabase();
  try {
    const recorded = recordTransaction(db, {
      userId: userId(db, email),
      product: "funding",
      subcategoryId: null,
      description: "Wallet funding for a test",
      subtotalKobo: amountKobo,
      amountKobo,
      createdAt: new Date().toISOString(),
      status: 1,
    });
    if (!recorded.ok) throw new Error(`could not fund ${email}`);
    return recorded.transaction.newBalanceKobo;
  } finally {
    db.close();
  }
}

export type Wallet = {
  /** What the sandbox says the balance is: the sum of its ledger rows. */
  balanceKobo: number;
  /** Purchase debits (negative rows) and refunds, as the ledger holds them. */
  debits: number;
  refunds: number;
  /** The lowest balance any transaction of the user left behind. */
  lowestBalanceKobo: number;
  transactions: { status: number; amountKobo: number; phoneNumber: string }[];
};

export function wallet(email: string): Wallet {
  const db = sandboxDatabase();
  try {
    const id = userId(db, email);
    const ledger = db.prepare("SELECT amount_kobo, kind FROM ledger_entries WHERE user_id = ?").all(id);
    const balanceKobo = ledger.reduce((sum, row) => sum + Number(row["amount_kobo"]), 0);
    const transactions = db
      .prepare("SELECT status, amount_kobo, phone_number, new_balance_kobo FROM transactions WHERE user_id = ? AND product <> 'funding' ORDER BY id")
      .all(id);
    return {
      balanceKobo,
      debits: ledger.filter((row) => Number(row["amount_kobo"]) < 0).length,
      refunds: ledger.filter((row) => Number(row["amount_kobo"]) > 0 && row["kind"] !== "funding").length,
      lowestBalanceKobo: Math.min(balanceKobo, ...transactions.map((row) => Number(row["new_balance_kobo"]))),
      transactions: transactions.map((row) => ({
        status: Number(row["status"]),
        amountKobo: Number(row["amount_kobo"]),
        phoneNumber: String(row["phone_number"]),
      })),
    };
  } finally {
    db.close();
  }
}

/** The balance a purchase page shows above its form, in kobo. */
export async function shownBalance(page: Page): Promise<number> {
  const text = await page.getByText(/^Wallet balance:/).locator("strong").innerText();
  return koboOf(text);
}

/** The confirmation step (app/components/purchase.tsx). */
export function confirmationStep(page: Page): Locator {
  return page.getByRole("article", { name: "Confirm your purchase" });
}

/** One line of the confirmation's summary, by its label. */
export function summaryValue(page: Page, label: string): Locator {
  return confirmationStep(page).locator("dl > div").filter({ has: page.locator("dt", { hasText: label }) }).locator("dd");
}

/** 'You will be charged ₦...' on the confirmation step, in kobo. */
export async function confirmedCharge(page: Page): Promise<number> {
  await expect(confirmationStep(page)).toBeVisible();
  return koboOf(await confirmationStep(page).locator(".charge-line strong").innerText());
}

/** The sealed confirmation and CSRF token of the step on the page, as a script would post them. */
export async function confirmationFields(page: Page): Promise<{ confirmation: string; csrf: string }> {
  const form = confirmationStep(page).locator("form");
  return {
    confirmation: await form.locator('input[name="confirmation"]').inputValue(),
    csrf: await form.locator('input[name="csrf"]').inputValue(),
  };
}

/** SPEC.md §5 charge: amount less the discount percent, half-up to the kobo. */
export function expectedCharge(amountKobo: number, discountBasisPoints: number): number {
  return Math.floor((amountKobo * (10_000 - discountBasisPoints) * 2 + 10_000) / 20_000);
}
