import { expect, test } from "@playwright/test";
import { createAccount, DEMO, logIn, MESSAGES, uniqueEmail } from "../support/accounts.ts";
import { errorSummary, expectFieldError } from "../support/forms.ts";
import { atPath, topBar } from "../support/page.ts";
import { PRODUCT_NAME } from "../support/portals.ts";

// Login, its rules and the guard of signed-in pages; redirect targets and CSRF (decision 018).
// Wrong passwords are only ever tried on accounts made for the test or on unknown e-mails:
// the login lock counts failures per e-mail and the demo accounts are shared.

test("login: an empty form says both fields are required", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectFieldError(page.getByLabel("Email"), MESSAGES.loginEmailRequired);
  await expectFieldError(page.getByLabel("Password", { exact: true }), MESSAGES.loginPasswordRequired);
  await expect(page).toHaveURL("/login");
});

test("login: a wrong password is refused with the upstream's message and the e-mail is kept", async ({
  page,
  javaScriptEnabled,
}) => {
  const account = await createAccount("wrong-password", { verified: true });
  await logIn(page, { email: account.email, password: `${account.password}-wrong` });
  await expect(errorSummary(page)).toContainText(MESSAGES.badCredentials);
  await expect(page).toHaveURL("/login");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  // Without JavaScript the page comes back from the server, which never echoes a password.
  // With it, the form stays in the browser and keeps what was typed.
  if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("login: an unknown e-mail gets the same message as a wrong password", async ({ page }) => {
  await logIn(page, { email: uniqueEmail("nobody"), password: "Whatever-pass-1" });
  await expect(errorSummary(page)).toContainText(MESSAGES.badCredentials);
  await expect(page).toHaveURL("/login");
});

test("login: a registered customer who has not entered the OTP yet is sent to /otp", async ({ page }) => {
  const account = await createAccount("unverified", { verified: false });
  await logIn(page, account);
  await expect(page).toHaveURL("/otp");
  await expect(page.getByText(`Enter the 4-digit code we sent to ${account.email}.`)).toBeVisible();
});

test("login: a demo account lands on the dashboard", async ({ page }) => {
  await logIn(page, DEMO);
  await expect(page).toHaveURL("/dashboard");
  await expect(topBar(page).getByText(DEMO.fullName, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("guard: a signed-in page asks for login first and comes back to it afterwards", async ({ page }) => {
  // A page deeper than /dashboard, so coming back to it is not the default landing.
  await page.goto("/dashboard/transactions");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard%2Ftransactions");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/transactions");
});

test("guard: /dashboard itself sends a visitor to /login", { tag: "@once" }, async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

// Targets that must never leave the site: each reads as another site (or a script) somewhere between the browser,
// a proxy and a later redirect; all end on the dashboard.
const HOSTILE_TARGETS = [
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "/%5Cevil.example",
  "javascript:alert(document.domain)",
] as const;

// The server drops each one (safeRedirectPath); the hydrated form follows the server's answer,
// so one of them is enough with JavaScript on.
for (const target of HOSTILE_TARGETS) {
  const tag = target === HOSTILE_TARGETS[0] ? [] : ["@once"];
  test(`guard: a redirectTo of ${target} ends on /dashboard after login`, { tag }, async ({ page }) => {
    await logIn(page, DEMO, `/login?${new URLSearchParams({ redirectTo: target })}`);
    await expect(page).toHaveURL("/dashboard");
  });
}

test("guard: the login action itself ignores a hostile redirectTo posted to it", async ({ page }) => {
  // A request-level check (the same in both projects): the page drops a hostile target
  // before it reaches the form, so this posts one the way a crafted form would, with the
  // page's own CSRF token, and reads where the action redirects.
  for (const target of HOSTILE_TARGETS) {
    // Signed out again, or /login would send the signed-in browser straight on.
    await page.context().clearCookies();
    await page.goto("/login");
    // The hidden CSRF field has no role or label; its name is the only handle.
    const csrf = await page.locator('#login input[type="hidden"][name="csrf"]').getAttribute("value");
    const origin = new URL(page.url()).origin;
    const response = await page.request.post("/login", {
      form: { csrf: csrf ?? "", website: "", email: DEMO.email, password: DEMO.password, redirectTo: target },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status(), `redirectTo=${target}`).toBe(302);
    expect(response.headers()["location"], `redirectTo=${target}`).toBe("/dashboard");
  }
});

test("CSRF: a login post without the form's token is refused with 403", { tag: "@once" }, async ({ page }) => {
  await page.goto("/login");
  const origin = new URL(page.url()).origin;
  const withoutToken = await page.request.post("/login", {
    form: { website: "", email: uniqueEmail("csrf"), password: "Whatever-pass-1" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(withoutToken.status()).toBe(403);
  // The refusal is a page of this site, under its name, that says what to do.
  expect(await withoutToken.text()).toContain(`<title>${PRODUCT_NAME} - Your form has expired</title>`);

  // The same post with the page's token gets past the check (and fails validation, so it
  // counts as no login attempt): the 403 above is the token's doing, not the Origin's.
  const csrf = await page.locator('#login input[type="hidden"][name="csrf"]').getAttribute("value");
  expect(csrf).toBeTruthy();
  const withToken = await page.request.post("/login", {
    form: { csrf: csrf ?? "", website: "", email: "", password: "" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(withToken.status()).toBe(400);
});

test("login: the page links to sign-up and to forgot password", { tag: "@once" }, async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(atPath("/forgot-password"));
});
