import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { discountOf as airtimeDiscountOf, catalogProvider, discountOf, seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary } from "../support/forms.ts";
import { decideCheckout, payWithCardButton, processCardFunding } from "../support/funding.ts";
import { expectBalance, expectedCharge, nairaOf } from "../support/money.ts";
import {
  confirmationStep,
  confirmedCharge,
  openPurchase,
  pressConfirm,
  pressProcess,
  PURCHASE_PATHS,
  TEST_NUMBERS,
} from "../support/purchase.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";
import {
  chooseProvider,
  METERS,
  openVerifyPage,
  PHONES,
  processButton,
  verifiedDetails,
  verifyButton,
} from "../support/verify.ts";
import { recordTransaction } from "../../../sandbox/money/transactions.ts";

// Decision 044: the confirmation says when the wallet cannot pay, before
// Confirm, and offers Fund Wallet (which comes back to the purchase) and the card where there
// is one; a refusal for money after the confirmation says the same; and a purchase made a
// moment ago is named before it is made again. Every test buys with an account of its own.

const IKEDC = seedProvider("electricity", "IKEDC - Ikeja Electric");
const MTN = catalogProvider("airtime", "MTN");
const DSTV = seedProvider("cable", "DSTV");
const ELECTRICITY_PATH = "/dashboard/pay-for-electricity";

function confirmButton(page: Page) {
  return confirmationStep(page).getByRole("button", { name: "Confirm", exact: true });
}

function fundWalletLink(page: Page) {
  return page.getByRole("link", { name: "Fund Wallet", exact: true }).and(page.locator("main a"));
}

function shortfallText(balanceKobo: number, chargeKobo: number): string {
  return `Your wallet has ${nairaOf(balanceKobo)}; this costs ${nairaOf(chargeKobo)}.`;
}

/** IKEDC, prepaid meter 1111111111111 verified, phone and amount, Process: the confirmation. */
async function toMeterConfirmation(page: Page, amount: string): Promise<void> {
  await openVerifyPage(page, "electricity");
  await chooseProvider(page, "electricity", "IKEDC - Ikeja Electric");
  await page.getByLabel("Meter type", { exact: true }).selectOption({ label: "Prepaid" });
  await page.getByLabel("Meter number", { exact: true }).fill(METERS.prepaid);
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await page.getByLabel("Phone number", { exact: true }).fill(PHONES.delivered);
  await page.getByLabel("Amount (₦)", { exact: true }).fill(amount);
  await processButton(page).click();
  await expect(confirmationStep(page)).toBeVisible();
}

/** MTN airtime for this phone and amount, Process: the confirmation. */
async function toAirtimeConfirmation(page: Page, phone: string, amount: string): Promise<void> {
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const provider = page.getByLabel("Provider", { exact: true });
  const option = provider.getByRole("option", { name: /^MTN \(/ });
  await provider.selectOption({ label: ((await option.textContent()) ?? "").trim() });
  await page.getByLabel("Phone number", { exact: true }).fill(phone);
  await page.getByLabel("Amount (₦)", { exact: true }).fill(amount);
  await pressProcess(page);
  await expect(confirmationStep(page)).toBeVisible();
}

/** Money spent elsewhere (another tab, another device) while the confirmation is open. */
function spendElsewhere(email: string, amountKobo: number): void {
  const db = sandboxDatabase();
  try {
    const spent = recordTransaction(db, {
      userId: userId(db, email),
      product: "cable",
      subcategoryId: DSTV.id,
      plan: "DStv Compact",
      smartNo: "1212121212",
      description: "DStv Compact renewed for smart card 1212121212",
      subtotalKobo: amountKobo,
      amountKobo,
      createdAt: new Date().toISOString(),
      status: 1,
    });
    if (!spent.ok) throw new Error(`could not spend ${amountKobo} kobo of ${email}'s wallet`);
  } finally {
    db.close();
  }
}

test("a wallet that cannot pay says so before Confirm, offers no Confirm, and Fund Wallet comes back to the purchase", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 3_922_50 });
  await toMeterConfirmation(page, "10000");
  const charge = expectedCharge(10_000_00, discountOf(IKEDC, 0));
  expect(await confirmedCharge(page)).toBe(charge);

  await expect(confirmationStep(page)).toContainText(shortfallText(3_922_50, charge));
  await expect(confirmButton(page)).toHaveCount(0);
  // Electricity has no card option; Change still goes back to the form.
  await expect(confirmationStep(page).getByRole("button", { name: /by card$/ })).toHaveCount(0);
  await expect(confirmationStep(page).getByRole("button", { name: "Change", exact: true })).toBeVisible();

  await fundWalletLink(page).click();
  await expect(page).toHaveURL(/\/dashboard\/fund-wallet\?back=/);
  await expect(page.getByRole("heading", { level: 1, name: "Fund Wallet" })).toBeVisible();
  const back = page.getByRole("link", { name: "Back to your purchase", exact: true });
  const backHref = (await back.getAttribute("href")) ?? "";
  expect(backHref.startsWith(`${ELECTRICITY_PATH}?`)).toBe(true);

  // A card payment cancelled at the checkout comes back to Fund Wallet, still on the way back.
  await processCardFunding(page, "10000");
  await payWithCardButton(page).click();
  await decideCheckout(page, "Cancel");
  await expect(page).toHaveURL(/\/dashboard\/fund-wallet\?back=/);
  await expect(back).toHaveAttribute("href", backHref);

  // Card funding of ₦10,000 (₦9,850 after the 1.5 % charge), paid on the sandbox checkout.
  await processCardFunding(page, "10000");
  await payWithCardButton(page).click();
  await decideCheckout(page, "Pay");

  // Back on the purchase, filled as it was, with the wallet funded.
  await expect(page).toHaveURL(backHref);
  await expect(page.getByRole("heading", { level: 1, name: "Pay for Electricity" })).toBeVisible();
  await expectBalance(page, 3_922_50 + 9_850_00);
  await expect(page.getByLabel("Meter number", { exact: true })).toHaveValue(METERS.prepaid);
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(PHONES.delivered);
  await expect(page.getByLabel("Amount (₦)", { exact: true })).toHaveValue("10000");
  await expect(page.getByLabel("Meter type", { exact: true }).locator("option:checked")).toHaveText("Prepaid");
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText(
    /^IKEDC - Ikeja Electric/,
  );

  // Verify again (a verify-first product always does), Process: now Confirm is there.
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await processButton(page).click();
  await expect(confirmButton(page)).toBeVisible();
  await expect(confirmationStep(page)).not.toContainText("Your wallet has");
});

