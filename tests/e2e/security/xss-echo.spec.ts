import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { armTrap, expectNothingExecutable, type Trap } from "../../xss/browser.ts";
import { corpusHtml, packedPayloads, PAYLOADS, representatives } from "../../xss/corpus.ts";
import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary, flash } from "../support/forms.ts";
import { receiptLink } from "../support/history.ts";
import { topBar } from "../support/page.ts";
import { PROFILE_MESSAGES } from "../support/profile.ts";
import {
  confirmationStep,
  openPurchase,
  pressChange,
  pressConfirm,
  pressProcess,
  PURCHASE_PATHS,
  TEST_NUMBERS,
} from "../support/purchase.ts";
import { signIn } from "../support/session.ts";

// Decision 019: text a user typed, or the upstream holds for them, is shown as text. Every
// place that echoes it gets XSS payloads (tests/xss/corpus.ts), as many at once as the field
// holds: on the form sent back after an error, on the confirmation step, in the top bar,
// in the transactions list and on the receipt. Nothing may run or wait to run, and the
// payload must be visible as the characters that were typed. The CSP stays on here: these
// pages would be broken by a payload even where the CSP stopped it running, so the DOM scan
// is what fails.

const BREAKOUTS = PAYLOADS.filter((payload) => payload.kind === "breakout").map((payload) => payload.html.trim());
const [FIRST_NAME = "", LAST_NAME = "", PAYMENT_NAME = "", BANK_NAME = "", PAYMENT_TYPE = ""] = BREAKOUTS;
// Sender IDs hold 11 characters: markup, not a whole payload.
const SENDER = `"'><b>x`;
// One SMS (479 characters) packed with the breakouts and one payload of every class.
const [MESSAGE = ""] = packedPayloads(479, "\n", [
  ...PAYLOADS.filter((payload) => payload.kind === "breakout"),
  ...representatives(479),
]);

/** The names the upstream holds for an account, as an administrator or an import left them. */
function setNames(email: string, firstName: string, lastName: string): void {
  const path = process.env.E2E_SANDBOX_DB;
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("UPDATE users SET first_name = ?, last_name = ? WHERE email = ?").run(firstName, lastName, email);
  } finally {
    db.close();
  }
}

async function expectEchoed(page: Page, trap: Trap, place: string, label: string, value: string): Promise<void> {
  await expect(page.getByLabel(label, { exact: true }), `${label} on ${place}`).toHaveValue(value);
  await expectNothingExecutable(page, trap, place);
}

test("sign-up, log-in and personal-info forms give hostile text back as typed, and nothing runs", async ({ page }) => {
  const trap = await armTrap(page);
  await page.goto("/register");
  await page.getByLabel("First name", { exact: true }).fill(FIRST_NAME);
  await page.getByLabel("Last name", { exact: true }).fill(LAST_NAME);
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectEchoed(page, trap, "/register", "First name", FIRST_NAME);
  await expectEchoed(page, trap, "/register", "Last name", LAST_NAME);

  // A hostile address to come back to after log-in, and a hostile e-mail that fails.
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/dashboard${FIRST_NAME}`)}`);
  await page.getByLabel("Email").fill(LAST_NAME);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  // The upstream's words for an address that is not one.
  await expect(errorSummary(page)).toContainText("Enter a valid email address.");
  await expectEchoed(page, trap, "/login", "Email", LAST_NAME);

  const buyer = await createBuyer("xss-names", { balanceKobo: 0 });
  await signIn(page, buyer);
  await page.goto("/personal-info");
  await page.getByLabel("First name", { exact: true }).fill(LAST_NAME);
  await page.getByLabel("Last name", { exact: true }).fill(FIRST_NAME);
  await page.getByLabel("Phone number", { exact: true }).fill("0803");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectEchoed(page, trap, "/personal-info", "First name", LAST_NAME);
});

