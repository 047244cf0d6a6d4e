import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { seedProvider, seedVariation, variationOption } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary } from "../support/forms.ts";
import { confirmationStep } from "../support/purchase.ts";
import {
  chooseProvider,
  JAMB_PROFILE,
  METERS,
  openVerifyPage,
  PHONES,
  processButton,
  SMART_CARDS,
  verifiedDetails,
  verifyButton,
} from "../support/verify.ts";

// Axe on every page (docs/testing.md), here the three verify-first purchase pages in each of
// their states: blank, showing Verify's errors, verified, and on the confirmation step, in
// sequence on one page. Each state is checked once, as the server sends it (js-off, @once,
// decision 047). Each check is soft, so one state's violations do not hide the next one's.

test.describe.configure({ timeout: 90_000 });

const ONCE = { tag: "@once" };

const COMPACT = seedVariation(seedProvider("cable", "DSTV"), "dstv-compact");
const UTME_MOCK = seedVariation(seedProvider("exam", "JAMB"), "utme-mock");

test.use({ buyerAccount: { balanceKobo: 20_000_00 } });

/** Blank, then Verify pressed with nothing to verify. */
async function checkBlankAndErrors(page: Page): Promise<void> {
  await expectNoViolations(page, "blank");
  await verifyButton(page).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectNoViolations(page, "showing Verify's errors");
}

test("the cable page: blank, showing Verify's errors, verified and confirming", ONCE, async ({ page, buyer }) => {
  await openVerifyPage(page, "cable");
  await checkBlankAndErrors(page);

  await chooseProvider(page, "cable", "DSTV");
  await page.getByLabel("Smart card / IUC number", { exact: true }).fill(SMART_CARDS.delivered);
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await expectNoViolations(page, "verified");

  await page.getByLabel("Plan", { exact: true }).selectOption({ label: variationOption(COMPACT) });
  await page.getByLabel("Phone number", { exact: true }).fill(PHONES.delivered);
  await processButton(page).click();
  await expect(confirmationStep(page)).toBeVisible();
  await expectNoViolations(page, "confirming");
});

test("the electricity page: blank, showing Verify's errors, verified and confirming", ONCE, async ({ page, buyer }) => {
  await openVerifyPage(page, "electricity");
  await checkBlankAndErrors(page);

  await chooseProvider(page, "electricity", "IKEDC - Ikeja Electric");
  await page.getByLabel("Meter type", { exact: true }).selectOption({ label: "Prepaid" });
  await page.getByLabel("Meter number", { exact: true }).fill(METERS.prepaid);
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await expectNoViolations(page, "verified");

  await page.getByLabel("Phone number", { exact: true }).fill(PHONES.delivered);
  await page.getByLabel("Amount (₦)", { exact: true }).fill("1000");
  await processButton(page).click();
  await expect(confirmationStep(page)).toBeVisible();
  await expectNoViolations(page, "confirming");
});

test("the exam page: blank, showing Verify's errors, verified and confirming", ONCE, async ({ page, buyer }) => {
  await openVerifyPage(page, "exam");
  await expectNoViolations(page, "blank");

  await chooseProvider(page, "exam", "JAMB");
  await verifyButton(page).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectNoViolations(page, "showing Verify's errors");

  await page.getByLabel("Variant", { exact: true }).selectOption({ label: variationOption(UTME_MOCK) });
  await page.getByLabel("Profile ID", { exact: true }).fill(JAMB_PROFILE.known);
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await expectNoViolations(page, "verified");

  await page.getByLabel("Phone number", { exact: true }).fill(PHONES.delivered);
  await processButton(page).click();
  await expect(confirmationStep(page)).toBeVisible();
  await expectNoViolations(page, "confirming");
});
