import { expectNoViolations } from "../support/a11y.ts";
import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary, flash, flashError } from "../support/forms.ts";
import {
  cardConfirmation,
  FUNDING_MESSAGES as M,
  openFundWallet,
  openTester,
  pressCreateAccount,
  processCardFunding,
  reportRow,
  saveBvn,
  section,
} from "../support/funding.ts";
import { signIn } from "../support/session.ts";

// WCAG 2.2 AA (axe) on the fund wallet page in each of its states, and on the sandbox tester
// page (tests/e2e/support/a11y.ts expectNoViolations). The states are the server's, the same with
// or without JavaScript, so each is checked once, as first shown (js-off, @once, decision 047).

test.describe.configure({ timeout: 90_000 });

const ONCE = { tag: "@once" };

test("fund wallet by card: the form, its errors and the confirmation", ONCE, async ({ page, buyer }) => {
  await openFundWallet(page, "card");
  await expectNoViolations(page, "card form");

  await processCardFunding(page, "50");
  await expect(errorSummary(page)).toContainText(M.cardMinimum);
  await expectNoViolations(page, "card form with an error");

  await processCardFunding(page, "1000");
  await expect(cardConfirmation(page)).toBeVisible();
  await expectNoViolations(page, "card confirmation");
});

test("fund wallet by bank transfer: the panels, the KYC error and a created account", ONCE, async ({ page, buyer }) => {
  await openFundWallet(page, "transfer");
  await expectNoViolations(page, "bank transfer panels");

  await pressCreateAccount(page, "Sterling Bank");
  await expect(flashError(page, M.kycNeeded)).toHaveCount(1);
  await expectNoViolations(page, "bank transfer with the KYC error");

  saveBvn(buyer.email);
  await pressCreateAccount(page, "Sterling Bank");
  await expect(flash(page, M.accountCreated)).toHaveCount(1);
  await openFundWallet(page, "transfer");
  await expectNoViolations(page, "bank transfer with an account");
});

test(
  "fund wallet by manual payment: the details, the form with errors, and the success",
  ONCE,
  async ({ page, buyer }) => {
    await openFundWallet(page, "manual");
    await expectNoViolations(page, "manual payment");

    const form = section(page, "manual");
    await form.getByRole("button", { name: "Submit report", exact: true }).click();
    await expect(errorSummary(page).getByRole("listitem")).toHaveCount(4);
    await expectNoViolations(page, "manual payment with errors");

    await form.getByLabel("Payment name", { exact: true }).fill("Ada Okonkwo");
    await form.getByLabel("Amount (₦)", { exact: true }).fill("2500");
    await form.getByLabel("Bank name", { exact: true }).fill("Zenith Bank");
    await form.getByLabel("Payment type", { exact: true }).fill("USSD");
    await form.getByRole("button", { name: "Submit report", exact: true }).click();
    await expect(flash(page, M.reportReceived)).toHaveCount(1);
    await expectNoViolations(page, "manual payment reported");
  },
);

test("the sandbox tester page, with an account to pay into and a report to decide", ONCE, async ({ page }) => {
  const buyer = await createBuyer("a11y-tester", { balanceKobo: 0 });
  saveBvn(buyer.email);
  await signIn(page, buyer);
  await openFundWallet(page, "transfer");
  await pressCreateAccount(page, "Wema Bank");
  await expect(flash(page, M.accountCreated)).toHaveCount(1);
  await openFundWallet(page, "manual");
  const form = section(page, "manual");
  await form.getByLabel("Payment name", { exact: true }).fill("Ada Okonkwo");
  await form.getByLabel("Amount (₦)", { exact: true }).fill("2500");
  await form.getByLabel("Bank name", { exact: true }).fill("Zenith Bank");
  await form.getByLabel("Payment type", { exact: true }).fill("POS");
  await form.getByRole("button", { name: "Submit report", exact: true }).click();
  await expect(flash(page, M.reportReceived)).toHaveCount(1);

  await openTester(page);
  await expect(reportRow(page, buyer.email)).toHaveCount(1);
  await expect(page.getByLabel("Reserved account", { exact: true })).toBeVisible();
  await expectNoViolations(page, "tester page");
});