test("names the upstream holds show as text in the top bar and on the profile, however hostile", async ({ page }) => {
  const trap = await armTrap(page);
  const buyer = await createBuyer("xss-upstream-names", { balanceKobo: 0 });
  // The whole corpus: the upstream's names have no length limit the portal can count on.
  setNames(buyer.email, corpusHtml(), LAST_NAME);
  await signIn(page, buyer);
  await expect(topBar(page)).toContainText(LAST_NAME);
  await expectNothingExecutable(page, trap, "the dashboard");
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("main")).toContainText(PAYLOADS[0]?.html ?? "");
  await expectNothingExecutable(page, trap, "the profile");
});

test("an SMS's sender, numbers and message stay text on the form, the confirmation, the transactions and the receipt", async ({
  page,
  signInBuyer,
}) => {
  const trap = await armTrap(page);
  await signInBuyer({ balanceKobo: 1_000_00 });
  await openPurchase(page, PURCHASE_PATHS.sms, "Send Bulk SMS");
  const badNumber = BREAKOUTS[0] ?? "";
  await page.getByLabel("Sender ID", { exact: true }).fill(SENDER);
  await page.getByLabel("Phone numbers", { exact: true }).fill(`${TEST_NUMBERS.delivered}, ${badNumber}`);
  await page.getByLabel("Message", { exact: true }).fill(MESSAGE);
  await pressProcess(page);
  // The refused number is named in the message, as text.
  await expect(errorSummary(page)).toContainText(badNumber);
  await expectEchoed(page, trap, "the SMS form with an error", "Message", MESSAGE);

  await page.getByLabel("Phone numbers", { exact: true }).fill(TEST_NUMBERS.delivered);
  await pressProcess(page);
  await expect(confirmationStep(page)).toContainText(SENDER);
  await expectNothingExecutable(page, trap, "the SMS confirmation");
  await pressChange(page);
  await expectEchoed(page, trap, "the SMS form after Change", "Message", MESSAGE);
  await expect(page.getByLabel("Sender ID", { exact: true })).toHaveValue(SENDER);

  await pressProcess(page);
  await pressConfirm(page);
  await expect(page.getByRole("status").filter({ hasText: SENDER })).toBeVisible();
  await expectNothingExecutable(page, trap, "the SMS outcome");

  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("table")).toContainText(SENDER);
  await expectNothingExecutable(page, trap, "the transactions list");
  await receiptLink(page).first().click();
  await expect(page.getByRole("main")).toContainText(SENDER);
  await expectNothingExecutable(page, trap, "the receipt");
});

test("purchase, funding and bank-details forms give hostile input back as typed, after an error and once saved", async ({
  page,
  signInBuyer,
}) => {
  const trap = await armTrap(page);
  await signInBuyer({ balanceKobo: 0 });
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  await page.getByLabel("Phone number", { exact: true }).fill(FIRST_NAME);
  await page.getByLabel("Amount (₦)", { exact: true }).fill(LAST_NAME);
  await pressProcess(page);
  await expect(errorSummary(page)).toBeVisible();
  await expectEchoed(page, trap, "the airtime form", "Amount (₦)", LAST_NAME);

  await page.goto("/dashboard/fund-wallet?method=manual");
  await page.getByLabel("Payment name", { exact: true }).fill(PAYMENT_NAME);
  await page.getByLabel("Bank name", { exact: true }).fill(BANK_NAME);
  await page.getByLabel("Payment type", { exact: true }).fill(PAYMENT_TYPE);
  await page.getByRole("button", { name: "Submit report" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectEchoed(page, trap, "the manual payment report", "Payment name", PAYMENT_NAME);

  // Saved upstream, then shown again as the form's value on every visit.
  await page.goto("/dashboard/profile");
  const bankDetails = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Bank details" }) });
  await bankDetails.getByLabel("Account name", { exact: true }).fill(PAYMENT_TYPE);
  await bankDetails.getByLabel("Account number", { exact: true }).fill("0123456789");
  await bankDetails.getByLabel("Bank name", { exact: true }).selectOption({ label: "Zenith Bank" });
  await bankDetails.getByRole("button", { name: "Save bank details" }).click();
  await expect(flash(page, PROFILE_MESSAGES.bankSaved)).toBeAttached();
  await page.goto("/dashboard/profile");
  await expectEchoed(page, trap, "the saved bank details", "Account name", PAYMENT_TYPE);
});
