import { expect, test } from "@playwright/test";
import { createAccount, errorSummary, flash } from "../accounts/support.ts";
import {
  expectNoViolations,
  PROFILE_MESSAGES,
  profileForm,
  receiptLink,
  RESELLER,
  signIn,
  whenInteractive,
} from "./support.ts";

// DESIGN.md §12: axe (WCAG 2.0, 2.1 and 2.2 A and AA) on every signed-in page of issue 4, in
// both projects. The document is checked as first shown, its notice and toasts frozen in
// place (accessibilityViolations in accounts-support.ts), and with JavaScript live too.
// axe is the slowest thing the suite does, so these tests get three times the usual time.
test.describe.configure({ timeout: 90_000 });

test("/dashboard has no WCAG A or AA violations", async ({ page }) => {
  await signIn(page, RESELLER);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectNoViolations(page, "with its notice");
});

test("/dashboard/profile has no WCAG A or AA violations, blank or showing errors", async ({ page }) => {
  // Its own account: the forms are sent, even if only empty.
  const account = await createAccount("a11y-profile", { verified: true });
  await signIn(page, account);
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expectNoViolations(page, "blank");

  for (const [form, button] of [
    ["Change password", "Change password"],
    ["Bank details", "Save bank details"],
    ["BVN", "Save BVN"],
  ] as const) {
    const submit = profileForm(page, form).getByRole("button", { name: button, exact: true });
    await whenInteractive(submit);
    await submit.click();
    await expect(errorSummary(page).and(profileForm(page, form).getByRole("alert"))).toBeVisible();
    await expectNoViolations(page, `showing the ${form} form's errors`);
  }
});

test("/dashboard/transactions has no WCAG A or AA violations, sorted or not", async ({ page }) => {
  await signIn(page, RESELLER);
  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expectNoViolations(page, "newest first");

  await page.goto("/dashboard/transactions?sort=status&dir=desc&page=2");
  await expect(page.getByText(/Page 2 of/)).toBeVisible();
  await expectNoViolations(page, "by status, page 2");
});

test("a receipt has no WCAG A or AA violations", async ({ page }) => {
  await signIn(page, RESELLER);
  await page.goto("/dashboard/transactions?sort=meter_no&dir=desc");
  const link = receiptLink(page).first();
  await whenInteractive(link);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expectNoViolations(page, "an electricity receipt");
});

test("an unknown receipt's 'Page not found' has no WCAG A or AA violations", async ({ page }) => {
  await signIn(page, RESELLER);
  const response = await page.goto("/dashboard/receipt/999999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoViolations(page, "an unknown receipt");
});

test("a page showing a success toast has no WCAG A or AA violations", async ({ page }) => {
  const account = await createAccount("a11y-toast", { verified: true });
  await signIn(page, account);
  await page.goto("/dashboard/profile");
  const form = profileForm(page, "Webhook URL");
  await form.getByLabel("Webhook URL", { exact: true }).fill("https://example.com/a11y-hook");
  const save = form.getByRole("button", { name: "Save webhook URL", exact: true });
  await whenInteractive(save);
  await save.click();
  await expect(flash(page, PROFILE_MESSAGES.webhookSaved)).toBeAttached();
  await expectNoViolations(page, "showing a success toast");
});
