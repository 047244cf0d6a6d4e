import { DatabaseSync } from "node:sqlite";
import { expect, type Locator, type Page } from "@playwright/test";
import { type DataPlanSeed, type SubcategorySeed, subcategorySeeds } from "../../../sandbox/seed/catalog.ts";
import { recordTransaction } from "../../../sandbox/money/transactions.ts";
import { createAccount, errorSummary, type Person } from "../accounts/support.ts";
import { javaScriptOn, koboOf, nairaOf, whenInteractive } from "../dashboard/support.ts";

// Shared pieces of the purchase tests (tests/e2e/purchase-*.spec.ts): buyers with a known
// level and balance, written straight into the sandbox's SQLite file, and readers of what
// the wallet and its ledger hold afterwards.

/** The portal's sandbox file, or `path`: another sandbox's (the fault upstream's). */
export function sandboxDatabase(path = process.env.E2E_SANDBOX_DB): DatabaseSync {
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path);
  // The server writes to the same file; wait for its lock instead of failing.
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

export function userId(db: DatabaseSync, email: string): number {
  const row = db.prepare("SELECT id FROM users WHERE email = ?").get(email);
  if (row === undefined) throw new Error(`no user ${email} in the sandbox`);
  return Number(row["id"]);
}

export type UserLevel = 0 | 1 | 2 | 3;

