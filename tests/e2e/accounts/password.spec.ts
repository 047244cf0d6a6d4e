import { expect, test } from "@playwright/test";
import { logIn, MESSAGES, newPerson } from "../support/accounts.ts";
import { errorSummary, expectFieldError, flash } from "../support/forms.ts";
import { fillRegistration, newestResetLink } from "./support.ts";

// Forgot and reset password, their rules and their success messages.
// One forgot-password request and one sign-up per project: the per-IP limits are 30 an hour
// over both projects and the whole run (app/guards/rate-limit.server.ts).

test("forgot password: an empty form says the e-mail is required", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectFieldError(page.getByLabel("Email"), MESSAGES.forgotEmailRequired);
  await expect(page).toHaveURL("/forgot-password");
});

test("forgot and reset password: the e-mailed link sets a new password once", async ({ page }) => {
  // Signed up in this browser, whose session has since ended: on the sandbox only the browser
  // that signed an address up reads its reset link (decision 069).
  const account = newPerson("reset");
  await page.goto("/register");
  await fillRegistration(page, account);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/otp");
  await page.context().clearCookies({ name: /session$/ });
  const newPassword = `${account.password}-renewed`;

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(flash(page, MESSAGES.resetLinkSent)).toBeAttached();

  const link = await newestResetLink(page, account.email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();

  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectFieldError(page.getByLabel("New password"), MESSAGES.newPasswordRequired);
  await expectFieldError(page.getByLabel("Confirm password"), MESSAGES.resetConfirmRequired);

  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(`${newPassword}-typo`);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expectFieldError(page.getByLabel("Confirm password"), MESSAGES.resetMismatch);

  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL("/login");
  await expect(flash(page, MESSAGES.resetDone)).toBeAttached();

  // The old password no longer works; the new one does.
  await logIn(page, account);
  await expect(errorSummary(page)).toContainText(MESSAGES.badCredentials);
  await logIn(page, { email: account.email, password: newPassword });
  // Signed in; the e-mail is not verified yet, so the code is asked for next.
  await expect(page).toHaveURL("/otp");

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password").fill(`${newPassword}-again`);
  await page.getByLabel("Confirm password").fill(`${newPassword}-again`);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(errorSummary(page)).toContainText(MESSAGES.resetLinkUsed);
  await expect(page).toHaveURL(link);
});

test("reset password: a link without its token says so and offers a new one", async ({ page }) => {
  await page.goto("/password_reset/confirm/");
  await expect(page.getByText("This reset link is incomplete. Ask for a new one.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Send me a new link" })).toHaveAttribute("href", "/forgot-password");
});
