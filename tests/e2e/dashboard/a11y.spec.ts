import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { createAccount, RESELLER } from "../support/accounts.ts";
import { errorSummary, flash } from "../support/forms.ts";
import { receiptLink } from "../support/history.ts";
import { whenInteractive } from "../support/page.ts";
import { PROFILE_MESSAGES, profileForm } from "../support/profile.ts";
import { signIn } from "../support/session.ts";

// Axe (WCAG 2.0, 2.1 and 2.2 A and AA, docs/testing.md) on the dashboard, transactions, receipt and profile pages.
// Each state is checked once, as first shown, its notice and toasts frozen in place
// (expectNoViolations in support.ts), with JavaScript off (@once); with
// JavaScript only the controls it alone adds (@js-only). Independent states share a test,
// so each signs in once (decision 047). axe is the slowest thing the suite does, so these
// tests get three times the usual time.
test.describe.configure({ timeout: 90_000 });

const ONCE = { tag: "@once" };

test(
  "the dashboard, transactions, a receipt and an unknown receipt have no WCAG A or AA violations",
  ONCE,
  async ({ page }) => {
    await signIn(page, RESELLER);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expectNoViolations(page, "with its notice");

    await page.goto("/dashboard/transactions");
    await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
    await expectNoViolations(page, "newest first");

    await page.goto("/dashboard/transactions?sort=status&dir=desc&page=2");
    await expect(page.getByText(/Page 2 of/)).toBeVisible();
    await expectNoViolations(page, "by status, page 2");

    await page.goto("/dashboard/transactions?sort=meter_no&dir=desc");
    await receiptLink(page).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await expectNoViolations(page, "an electricity receipt");

    const response = await page.goto("/dashboard/receipt/999999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectNoViolations(page, "an unknown receipt");
  },
);

test(
  "/dashboard/profile has no WCAG A or AA violations, blank, showing errors or a success toast",
  ONCE,
  async ({ page }) => {
    // Its own account: the forms are sent.
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
      await profileForm(page, form).getByRole("button", { name: button, exact: true }).click();
      await expect(errorSummary(page).and(profileForm(page, form).getByRole("alert"))).toBeVisible();
      await expectNoViolations(page, `showing the ${form} form's errors`);
    }

    const form = profileForm(page, "Webhook URL");
    await form.getByLabel("Webhook URL", { exact: true }).fill("https://example.com/a11y-hook");
    await form.getByRole("button", { name: "Save webhook URL", exact: true }).click();
    await expect(flash(page, PROFILE_MESSAGES.webhookSaved)).toBeAttached();
    await expectNoViolations(page, "showing a success toast");
  },
);

test(
  "what JavaScript adds: transactions and a receipt reached in the running app, its Print button, have no WCAG A or AA violations",
  {
    tag: "@js-only",
  },
  async ({ page }) => {
    await signIn(page, RESELLER);
    // Neither ships script (docs/pages-and-scripts.md): followed from a page that does, they run in the app.
    await page.goto("/dashboard/purchase-airtime");
    const menuLink = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Transactions" });
    await whenInteractive(menuLink);
    const menu = page.locator(".sidebar summary");
    if (await menu.isVisible()) await menu.click();
    await menuLink.click();
    await expect(receiptLink(page).first()).toBeVisible();
    await expectNoViolations(page, "in the app");

    await receiptLink(page).first().click();
    const print = page.getByRole("button", { name: "Print" });
    await expect(print).toBeVisible();
    await expectNoViolations(page, "a receipt with its Print button");
  },
);
