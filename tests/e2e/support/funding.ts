import { expect, type Locator, type Page } from "@playwright/test";
import { koboOf, nairaOf } from "./money.ts";
import { javaScriptOn, whenInteractive } from "./page.ts";
import { sandboxDatabase } from "./sandbox.ts";

// Funding the wallet (the funding specs, paying by card in the purchase specs):
// the fund wallet page, card funding, reserved accounts and paying by card, and their
// messages; the sandbox gateway's hosted checkout and the sandbox tester page (decision 015).

export const FUND_WALLET = "/dashboard/fund-wallet";
export const TESTER = "/sandbox/tester";

export type Method = "card" | "transfer" | "manual";

/** The method picker's radio labels: three radio choices. */
export const METHOD_LABELS: Readonly<Record<Method, string>> = {
  card: "ATM card",
  transfer: "Bank transfer",
  manual: "Manual",
};

/** Each section's heading, which says which method the page is showing. */
export const SECTION_HEADINGS: Readonly<Record<Method, string>> = {
  card: "ATM card",
  transfer: "Bank transfer",
  manual: "Manual payment",
};

// The product's funding messages verbatim, and the upstream's own words (sandbox/calls/funding.ts,
// sandbox/calls/reserved-account.ts), which the portal passes on.
export const FUNDING_MESSAGES = {
  amountRequired: "Amount is required!",
  cardMinimum: "Amount can not be less than ₦100",
  paymentNameRequired: "Payment Name is required!",
  bankNameRequired: "Bank Name is required!",
  paymentTypeRequired: "Payment Type is required!",
  transactionFailed: "Transaction failed!",
  orderPaid: "Transaction will be processed shortly",
  accountCreated: "Account created successfully. Transfer to the account number below to fund your wallet.",
  kycNote: "A BVN or NIN on your profile is needed before an account can be created.",
  creatingAccount: "Please wait! We are creating your account...",
  kycNeeded: "Please add your BVN or NIN on your profile before creating a reserved account.",
  kycLink: "Add your BVN or NIN",
  reportReceived: "Your payment report has been received. Your wallet will be credited once we confirm the payment.",
} as const;

/** Call 42's answer, which the portal shows after a card funding. */
export function creditedMessage(kobo: number): string {
  return `Your wallet has been credited with ${nairaOf(kobo)}.`;
}

// The sandbox's database (the file playwright.config.ts gives the server, tests/e2e/support/sandbox.ts).

/**
 * A BVN on the account, as the profile's BVN form leaves it (sandbox/calls/kyc.ts), written
 * straight into the sandbox: the reserved-account tests are about funding, not the form.
 */
export function saveBvn(email: string): void {
  const db = sandboxDatabase();
  try {
    const result = db
      .prepare("UPDATE users SET bvn = ?, bvn_name = ?, bvn_date_of_birth = ?, bvn_phone = ? WHERE email = ?")
      .run("22212345678", "Ada Okonkwo", "1990-01-15", "08031234567", email);
    if (Number(result.changes) !== 1) throw new Error(`no user ${email} in the sandbox`);
  } finally {
    db.close();
  }
}

export type Fundings = {
  /** How many funding transactions the wallet has: one per credit. */
  count: number;
  /** What they credited, in kobo. */
  creditedKobo: number;
};

