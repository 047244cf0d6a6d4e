import { expectFieldError, flash } from "../accounts/support.ts";
import { profileForm, whenInteractive } from "../dashboard/support.ts";
import { expect, test } from "../fixtures.ts";
import { confirmationStep, openPurchase, PURCHASE_PATHS, pressProcess, summaryValue, wallet } from "./support.ts";

// Issue 23: once a person has a transaction PIN, Confirm asks for it, in one field that works
// with JavaScript off; a wrong one keeps the confirmation as it was and buys nothing.

test.use({ buyerAccount: { balanceKobo: 5_000_00 } });

test("Confirm asks for the PIN; a wrong one keeps the confirmation, the right one buys", async ({ page, buyer }) => {
  await page.goto("/dashboard/profile#transaction-pin");
  const pinForm = profileForm(page, "Transaction PIN");
  await whenInteractive(pinForm.getByRole("button", { name: "Set PIN" }));
  await pinForm.getByLabel("New PIN").fill("2580");
  await pinForm.getByLabel("Confirm PIN").fill("2580");
  await pinForm.getByRole("button", { name: "Set PIN" }).click();
  await expect(flash(page, "Your transaction PIN is set.")).toBeAttached();

  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Phone number", { exact: true }).fill("08012345678");
  await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
  await pressProcess(page);
  const pin = confirmationStep(page).getByLabel("Transaction PIN");
  await expect(pin).toHaveAttribute("type", "password");
  await expect(pin).toHaveAttribute("inputmode", "numeric");
  await expect(pin).toHaveAttribute("autocomplete", "off");

  await pin.fill("1470");
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expectFieldError(confirmationStep(page).getByLabel("Transaction PIN"), "Wrong PIN. 4 tries left.");
  await expect(summaryValue(page, "Phone")).toContainText("08012345678");
  expect(wallet(buyer.email).debits).toBe(0);

  await confirmationStep(page).getByLabel("Transaction PIN").fill("2580");
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(confirmationStep(page)).toHaveCount(0);
  await expect.poll(() => wallet(buyer.email).debits).toBe(1);
});
