import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { createAccount, logIn, MESSAGES, newPerson, OTP_SUBJECT } from "../support/accounts.ts";
import { errorSummary, expectFieldError, flash } from "../support/forms.ts";
import { topBar, whenInteractive } from "../support/page.ts";
import { signIn } from "../support/session.ts";
import { fillRegistration } from "./support.ts";

// Axe (WCAG 2.0, 2.1 and 2.2 A and AA, docs/testing.md) on every account page, blank and
// showing its errors. Each state is checked once, as the server sends it (js-off, @once);
// with JavaScript only the state it alone makes, the logout dialog (@js-only). Independent
// states share a test, so each signs in once (decision 047). axe is the slowest thing the
// suite does, so these tests get three times the usual time on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

const ONCE = { tag: "@once" };

const PUBLIC_FORMS = [
  { path: "/register", heading: "Create your account", submit: "Create account" },
  { path: "/login", heading: "Login", submit: "Login" },
  { path: "/forgot-password", heading: "Forgot password", submit: "Send reset link" },
  // Any token shows the form; an empty submit never reaches the upstream.
  { path: "/password_reset/confirm/?token=not-a-real-token", heading: "Reset password", submit: "Reset password" },
] as const;

test(
  "/register, /login, /forgot-password and the reset form have no WCAG A or AA violations, blank or showing errors",
  ONCE,
  async ({ page }) => {
    for (const { path, heading, submit } of PUBLIC_FORMS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoViolations(page, "blank");

      await page.getByRole("button", { name: submit, exact: true }).click();
      await expect(errorSummary(page)).toBeVisible();
      await expectNoViolations(page, "showing errors");
    }

    await page.goto("/password_reset/confirm/");
    await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
    await expectNoViolations(page, "the incomplete reset link");
  },
);

test("/login and /register showing the upstream's messages have no WCAG A or AA violations", ONCE, async ({ page }) => {
  // Its own account: a wrong password counts towards the account's lock.
  const account = await createAccount("a11y-wrong-password", { verified: true });
  await logIn(page, { email: account.email, password: `${account.password}-wrong` });
  await expect(errorSummary(page)).toContainText(MESSAGES.badCredentials);
  await expectNoViolations(page, "showing a wrong password");

  // One real registration per run (the per-IP sign-up limit, accounts/support.ts).
  const person = newPerson("a11y-duplicate");
  await page.goto("/register");
  await fillRegistration(page, { ...person, email: account.email });
  await page.getByRole("button", { name: "Create account" }).click();
  await expectFieldError(page.getByLabel("Email"), MESSAGES.duplicateEmail);
  await expectNoViolations(page, "showing an e-mail already registered");
});

test(
  "/otp and /sandbox/outbox have no WCAG A or AA violations, blank, showing errors, a message or an e-mail",
  ONCE,
  async ({ page }) => {
    const account = await createAccount("a11y-otp", { verified: false });
    await logIn(page, account);
    await expect(page).toHaveURL("/otp");
    await expectNoViolations(page, "blank");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MESSAGES.otpEmpty })).toBeVisible();
    await expectNoViolations(page, "showing errors");

    // A flash message (a toast) over the page.
    await page.getByRole("button", { name: "Resend" }).click();
    await expect(flash(page, MESSAGES.otpResent)).toBeAttached();
    await expectNoViolations(page, "showing a flash message");

    await page.goto("/sandbox/outbox");
    await expect(page.getByRole("heading", { level: 1, name: "Sandbox outbox" })).toBeVisible();
    await expect(page.getByRole("article", { name: `${OTP_SUBJECT} to ${account.email}`, exact: true })).toHaveCount(1);
    await expectNoViolations(page, "listing an e-mail");
  },
);

test("/dashboard, /personal-info and /logout have no WCAG A or AA violations", ONCE, async ({ page }) => {
  const account = await createAccount("a11y-signed-in", { verified: true });
  await signIn(page, account);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectNoViolations(page, "as first shown");

  await page.goto("/personal-info");
  await expect(page.getByRole("heading", { level: 1, name: "Personal information" })).toBeVisible();
  await expectNoViolations(page, "blank");
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Phone number").fill("0803");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectNoViolations(page, "showing errors");

  // Without JavaScript the logout question is this page; with it, the dialog below.
  await page.goto("/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Logout" })).toBeVisible();
  await expectNoViolations(page, "blank");
});

test("a page with the logout dialog open has no WCAG A or AA violations", { tag: "@js-only" }, async ({ page }) => {
  const account = await createAccount("a11y-logout-dialog", { verified: true });
  await signIn(page, account);
  // A page that runs script (the dashboard ships none: docs/pages-and-scripts.md).
  await page.goto("/dashboard/purchase-airtime");
  const logout = topBar(page).getByRole("button", { name: "Logout" });
  await whenInteractive(logout);
  await logout.click();
  await expect(page.getByRole("dialog", { name: "Logout" })).toBeVisible();
  await expectNoViolations(page, "with the logout dialog open");
});
