import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import {
  bulkFields,
  confirmButton,
  expectResults,
  openBulk,
  pressBulkConfirm,
  pressReview,
  reviewTable,
} from "../support/bulk.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary } from "../support/forms.ts";
import {
  chargeLine,
  confirmationStep,
  openPurchase,
  pressProcess,
  PURCHASE_PATHS,
  TEST_NUMBERS,
} from "../support/purchase.ts";

// Axe (WCAG 2.0, 2.1 and 2.2 A and AA, docs/testing.md) on the wallet purchase pages in
// the three states a buyer sees: the blank form, the form showing its errors, and the
// confirmation step. Nothing is confirmed, except on the bulk page (decision 030), whose results
// page is a state of its own. Each state is checked once, as the server sends it (@once);
// with JavaScript only what it changes in place, the live charge and the plans (@js-only).
// The pages share a test, so it signs in once (decision 047). axe is the slowest thing the
// suite does, so these tests get three times the usual time.
test.describe.configure({ timeout: 90_000 });

const ONCE = { tag: "@once" };

/** Process on the empty form, then the three states checked in turn. */
async function checkStates(page: Page, fill: () => Promise<void>): Promise<void> {
  await expectNoViolations(page, "blank");

  await pressProcess(page);
  await expect(errorSummary(page)).toBeVisible();
  await expectNoViolations(page, "showing its errors");

  await fill();
  await pressProcess(page);
  await expect(confirmationStep(page)).toBeVisible();
  await expectNoViolations(page, "showing the confirmation step");
}

test.use({ buyerAccount: { balanceKobo: 1_000_00 } });

test(
  "airtime, data and SMS have no WCAG A or AA violations: blank, with errors, confirming",
  ONCE,
  async ({ page, buyer }) => {
    await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
    await checkStates(page, async () => {
      await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
      await page.getByLabel("Phone number", { exact: true }).fill(TEST_NUMBERS.delivered);
      await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
    });

    await openPurchase(page, PURCHASE_PATHS.data, "Purchase Data");
    await checkStates(page, async () => {
      await page.getByLabel("Provider", { exact: true }).selectOption({ label: "MTN" });
      await page.getByRole("button", { name: "Show plans", exact: true }).click();
      const plan = page.getByLabel("Plan", { exact: true });
      await expect(plan.getByRole("option")).not.toHaveCount(1);
      await plan.selectOption({ index: 1 });
      await page.getByLabel("Phone number", { exact: true }).fill(TEST_NUMBERS.delivered);
    });

    await openPurchase(page, PURCHASE_PATHS.sms, "Send Bulk SMS");
    await checkStates(page, async () => {
      await page.getByLabel("Sender ID", { exact: true }).fill("PAYVEND");
      await page.getByLabel("Phone numbers", { exact: true }).fill(`${TEST_NUMBERS.delivered}, 08012345678`);
      await page.getByLabel("Message", { exact: true }).fill("Your order has shipped.");
    });
  },
);

test(
  "what JavaScript changes in place: the live charge and a network's plans have no WCAG A or AA violations",
  {
    tag: "@js-only",
  },
  async ({ page, buyer }) => {
    await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
    await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
    await expect(chargeLine(page)).toContainText("You will be charged ₦");
    await expectNoViolations(page, "with the live charge");

    await openPurchase(page, PURCHASE_PATHS.data, "Purchase Data");
    await page.getByLabel("Provider", { exact: true }).selectOption({ label: "MTN" });
    await expect(page.getByLabel("Plan", { exact: true }).getByRole("option")).not.toHaveCount(1);
    await expectNoViolations(page, "with the network's plans in place");
  },
);

test(
  "/dashboard/bulk-purchase has no WCAG A or AA violations: blank, with errors, a review with problems, the results",
  ONCE,
  async ({ page, buyer }) => {
    await openBulk(page);
    await expectNoViolations(page, "blank");

    await pressReview(page);
    await expect(errorSummary(page)).toBeVisible();
    await expectNoViolations(page, "showing its errors");

    // Rows that cannot be bought (a letter, a foreign number, a duplicate) beside one that can.
    const form = bulkFields(page);
    await form.numbers.fill(`${TEST_NUMBERS.pending}\n0803123456a\n+44 7911 123456\n${TEST_NUMBERS.pending}`);
    await form.amount.fill("100");
    await pressReview(page);
    await expect(reviewTable(page)).toHaveAccessibleName("4 rows: 1 to buy, 3 left out");
    await expectNoViolations(page, "showing a review with problems");

    await expect(confirmButton(page)).toHaveText("Buy for 1 of 4 numbers (3 left out)");
    await pressBulkConfirm(page);
    await expectResults(page, 1);
    await expectNoViolations(page, "showing the results");
  },
);
