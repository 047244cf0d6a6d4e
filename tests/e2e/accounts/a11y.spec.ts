import { expect, type Page, test } from "@playwright/test";
import {
  accessibilityViolations,
  createAccount,
  errorSummary,
  expectFieldError,
  fillRegistration,
  flash,
  logIn,
  MESSAGES,
  newPerson,
  OTP_SUBJECT,
  topBar,
} from "./support.ts";

// DESIGN.md §12: axe (WCAG 2.0, 2.1 and 2.2 A and AA) on every account page, blank and
// showing its errors, in both projects. axe is the slowest thing the suite does (twice per
// state with JavaScript on), so these tests get three times the usual time on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** Soft, so one page's violations do not hide the next page's in the same test. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  expect.soft(await accessibilityViolations(page), `axe on ${new URL(page.url()).pathname}, ${state}`).toEqual([]);
}

const PUBLIC_FORMS = [
  { path: "/register", heading: "Create your account", submit: "Create account" },
  { path: "/login", heading: "Login", submit: "Login" },
  { path: "/forgot-password", heading: "Forgot password", submit: "Send reset link" },
  // Any token shows the form; an empty submit never reaches the upstream.
  { path: "/password_reset/confirm/?token=not-a-real-token", heading: "Reset password", submit: "Reset password" },
] as const;

for (const { path, heading, submit } of PUBLIC_FORMS) {
  test(`${path} has no WCAG A or AA violations, blank or showing errors`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page, "blank");

    await page.getByRole("button", { name: submit, exact: true }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoViolations(page, "showing errors");
  });
}

test("/login showing the upstream's wrong-password message has no WCAG A or AA violations", async ({ page }) => {
  // Its own account: a wrong password counts towards the account's lock.
  const account = await createAccount("a11y-wrong-password", { verified: true });
  await logIn(page, { email: account.email, password: `${account.password}-wrong` });
  await expect(errorSummary(page)).toContainText(MESSAGES.badCredentials);
  await expectNoViolations(page, "showing a wrong password");
});

test("/register showing the upstream's duplicate e-mail message has no WCAG A or AA violations", async ({ page }) => {
  // One real registration per project (the per-IP sign-up limit, accounts-support.ts).
  const existing = await createAccount("a11y-existing", { verified: true });
  const person = newPerson("a11y-duplicate");
  await page.goto("/register");
  await fillRegistration(page, { ...person, email: existing.email });
  await page.getByRole("button", { name: "Create account" }).click();
  await expectFieldError(page.getByLabel("Email"), MESSAGES.duplicateEmail);
  await expectNoViolations(page, "showing an e-mail already registered");
});

test("/sandbox/outbox has no WCAG A or AA violations, listing an e-mail", async ({ page }) => {
  const account = await createAccount("a11y-outbox", { verified: false });
  await logIn(page, account);
  await expect(page).toHaveURL("/otp");
  await page.getByRole("button", { name: "Resend" }).click();
  await expect(flash(page, MESSAGES.otpResent)).toBeAttached();

  await page.goto("/sandbox/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox outbox" })).toBeVisible();
  await expect(page.getByRole("article", { name: `${OTP_SUBJECT} to ${account.email}`, exact: true })).toHaveCount(1);
  await expectNoViolations(page, "listing an e-mail");
});

test("the incomplete reset link page has no WCAG A or AA violations", async ({ page }) => {
  await page.goto("/password_reset/confirm/");
  await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
  await expectNoViolations(page, "blank");
});

test("/otp has no WCAG A or AA violations, blank, showing errors or a message", async ({ page }) => {
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
});

test("/dashboard has no WCAG A or AA violations, with or without the logout dialog", async ({
  page,
  javaScriptEnabled,
}) => {
  const account = await createAccount("a11y-signed-in", { verified: true });
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectNoViolations(page, "as first shown");

  if (javaScriptEnabled) {
    // With JavaScript the logout question is a dialog over the dashboard.
    await topBar(page).getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("dialog", { name: "Logout" })).toBeVisible();
    await expectNoViolations(page, "with the logout dialog open");
  }
});

test("/personal-info has no WCAG A or AA violations, blank or showing errors", async ({ page }) => {
  const account = await createAccount("a11y-personal-info", { verified: true });
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/personal-info");
  await expect(page.getByRole("heading", { level: 1, name: "Personal information" })).toBeVisible();
  await expectNoViolations(page, "blank");
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Phone number").fill("0803");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectNoViolations(page, "showing errors");
});

test("/logout has no WCAG A or AA violations", async ({ page }) => {
  const account = await createAccount("a11y-logout", { verified: true });
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Logout" })).toBeVisible();
  await expectNoViolations(page, "blank");
});
