import { expect, test } from "@playwright/test";
import { createAccount, DEMO, logIn, MESSAGES, revokeTokens } from "../support/accounts.ts";
import { flashError } from "../support/forms.ts";
import { topBar, whenInteractive } from "../support/page.ts";
import { profileForm } from "../support/profile.ts";

const AIRTIME = "/dashboard/purchase-airtime";

// The top bar's Logout and its question, logging out, an expired session; the /logout page
// without JavaScript, a dialog with it.

test("logout asks first: Cancel keeps the session, Logout ends it", async ({ page, javaScriptEnabled }) => {
  // One test, two interactions: which one the top bar offers depends on JavaScript.
  await logIn(page, DEMO);
  await expect(page).toHaveURL("/dashboard");

  if (!javaScriptEnabled) {
    const logoutLink = topBar(page).getByRole("link", { name: "Logout" });
    await expect(logoutLink).toHaveAttribute("href", "/logout");
    await logoutLink.click();
    await expect(page).toHaveURL("/logout");
    await expect(page.getByText(MESSAGES.logoutQuestion)).toBeVisible();

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(topBar(page).getByText(DEMO.fullName, { exact: true })).toBeVisible();

    await topBar(page).getByRole("link", { name: "Logout" }).click();
    await expect(page).toHaveURL("/logout");
    await page.getByRole("button", { name: "Logout" }).click();
  } else {
    // The top bar's Logout becomes a button on a page that runs script once it has hydrated;
    // the dashboard ships none (decision 070), the airtime page does.
    await page.goto(AIRTIME);
    const logoutButton = topBar(page).getByRole("button", { name: "Logout" });
    const dialog = page.getByRole("dialog", { name: "Logout" });
    await whenInteractive(logoutButton);
    await logoutButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(MESSAGES.logoutQuestion)).toBeVisible();

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(AIRTIME);
    await expect(topBar(page).getByText(DEMO.fullName, { exact: true })).toBeVisible();

    await logoutButton.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Logout" }).click();
  }

  await expect(page).toHaveURL("/login");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

test("/logout without a session goes to /login", async ({ page }) => {
  await page.goto("/logout");
  await expect(page).toHaveURL("/login");
});

test("a token the upstream no longer accepts ends the session with 'Session Expired!'", async ({ page }) => {
  // Not a demo account: revoking tokens signs out every session of the user.
  const account = await createAccount("expired", { verified: true });
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");

  expect(revokeTokens(account.email)).toBeGreaterThan(0);
  await page.reload();

  await expect(page).toHaveURL("/login");
  await expect(flashError(page, MESSAGES.sessionExpired)).toBeAttached();
  // The session is gone, not just the page: /dashboard asks for login again.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

test("a form sent after the token stopped working ends on /login with 'Session Expired!', and did nothing", async ({
  page,
}) => {
  const account = await createAccount("expired-post", { verified: true });
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/dashboard/profile");

  // The page was loaded while the token still worked; it stops working while the user types.
  const form = profileForm(page, "Change password");
  const button = form.getByRole("button", { name: "Change password", exact: true });
  await whenInteractive(button);
  await form.getByLabel("Old password", { exact: true }).fill(account.password);
  await form.getByLabel("New password", { exact: true }).fill("Another-pass-2026");
  await form.getByLabel("Confirm password", { exact: true }).fill("Another-pass-2026");
  expect(revokeTokens(account.email)).toBeGreaterThan(0);
  await button.click();

  await expect(page).toHaveURL("/login");
  await expect(flashError(page, MESSAGES.sessionExpired)).toBeAttached();
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard%2Fprofile");
  // The upstream refused the change: the old password still signs in.
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
});
