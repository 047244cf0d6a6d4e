import { expect, type Locator, type Page } from "@playwright/test";
import { recordTransaction } from "../../../sandbox/money/transactions.ts";
import { sandboxDatabase, userId } from "./sandbox.ts";

// Money as the portal shows it and the sandbox keeps it: naira and kobo, a percent, a discounted
// charge, a wallet funded and read back from the ledger, the balance above a purchase form.

export const NAIRA_PATTERN = /^-?₦\d{1,3}(,\d{3})*\.\d{2}$/;

/** "₦1,234.50" (thousands separators, 2 decimals) to kobo. */
export function koboOf(text: string): number {
  expect(text, "naira with thousands separators and 2 decimals").toMatch(NAIRA_PATTERN);
  const negative = text.startsWith("-");
  const kobo = Number(text.replace(/[-₦,.]/g, ""));
  return negative ? -kobo : kobo;
}

/** Kobo as the portal shows it: "₦1,234.50". */
export function nairaOf(kobo: number): string {
  const whole = Math.floor(Math.abs(kobo) / 100);
  const fraction = String(Math.abs(kobo) % 100).padStart(2, "0");
  return `${kobo < 0 ? "-" : ""}₦${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** Basis points as the portal states a percent: 200 is "2%", 250 is "2.5%". */
export function percentText(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** The charge: amount less the discount percent, half-up to the kobo. */
export function expectedCharge(amountKobo: number, discountBasisPoints: number): number {
  return Math.floor((amountKobo * (10_000 - discountBasisPoints) * 2 + 10_000) / 20_000);
}

/** Credits the wallet as a confirmed funding would, and says what the balance is now. */
export function fundWallet(email: string, amountKobo: number, database?: string): number {
  const db = sandboxDatabase(database);
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

export function wallet(email: string, database?: string): Wallet {
  const db = sandboxDatabase(database);
  try {
    const id = userId(db, email);
    const ledger = db.prepare("SELECT amount_kobo, kind FROM ledger_entries WHERE user_id = ?").all(id);
    const balanceKobo = ledger.reduce((sum, row) => sum + Number(row["amount_kobo"]), 0);
    const transactions = db
      .prepare(
        "SELECT status, amount_kobo, phone_number, new_balance_kobo FROM transactions WHERE user_id = ? AND product <> 'funding' ORDER BY id",
      )
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

/** The wallet balance a purchase page shows above its form. */
export function balanceLine(page: Page): Locator {
  return page.getByText(/^Wallet balance:/).locator("strong");
}

/** The balance a purchase page (or the fund wallet page) shows above its form, in kobo. */
export async function shownBalance(page: Page): Promise<number> {
  return koboOf(await balanceLine(page).innerText());
}

export async function expectBalance(page: Page, kobo: number): Promise<void> {
  await expect(balanceLine(page)).toHaveText(nairaOf(kobo));
}
