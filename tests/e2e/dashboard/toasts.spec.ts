import type { Locator, Page } from "@playwright/test";
import { createAccount, MESSAGES, revokeTokens } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { flash, flashError } from "../support/forms.ts";
import { FUNDING_MESSAGES, openFundWallet, pressCreateAccount } from "../support/funding.ts";
import { freezeAnimations, whenInteractive } from "../support/page.ts";
import { openProfile, PROFILE_MESSAGES, profileForm } from "../support/profile.ts";
import { signIn } from "../support/session.ts";

// Flash messages are banners rendered by the server as
// role="status", hidden by CSS after 3 seconds with or without JavaScript, and dismissible.
// Decision 022: an error is role="alert", and a toast with a link stays until dismissed.
// Real flashes: saving the webhook URL on the profile page (success), an expired session
// (error) and Create Account without a BVN (error with a link).

/** Lets CSS animations run again at their own speed (freezeAnimations stops them). */
async function resumeAnimations(page: Page): Promise<void> {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("Animation.enable");
  await devTools.send("Animation.setPlaybackRate", { playbackRate: 1 });
}

/** Saves a webhook URL on the open profile page, which flashes "Profile updated successfully." */
async function saveWebhook(page: Page): Promise<void> {
  const form = profileForm(page, "Webhook URL");
  await form.getByLabel("Webhook URL", { exact: true }).fill("https://example.com/payvend-hook");
  const save = form.getByRole("button", { name: "Save webhook URL", exact: true });
  await whenInteractive(save);
  await save.click();
}

async function openProfileAsNewAccount(page: Page, tag: string): Promise<void> {
  const account = await createAccount(tag, { verified: true });
  await signIn(page, account);
  await openProfile(page);
}

function dismissOf(toast: Locator): Locator {
  return toast.getByRole("checkbox", { name: "Dismiss message" });
}

test("a success toast is a status message that CSS hides 3 seconds after it shows, and the next flash shows again", async ({
  page,
}) => {
  // The clock stopped until the toast has been read, so a slow machine cannot hide it first.
  await freezeAnimations(page);
  await openProfileAsNewAccount(page, "toast-timer");
  await saveWebhook(page);

  const toast = flash(page, PROFILE_MESSAGES.webhookSaved);
  await expect(toast).toBeVisible();
  await expect(flashError(page, PROFILE_MESSAGES.webhookSaved), "not an alert").toHaveCount(0);

  await resumeAnimations(page);
  const resumed = Date.now();
  await expect(toast).toBeHidden({ timeout: 10_000 });
  // Hidden by its timer, not at once (the animation's 3 s delay, less a little clock slack).
  expect(Date.now() - resumed).toBeGreaterThanOrEqual(2_500);

  // The same words flashed again are a new message, shown for its own 3 seconds.
  await saveWebhook(page);
  await expect(flash(page, PROFILE_MESSAGES.webhookSaved)).toBeVisible();
});

test("a toast's × dismisses it at once, by mouse or by keyboard, with or without JavaScript", async ({ page }) => {
  // Stopped clock: only the × can take the toast away.
  await freezeAnimations(page);
  await openProfileAsNewAccount(page, "toast-dismiss");

  await saveWebhook(page);
  const toast = flash(page, PROFILE_MESSAGES.webhookSaved);
  await expect(toast).toBeVisible();
  await dismissOf(toast).click();
  await expect(toast).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  await saveWebhook(page);
  await expect(toast).toBeVisible();
  await dismissOf(toast).focus();
  await page.keyboard.press("Space");
  await expect(toast).toBeHidden();
});

test("an error toast is an alert, and CSS hides it after 3 seconds too", async ({ page }) => {
  const account = await createAccount("toast-error", { verified: true });
  await freezeAnimations(page);
  await signIn(page, account);
  expect(revokeTokens(account.email)).toBeGreaterThan(0);
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL("/login");

  const toast = flashError(page, MESSAGES.sessionExpired);
  await expect(toast).toBeVisible();
  await expect(flash(page, MESSAGES.sessionExpired), "not a status message").toHaveCount(0);
  await expect(dismissOf(toast)).toBeVisible();

  await resumeAnimations(page);
  await expect(toast).toBeHidden({ timeout: 10_000 });
});

test("a toast with a link stays until it is dismissed", async ({ page, buyer }) => {
  await openFundWallet(page, "transfer");
  // The upstream asks for a BVN first: the error says so, with a link to the profile's KYC form.
  await pressCreateAccount(page, "Sterling Bank");
  const toast = flashError(page, FUNDING_MESSAGES.kycNeeded);
  await expect(toast).toBeVisible();
  await expect(toast.getByRole("link", { name: FUNDING_MESSAGES.kycLink, exact: true })).toBeVisible();

  // Past the 3 seconds other toasts get, on the real clock: a link needs time to be reached.
  await page.waitForTimeout(4_000);
  await expect(toast).toBeVisible();

  const dismiss = dismissOf(toast);
  await whenInteractive(dismiss);
  await dismiss.click();
  await expect(toast).toBeHidden();
});