/** A verified account of this level whose wallet was funded with `balanceKobo`. */
export async function createBuyer(
  tag: string,
  { level = 0, balanceKobo, database }: { level?: UserLevel; balanceKobo: number; database?: string },
): Promise<Person> {
  const person = await createAccount(tag, { verified: true, database });
  const db = sandboxDatabase(database);
  try {
    db.prepare("UPDATE users SET level = ? WHERE email = ?").run(level, person.email);
  } finally {
    db.close();
  }
  if (balanceKobo > 0) fundWallet(person.email, balanceKobo, database);
  return person;
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

/** The balance a purchase page shows above its form, in kobo. */
export async function shownBalance(page: Page): Promise<number> {
  const text = await page
    .getByText(/^Wallet balance:/)
    .locator("strong")
    .innerText();
  return koboOf(text);
}

/** The confirmation step (app/components/purchase/confirmation.tsx). */
export function confirmationStep(page: Page): Locator {
  return page.getByRole("article", { name: "Confirm your purchase" });
}

/** One line of the confirmation's summary, by its label. */
export function summaryValue(page: Page, label: string): Locator {
  return confirmationStep(page)
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");
}

/** 'You will be charged ₦...' on the confirmation step, in kobo. */
export async function confirmedCharge(page: Page): Promise<number> {
  await expect(confirmationStep(page)).toBeVisible();
  return koboOf(await confirmationStep(page).locator(".charge-line strong").innerText());
}

/** The sealed confirmation and CSRF token of the step on the page, as a script would post them. */
export async function confirmationFields(page: Page): Promise<{ confirmation: string; csrf: string }> {
  // The Confirm form; airtime and data also have a Pay-by-card form with the same fields.
  const form = confirmationStep(page)
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Confirm", exact: true }) });
  return {
    confirmation: await form.locator('input[name="confirmation"]').inputValue(),
    csrf: await form.locator('input[name="csrf"]').inputValue(),
  };
}

/** The charge: amount less the discount percent, half-up to the kobo. */
export function expectedCharge(amountKobo: number, discountBasisPoints: number): number {
  return Math.floor((amountKobo * (10_000 - discountBasisPoints) * 2 + 10_000) / 20_000);
}

// The three wallet purchases without a verify step (airtime, data, bulk SMS), as a person meets them.

export const PURCHASE_PATHS = {
  airtime: "/dashboard/purchase-airtime",
  data: "/dashboard/purchase-data",
  sms: "/dashboard/send-sms",
} as const;

/** docs/sandbox.md "Sandbox test values": what the simulated biller does with each number. */
export const TEST_NUMBERS = {
  delivered: "08011111111",
  pending: "08022222222",
  failed: "08033333333",
} as const;

/** The product's purchase messages verbatim, and decision 012's where it gives none. */
export const PURCHASE_MESSAGES = {
  providerRequired: "Select a provider from the list",
  phoneRequired: "Phone number is required!",
  phoneFormat: "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only",
  amountRequired: "Amount is required!",
  amountNotNaira: "Enter the amount in naira, e.g. 500",
  airtimeMinimum: "Amount can not be less than ₦100",
  planRequired: "Select a plan from the list",
  senderRequired: "Sender ID is required!",
  senderTooLong: "Sender ID can not be more than 11 characters",
  messageRequired: "Message is required!",
  messageTooLong: "Message can not be more than 479 characters",
} as const;

/** Decision 012: every bad SMS number is listed. */
export function badNumbersMessage(numbers: readonly string[]): string {
  const lead = numbers.length === 1 ? "This number is" : "These numbers are";
  return `${lead} not valid: ${numbers.join(", ")}. Use numbers like 08012345678 or 2348012345678, without +.`;
}

/** The upstream's words (sandbox/calls/airtime.ts, data.ts and sms.ts) for the biller's refusal. */
export function refusedMessage(number: string, product: "airtime" | "data" | "sms"): string {
  return product === "sms"
    ? `The biller could not send this message to ${number}. Your wallet has been refunded.`
    : `The biller could not complete this purchase for ${number}. Your wallet has been refunded.`;
}

// The sandbox's catalog as seeded (sandbox/seed/catalog.ts): the prices and discounts the
// tests expect, read from the seed rather than from the portal under test.

const CATEGORY = { data: 1, airtime: 2, sms: 11 } as const;

export function catalogProvider(category: keyof typeof CATEGORY, title: string): SubcategorySeed {
  const provider = subcategorySeeds.find((seed) => seed.categoryId === CATEGORY[category] && seed.title === title);
  if (provider === undefined) throw new Error(`no ${category} provider ${title} in the seed`);
  return provider;
}

/** The provider's discount for a level, in basis points. */
export function discountOf(provider: SubcategorySeed, level: UserLevel): number {
  return provider.discounts[level];
}

/** Basis points as the portal states a percent: 200 is "2%", 250 is "2.5%". */
export function percentText(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

export function catalogPlan(provider: SubcategorySeed, variationCode: string): DataPlanSeed {
  const plan = provider.plans.find((candidate) => candidate.variationCode === variationCode);
  if (plan === undefined) throw new Error(`no plan ${variationCode} for ${provider.title} in the seed`);
  return plan;
}

/** A data plan as the upstream names it ("MTN 1GB - 30 days"). */
export function planLabel(provider: SubcategorySeed, plan: DataPlanSeed): string {
  return `${provider.title} ${plan.plan}`;
}

/** The plan's option in the form: its name and price. */
export function planOption(provider: SubcategorySeed, plan: DataPlanSeed): string {
  return `${planLabel(provider, plan)} (${nairaOf(plan.amountKobo)})`;
}

/** docs/sandbox.md: ₦2.50 a page a number, less the level's bulk-SMS discount. */
export function smsRateKobo(level: UserLevel): number {
  return expectedCharge(2_50, discountOf(catalogProvider("sms", "Bulk SMS"), level));
}

// The page.

/** The wallet balance a purchase page shows above its form. */
export function balanceLine(page: Page): Locator {
  return page.getByText(/^Wallet balance:/).locator("strong");
}

export async function expectBalance(page: Page, kobo: number): Promise<void> {
  await expect(balanceLine(page)).toHaveText(nairaOf(kobo));
}

/**
 * Opens a purchase page and, with JavaScript on, waits until it is React's, so what the
 * test types next meets the enhanced form.
 */
export async function openPurchase(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await whenInteractive(page.getByRole("button", { name: "Process", exact: true }));
}

export function pressProcess(page: Page): Promise<void> {
  return page.getByRole("button", { name: "Process", exact: true }).click();
}

/** The "There is a problem" summary lists exactly these messages, in this order. */
export async function expectErrorSummary(page: Page, messages: readonly string[]): Promise<void> {
  await expect(errorSummary(page).getByRole("listitem")).toHaveText([...messages]);
}

/** Confirm on the confirmation step; the step is gone once the answer has arrived. */
export async function pressConfirm(page: Page): Promise<void> {
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(confirmationStep(page)).toHaveCount(0);
}

export async function pressChange(page: Page): Promise<void> {
  await confirmationStep(page).getByRole("button", { name: "Change", exact: true }).click();
  await expect(confirmationStep(page)).toHaveCount(0);
}

/** The summary's lines, label and value, top to bottom. */
export async function summaryLines(page: Page): Promise<[string, string][]> {
  const step = confirmationStep(page);
  await expect(step).toBeVisible();
  const terms = await step.locator("dl dt").allInnerTexts();
  const values = await step.locator("dl dd").allInnerTexts();
  return terms.map((term, index) => [term.trim(), (values[index] ?? "").trim()]);
}

/** 'You will be charged ₦...' on the form (with JavaScript, as the user types). */
export function chargeLine(page: Page): Locator {
  return page.locator("form .charge-line");
}

/**
 * After a purchase, Back and then whatever the browser offers to send again. With JavaScript
 * the confirmation replaced the form in place, not in the history, so Back reaches the page
 * before it, with no confirmation to press. Without it the confirmation was a POST's answer,
 * kept from no cache: Chromium shows "Confirm Form Resubmission", and its reload posts the
 * form again, as a person pressing Back then Reload does; Confirm is pressed once more.
 * The caller then checks the money was taken once.
 */
export async function goBackAndConfirmAgain(page: Page, path: string): Promise<void> {
  if (javaScriptOn()) {
    await page.goBack();
    await expect(page).not.toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(confirmationStep(page)).toHaveCount(0);
    return;
  }
  await page.goBack().catch(() => undefined);
  await expect(page).toHaveURL(/^chrome-error:/);
  await page.reload();
  await expect(confirmationStep(page)).toBeVisible();
  await pressConfirm(page);
}
