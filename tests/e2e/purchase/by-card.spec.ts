import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { flash, flashError } from "../support/forms.ts";
import { cardOrderTotal, checkoutAmount, decideCheckout, FUNDING_MESSAGES as M } from "../support/funding.ts";
import { bodyRows, cellIn } from "../support/history.ts";
import { koboOf, nairaOf, shownBalance, wallet } from "../support/money.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { confirmationStep, summaryValue } from "../support/purchase.ts";

// Airtime and data paid by card (decision 015): an order from the upstream (calls 20
// and 24), then the card provider's checkout for the amount plus the surcharge (docs/operating.md
// "Configuration": CHECKOUT_SURCHARGE_PERCENT, 1.5 by default); completion says 'Transaction
// will be processed shortly', closing without it 'Transaction failed!'. The wallet pays
// nothing either way.

const AIRTIME = "/dashboard/purchase-airtime";
const DATA = "/dashboard/purchase-data";
const OPENING_KOBO = 3_000_00;

async function processAirtime(page: Page, phone: string, amount: string): Promise<void> {
  await page.goto(AIRTIME);
  await whenInteractive(page.getByRole("button", { name: "Process", exact: true }));
  await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Phone number", { exact: true }).fill(phone);
  await page.getByLabel("Amount (₦)", { exact: true }).fill(amount);
  await page.getByRole("button", { name: "Process", exact: true }).click();
  await expect(confirmationStep(page)).toBeVisible();
}

function payByCardButton(page: Page, total: string) {
  return confirmationStep(page).getByRole("button", { name: `Pay ${total} by card`, exact: true });
}

/** The buyer's transactions on /dashboard/transactions for this phone number. */
async function transactionRows(page: Page, phone: string) {
  await page.goto("/dashboard/transactions");
  return bodyRows(page).filter({ hasText: phone });
}

test.use({ buyerAccount: { balanceKobo: OPENING_KOBO } });

test("airtime paid by card: ₦507.50 for ₦500 at the checkout, then processed, and the wallet untouched", async ({
  page,
  buyer,
}) => {
  await processAirtime(page, "08011111111", "500");

  expect(nairaOf(cardOrderTotal(500_00))).toBe("₦507.50");
  await expect(
    confirmationStep(page).getByText("Or pay by card instead of your wallet: ₦507.50, card charge included."),
  ).toBeVisible();
  await payByCardButton(page, "₦507.50").click();
  expect(await checkoutAmount(page), "the checkout asks for the amount with the surcharge").toBe("₦507.50");
  await decideCheckout(page, "Pay");

  await expect(page).toHaveURL(AIRTIME);
  await expect(flash(page, M.orderPaid)).toHaveCount(1);
  expect(await shownBalance(page), "the wallet paid nothing").toBe(OPENING_KOBO);
  const after = wallet(buyer.email);
  expect(after.balanceKobo).toBe(OPENING_KOBO);
  expect(after.debits).toBe(0);
  expect(after.transactions.map((row) => row.phoneNumber)).toEqual(["08011111111"]);

  const rows = await transactionRows(page, "08011111111");
  await expect(rows).toHaveCount(1);
  await expect(await cellIn(page, rows.first(), "Value")).toHaveText("₦500.00");
  await expect(await cellIn(page, rows.first(), "Status")).toHaveText("Confirmed");
});

test("airtime by card cancelled at the checkout: 'Transaction failed!', nothing bought, nothing charged", async ({
  page,
  buyer,
}) => {
  await processAirtime(page, "08011111111", "500");
  await payByCardButton(page, "₦507.50").click();
  expect(await checkoutAmount(page)).toBe("₦507.50");
  await decideCheckout(page, "Cancel");

  await expect(page).toHaveURL(AIRTIME);
  await expect(flashError(page, M.transactionFailed)).toHaveCount(1);
  await expect(flash(page, M.orderPaid)).toHaveCount(0);
  expect(await shownBalance(page)).toBe(OPENING_KOBO);
  const after = wallet(buyer.email);
  expect(after.balanceKobo).toBe(OPENING_KOBO);
  expect(after.transactions).toEqual([]);
  await expect(await transactionRows(page, "08011111111")).toHaveCount(0);
});

test("data paid by card: the plan's price plus 1.5 % at the checkout, then processed, and the wallet untouched", async ({
  page,
  buyer,
}) => {
  await page.goto(DATA);
  await whenInteractive(page.getByRole("button", { name: "Process", exact: true }));
  await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
  if (!javaScriptOn()) await page.getByRole("button", { name: "Show plans", exact: true }).click();
  const plan = page.getByLabel("Plan", { exact: true });
  await expect(plan.locator("option")).not.toHaveCount(1);
  await plan.selectOption({ index: 1 });
  await page.getByLabel("Phone number", { exact: true }).fill("08012340000");
  await page.getByRole("button", { name: "Process", exact: true }).click();
  await expect(confirmationStep(page)).toBeVisible();

  const priceKobo = koboOf(await summaryValue(page, "Amount").innerText());
  const total = nairaOf(cardOrderTotal(priceKobo));
  await payByCardButton(page, total).click();
  expect(await checkoutAmount(page)).toBe(total);
  await decideCheckout(page, "Pay");

  await expect(page).toHaveURL(DATA);
  await expect(flash(page, M.orderPaid)).toHaveCount(1);
  expect(await shownBalance(page)).toBe(OPENING_KOBO);
  const after = wallet(buyer.email);
  expect(after.balanceKobo).toBe(OPENING_KOBO);
  expect(after.debits).toBe(0);
  const rows = await transactionRows(page, "08012340000");
  await expect(rows).toHaveCount(1);
  await expect(await cellIn(page, rows.first(), "Value")).toHaveText(nairaOf(priceKobo));
});