/** The wallet's funding rows as the sandbox stores them. */
export function fundings(email: string): Fundings {
  const db = sandboxDatabase();
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS count, coalesce(sum(t.amount_kobo), 0) AS credited
         FROM transactions t JOIN users u ON u.id = t.user_id
         WHERE u.email = ? AND t.product = 'funding'`,
      )
      .get(email);
    return { count: Number(row?.["count"] ?? 0), creditedKobo: Number(row?.["credited"] ?? 0) };
  } finally {
    db.close();
  }
}

/** Decision 016: the card charge is 1.5 % rounded down to the naira; what the wallet gets, rounded up. */
export function cardFundingFigures(amountKobo: number): { chargeKobo: number; youGetKobo: number } {
  const chargeKobo = Math.floor((amountKobo * 15) / 100_000) * 100;
  return { chargeKobo, youGetKobo: Math.ceil((amountKobo - chargeKobo) / 100) * 100 };
}

/** Airtime and data by card: the amount plus 1.5 % (CHECKOUT_SURCHARGE_PERCENT's default), half-up to the kobo. */
export function cardOrderTotal(amountKobo: number): number {
  return amountKobo + Math.floor((amountKobo * 150 * 2 + 10_000) / 20_000);
}

// The fund wallet page (app/routes/dashboard/fund-wallet/route.tsx).

/** Opens the page on one method by its address, and waits for it to hydrate with JavaScript. */
export async function openFundWallet(page: Page, method: Method = "card"): Promise<void> {
  await page.goto(method === "card" ? FUND_WALLET : `${FUND_WALLET}?method=${method}`);
  await expect(page.getByRole("heading", { level: 1, name: "Fund Wallet" })).toBeVisible();
  await expect(section(page, method)).toBeVisible();
  await whenInteractive(page.getByRole("radio", { name: METHOD_LABELS[method] }));
}

/** The part of the page for one method, by its heading. */
export function section(page: Page, method: Method): Locator {
  return page.getByRole("region", { name: SECTION_HEADINGS[method], exact: true });
}

/**
 * Chooses a method as a person would: with JavaScript the radio button alone; without it the
 * radio button and Continue.
 */
export async function chooseMethod(page: Page, method: Method): Promise<void> {
  await page.getByRole("radio", { name: METHOD_LABELS[method] }).check();
  if (!javaScriptOn()) await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(`${FUND_WALLET}?method=${method}`);
  await expect(section(page, method)).toBeVisible();
}

/** The balance on the dashboard home's balance card, in kobo. */
export async function dashboardBalance(page: Page): Promise<number> {
  await page.goto("/dashboard");
  const card = page.getByRole("article", { name: "Wallet balance" });
  return koboOf(await card.locator(".balance").innerText());
}

export function cardAmount(page: Page): Locator {
  return section(page, "card").getByLabel("Amount (₦)", { exact: true });
}

/** The card form's 'You get' line (or, before an amount, what stands in its place). */
export function cardChargeLine(page: Page): Locator {
  return section(page, "card").locator(".charge-line");
}

/** The card confirmation: what the wallet gets, Pay with card and Change. */
export function cardConfirmation(page: Page): Locator {
  return page.getByRole("article", { name: "Fund with your ATM card" });
}

export function youGetLine(amount: string, charge: string, total: string): string {
  return `You get: ${amount} - ${charge} = ${total}`;
}

/** Fills the card amount and presses Process; the confirmation or the form with errors follows. */
export async function processCardFunding(page: Page, amount: string): Promise<void> {
  await cardAmount(page).fill(amount);
  await section(page, "card").getByRole("button", { name: "Process", exact: true }).click();
}

export function payWithCardButton(page: Page): Locator {
  return cardConfirmation(page).getByRole("button", { name: "Pay with card", exact: true });
}

// The sandbox gateway's hosted checkout (sandbox/money/checkout-page.ts), served under /sandbox/gateway/.

function isReturnAddress(url: string): boolean {
  return new URL(url).pathname.startsWith("/dashboard/payments/return/");
}

/** Waits for the sandbox checkout page and says the amount it asks for, as shown. */
export async function checkoutAmount(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/sandbox\/gateway\/checkout\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox checkout" })).toBeVisible();
  return (await page.locator('dt:text-is("Amount") + dd').innerText()).trim();
}

/**
 * Presses Pay or Cancel on the checkout and returns the return address the gateway sent the
 * browser to (the portal redirects on from there), so a test can visit it again.
 */
export async function decideCheckout(page: Page, decision: "Pay" | "Cancel"): Promise<string> {
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.isNavigationRequest() && isReturnAddress(candidate.url())),
    page.getByRole("button", { name: decision, exact: true }).click(),
  ]);
  return request.url();
}

// Bank transfer.

export function bankPanel(page: Page, bank: "Sterling Bank" | "Wema Bank"): Locator {
  return section(page, "transfer").getByRole("article", { name: bank, exact: true });
}

/** Presses Create Account in a bank's panel (the fund wallet page is open on Bank transfer). */
export async function pressCreateAccount(page: Page, bank: "Sterling Bank" | "Wema Bank"): Promise<void> {
  await bankPanel(page, bank).getByRole("button", { name: "Create Account", exact: true }).click();
}

/** The account number a panel lists, once the account exists. */
export async function reservedAccountNumber(page: Page, bank: "Sterling Bank" | "Wema Bank"): Promise<string> {
  const number = bankPanel(page, bank).locator('dt:text-is("Account number") + dd');
  await expect(number).toHaveText(/^\d{10}$/);
  return (await number.innerText()).trim();
}

// The sandbox tester page (app/routes/sandbox/tester.tsx).

export async function openTester(page: Page): Promise<void> {
  await page.goto(TESTER);
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox tester" })).toBeVisible();
}

/** Sends a simulated bank transfer to a reserved account from /sandbox/tester. */
export async function simulateTransfer(page: Page, accountNumber: string, amount: string): Promise<void> {
  await openTester(page);
  const account = page.getByLabel("Reserved account", { exact: true });
  const label = (await account.locator("option").allInnerTexts()).find((text) => text.includes(accountNumber));
  if (label === undefined) throw new Error(`account ${accountNumber} is not offered on the tester page`);
  await account.selectOption({ label: label.trim() });
  await page.getByLabel("Amount (₦)", { exact: true }).fill(amount);
  await page.getByRole("button", { name: "Send transfer", exact: true }).click();
}

/** A manual report's row on /sandbox/tester, by the reporter's e-mail. */
export function reportRow(page: Page, email: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: email, exact: true }) });
}
