import { DatabaseSync } from "node:sqlite";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { PORTAL_DB } from "../../../playwright.config.ts";
import { expectNoViolations } from "../support/a11y.ts";
import { createAccount, logIn, MESSAGES, type Person } from "../support/accounts.ts";
import { flash, flashError } from "../support/forms.ts";
import { signIn } from "../support/session.ts";

// Decisions 049 and 064, where you are signed in: each sign-in is a row in the portal's own database;
// Profile lists them and ends them, a new password ends the others, logout deletes its own,
// and the dashboard says when and where the account was used before. Plain forms whose outcome
// JavaScript does not change: js-off only (@once).

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** A second browser, a phone, signed in through the login page as a person would. */
async function phoneSignedIn(browser: Browser, account: Person): Promise<{ phone: BrowserContext; page: Page }> {
  const phone = await browser.newContext({ javaScriptEnabled: false, userAgent: ANDROID_CHROME });
  const page = await phone.newPage();
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  return { phone, page };
}

function signInsList(page: Page): Locator {
  return page.getByRole("region", { name: "Where you are signed in" }).getByRole("listitem");
}

function signInOf(page: Page, device: string): Locator {
  return signInsList(page).filter({ has: page.getByText(device, { exact: true }) });
}

async function openSignIns(page: Page): Promise<void> {
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { level: 2, name: "Where you are signed in" })).toBeVisible();
}

/**
 * The next page the phone asks for sends it to log in again, saying it was signed out from
 * another device, not that its session expired (decision 080).
 */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/dashboard/transactions");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard%2Ftransactions");
  await expect(flashError(page, MESSAGES.signedOutElsewhere)).toBeAttached();
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "25 Nov, 9:14 pm" in Lagos (UTC+1 all year), written here apart from app/domain/dates.ts. */
function lagosShort(ms: number): string {
  const lagos = new Date(ms + 60 * 60 * 1000);
  const hours = lagos.getUTCHours();
  const minutes = String(lagos.getUTCMinutes()).padStart(2, "0");
  const month = MONTHS[lagos.getUTCMonth()] ?? "";
  return `${lagos.getUTCDate()} ${month}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

/** How many sign-in rows the account has in the portal's database. */
function rowsOf(email: string): number {
  const sandbox = new DatabaseSync(process.env.E2E_SANDBOX_DB ?? "", { readOnly: true });
  const portal = new DatabaseSync(PORTAL_DB, { readOnly: true });
  try {
    const user = sandbox.prepare("SELECT id FROM users WHERE email = ?").get(email);
    const row = portal.prepare("SELECT count(*) AS n FROM sign_ins WHERE account_id = ?").get(Number(user?.["id"]));
    return Number(row?.["n"]);
  } finally {
    sandbox.close();
    portal.close();
  }
}

test(
  "Profile lists both browsers, this one marked; Sign out ends the other on its next page",
  { tag: "@once" },
  async ({ page, browser }) => {
    const account = await createAccount("sign-ins-list", { verified: true });
    await signIn(page, account);
    const { phone, page: phonePage } = await phoneSignedIn(browser, account);
    try {
      await page.setViewportSize({ width: 360, height: 720 });
      await openSignIns(page);
      await expect(signInsList(page)).toHaveCount(2);
      const here = signInOf(page, "Chrome on Linux");
      const there = signInOf(page, "Chrome on Android");
      await expect(here).toContainText("This device");
      await expect(there).not.toContainText("This device");
      await expect(there).toContainText(
        /^Chrome on Android ?Last used \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m from 127\.0\.0\.1\./,
      );
      await expectNoViolations(page, "two sign-ins listed");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scroll at 360 px").toBe(360);

      await there.getByRole("button", { name: "Sign out of Chrome on Android" }).click();
      await expect(flash(page, "Signed out. That device must log in again.")).toBeAttached();
      await expect(signInsList(page)).toHaveCount(1);
      await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);

      await expectSignedOut(phonePage);
      // This browser is still in.
      await page.goto("/dashboard/transactions");
      await expect(page).toHaveURL("/dashboard/transactions");
    } finally {
      await phone.close();
    }
  },
);

test(
  "Sign out everywhere else ends the other browsers and keeps this one",
  { tag: "@once" },
  async ({ page, browser }) => {
    const account = await createAccount("sign-ins-others", { verified: true });
    await signIn(page, account);
    const { phone, page: phonePage } = await phoneSignedIn(browser, account);
    try {
      await openSignIns(page);
      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expect(flash(page, "Signed out everywhere else.")).toBeAttached();
      await expect(signInsList(page)).toHaveCount(1);
      await expectSignedOut(phonePage);
      expect(rowsOf(account.email)).toBe(1);
    } finally {
      await phone.close();
    }
  },
);

test("a new password signs out every other browser", { tag: "@once" }, async ({ page, browser }) => {
  const account = await createAccount("sign-ins-password", { verified: true });
  await signIn(page, account);
  const { phone, page: phonePage } = await phoneSignedIn(browser, account);
  try {
    await openSignIns(page);
    const form = page.getByRole("article", { name: "Change password", exact: true });
    const newPassword = `${account.password}-changed`;
    await form.getByLabel("Old password").fill(account.password);
    await form.getByLabel("New password").fill(newPassword);
    await form.getByLabel("Confirm password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(flash(page, "Password changed successfully.")).toBeAttached();
    await expect(signInsList(page)).toHaveCount(1);
    await expect(signInsList(page)).toContainText("This device");
    await expectSignedOut(phonePage);
  } finally {
    await phone.close();
  }
});

test("logout deletes the sign-in: its cookie, kept, signs nobody in", { tag: "@once" }, async ({ page }) => {
  const account = await createAccount("sign-ins-logout", { verified: true });
  await signIn(page, account);
  expect(rowsOf(account.email)).toBe(1);
  const kept = await page.context().cookies();

  await openSignIns(page);
  await signInOf(page, "Chrome on Linux").getByRole("button", { name: "Sign out of this device" }).click();
  await expect(page).toHaveURL("/login");
  expect(rowsOf(account.email)).toBe(0);

  await page.context().addCookies(kept);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

test(
  "the dashboard says when and where the account was last used before this sign-in",
  { tag: "@once" },
  async ({ page, browser }) => {
    const account = await createAccount("sign-ins-last-used", { verified: true });
    await signIn(page, account);
    // A first sign-in has nothing before it.
    await expect(page.getByText(/^Last used/)).toHaveCount(0);
    await page.context().clearCookies();

    const before = Date.now();
    const { phone, page: phonePage } = await phoneSignedIn(browser, account);
    const after = Date.now();
    await phonePage.goto("/logout");
    await phonePage.getByRole("button", { name: "Logout" }).click();
    await expect(phonePage).toHaveURL("/login");
    await phone.close();

    await signIn(page, account);
    const line = page.getByText(/^Last used /);
    // The phone's login, to the minute; either one if the minute turned meanwhile.
    const times = [...new Set([lagosShort(before), lagosShort(after)])];
    await expect(line).toHaveText(
      new RegExp(`^Last used (${times.join("|")}) from Chrome on Android\\. Not you\\? See where you are signed in$`),
    );
    await line.getByRole("link", { name: "See where you are signed in" }).click();
    await expect(page).toHaveURL("/dashboard/profile#sign-ins");
  },
);
