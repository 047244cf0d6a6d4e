import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary, expectFieldError, flash, flashError } from "../support/forms.ts";
import {
  FUND_WALLET,
  fundings,
  FUNDING_MESSAGES as M,
  openFundWallet,
  openTester,
  reportRow,
  section,
} from "../support/funding.ts";
import { nairaOf, wallet } from "../support/money.ts";

// The fund wallet page's Manual choice (HTML instructions, the accounts to pay into, a payment
// report form), its messages and placeholder, its success (the original client showed it
// in an error-style toast; the portal shows a success as one); the sandbox tester
// stands in for the operator who checks the bank statement and approves the report.

// The upstream's manual funding details (sandbox/calls/funding.ts, call 41).
const ACCOUNTS = [
  ["Payvend Technologies Ltd", "0451237786", "Guaranty Trust Bank"],
  ["Payvend Technologies Ltd", "1022938475", "United Bank For Africa"],
  ["Payvend Technologies Ltd", "2143358890", "Zenith Bank"],
] as const;

function reportForm(page: Page) {
  const form = section(page, "manual").getByRole("article", { name: "Report your payment" });
  return {
    form,
    paymentName: form.getByLabel("Payment name", { exact: true }),
    amount: form.getByLabel("Amount (₦)", { exact: true }),
    bankName: form.getByLabel("Bank name", { exact: true }),
    paymentType: form.getByLabel("Payment type", { exact: true }),
    submit: form.getByRole("button", { name: "Submit report", exact: true }),
  };
}

async function reportPayment(page: Page, amount: string): Promise<void> {
  const fields = reportForm(page);
  await fields.paymentName.fill("Ada Okonkwo");
  await fields.amount.fill(amount);
  await fields.bankName.fill("Zenith Bank");
  await fields.paymentType.fill("Mobile Transfer");
  await fields.submit.click();
}

test("the instructions and the accounts to pay into are shown above the report form", async ({ page, buyer }) => {
  await openFundWallet(page, "manual");
  const manual = section(page, "manual");

  await expect(manual.getByText(/Use the e-mail address you signed up with as the transfer's narration/)).toBeVisible();
  // The instructions' three steps, then a card per account (decision 045).
  await expect(manual.getByRole("listitem").filter({ hasNot: page.getByRole("term") })).toHaveCount(3);
  const accounts = manual.getByRole("list", { name: "Pay into one of these accounts" }).getByRole("listitem");
  await expect(accounts).toHaveCount(ACCOUNTS.length);
  for (const [index, account] of ACCOUNTS.entries()) {
    await expect(accounts.nth(index).getByRole("term")).toHaveText(["Account name", "Account number", "Bank"]);
    await expect(accounts.nth(index).getByRole("definition")).toHaveText([...account]);
  }
  await expect(reportForm(page).form).toBeVisible();
});

test("an empty report lists every message of the product's, each on its field", async ({ page, buyer }) => {
  await openFundWallet(page, "manual");
  const fields = reportForm(page);

  const placeholder = await fields.paymentType.getAttribute("placeholder");
  for (const example of ["USSD", "Mobile Transfer", "POS"])
    expect(placeholder, "the payment type's examples").toContain(example);

  await fields.submit.click();
  await expect(errorSummary(page).getByRole("listitem")).toHaveText([
    M.paymentNameRequired,
    M.amountRequired,
    M.bankNameRequired,
    M.paymentTypeRequired,
  ]);
  await expectFieldError(fields.paymentName, M.paymentNameRequired);
  await expectFieldError(fields.amount, M.amountRequired);
  await expectFieldError(fields.bankName, M.bankNameRequired);
  await expectFieldError(fields.paymentType, M.paymentTypeRequired);

  // One filled field clears its message, and keeps its value, while the others stay.
  await fields.paymentName.fill("Ada Okonkwo");
  await fields.bankName.fill("Zenith Bank");
  await fields.submit.click();
  await expect(errorSummary(page).getByRole("listitem")).toHaveText([M.amountRequired, M.paymentTypeRequired]);
  await expect(fields.paymentName).toHaveValue("Ada Okonkwo");
  await expect(fields.bankName).toHaveValue("Zenith Bank");
  expect(fundings(buyer.email).count).toBe(0);
});

test("a valid report is acknowledged as a success and credits nothing until it is approved", async ({
  page,
  buyer,
}) => {
  await openFundWallet(page, "manual");
  await reportPayment(page, "2500");

  await expect(page).toHaveURL(`${FUND_WALLET}?method=manual`);
  await expect(flash(page, M.reportReceived), "a success toast (role=status)").toHaveCount(1);
  await expect(flashError(page, M.reportReceived), "not an error-style toast").toHaveCount(0);
  const fields = reportForm(page);
  for (const field of [fields.paymentName, fields.amount, fields.bankName, fields.paymentType]) {
    await expect.soft(field, "the form is empty again after a report").toHaveValue("");
  }
  expect(fundings(buyer.email).count).toBe(0);
  expect(wallet(buyer.email).balanceKobo).toBe(0);

  // Pressing Submit report again on the page the success left does not report the payment twice.
  await fields.submit.click();
  await expect(page).toHaveURL(`${FUND_WALLET}?method=manual`);
  await openTester(page);
  const row = reportRow(page, buyer.email);
  await expect(row, "one report").toHaveCount(1);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Ada Okonkwo, Zenith Bank, Mobile Transfer");
  await expect(row.getByRole("cell").nth(3)).toHaveText("₦2,500.00");
  await expect(row.getByRole("cell").nth(4)).toHaveText("pending");
});

test("approving a report on the tester page credits the wallet once, and a second approval is refused", async ({
  page,
  signInBuyer,
  context,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await openFundWallet(page, "manual");
  await reportPayment(page, "2500");
  await expect(flash(page, M.reportReceived)).toHaveCount(1);

  // Two tabs on the tester page, as two operators would have: both offer Approve.
  await openTester(page);
  const second = await context.newPage();
  await openTester(second);
  const approve = (on: Page) => reportRow(on, buyer.email).getByRole("button", { name: /^Approve report \d+$/ });
  await expect(approve(page)).toHaveCount(1);
  await expect(approve(second)).toHaveCount(1);

  await approve(page).click();
  await expect(
    page.getByRole("status", { includeHidden: true }).filter({ hasText: /^Report \d+ approved\./ }),
  ).toHaveCount(1);
  await expect(reportRow(page, buyer.email).getByRole("cell").nth(4)).toHaveText("approved");
  await expect(approve(page), "a decided report offers no second approval").toHaveCount(0);
  expect(fundings(buyer.email)).toEqual({ count: 2, creditedKobo: 1_000_00 + 2_500_00 });
  expect(wallet(buyer.email).balanceKobo).toBe(3_500_00);

  await approve(second).click();
  await expect(second.getByRole("alert", { includeHidden: true }).filter({ hasText: "already decided" })).toHaveCount(
    1,
  );
  expect(fundings(buyer.email)).toEqual({ count: 2, creditedKobo: 3_500_00 });
  await second.close();

  await openFundWallet(page, "manual");
  await expect(page.getByText(/^Wallet balance:/).locator("strong")).toHaveText(nairaOf(3_500_00));
});