test("airtime short of money offers the card in place of Confirm", async ({ page, signInBuyer }) => {
  await signInBuyer({ balanceKobo: 100_00 });
  await toAirtimeConfirmation(page, TEST_NUMBERS.delivered, "500");
  const charge = expectedCharge(500_00, airtimeDiscountOf(MTN, 0));
  await expect(confirmationStep(page)).toContainText(shortfallText(100_00, charge));
  await expect(confirmButton(page)).toHaveCount(0);
  await expect(fundWalletLink(page)).toHaveAttribute(
    "href",
    /^\/dashboard\/fund-wallet\?back=%2Fdashboard%2Fpurchase-airtime%3F/,
  );
  await expect(confirmationStep(page).getByRole("button", { name: /^Pay ₦[\d,.]+ by card$/ })).toBeVisible();
  await expectNoViolations(page, "a confirmation the wallet cannot pay");
});

test("money spent between the confirmation and Confirm: the upstream's refusal shows with Fund Wallet and the card", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await toAirtimeConfirmation(page, TEST_NUMBERS.delivered, "500");
  const charge = await confirmedCharge(page);
  await expect(confirmationStep(page)).not.toContainText("Your wallet has");

  spendElsewhere(buyer.email, 800_00);
  await confirmButton(page).click();

  await expect(errorSummary(page)).toContainText("Insufficient wallet balance");
  await expect(page.getByText(shortfallText(200_00, charge), { exact: true })).toBeVisible();
  await expect(fundWalletLink(page)).toHaveAttribute("href", /^\/dashboard\/fund-wallet\?back=/);
  await expect(page.getByRole("button", { name: /^Pay ₦[\d,.]+ by card$/ })).toBeVisible();
  // The form is back as filled, for a Change.
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(TEST_NUMBERS.delivered);
});

test("the same purchase within ten minutes says 'You bought this … ago' on the confirmation, and can still be bought", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 2_000_00 });
  await toAirtimeConfirmation(page, TEST_NUMBERS.delivered, "500");
  await expect(confirmationStep(page)).not.toContainText("You bought this");
  await pressConfirm(page);

  await toAirtimeConfirmation(page, TEST_NUMBERS.delivered, "500");
  await expect(confirmationStep(page).getByRole("status")).toHaveText(
    /^You bought this \d+ seconds? ago\. Confirm only if you mean to buy it again\.$/,
  );
  await pressConfirm(page);
  await expect(page.getByRole("status").filter({ hasText: "airtime of ₦500.00 sent to" })).toBeVisible();
  const charge = expectedCharge(500_00, airtimeDiscountOf(MTN, 0));
  await expectBalance(page, 2_000_00 - 2 * charge);

  // Another amount for the same number is another purchase: nothing to warn of.
  await toAirtimeConfirmation(page, TEST_NUMBERS.delivered, "600");
  await expect(confirmationStep(page)).not.toContainText("You bought this");
});
