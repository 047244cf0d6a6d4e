import type { Locator, Page } from "@playwright/test";
import { createAccount } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { signIn } from "../support/session.ts";

// Decision 071: the Lite pages switch beside the language form, in the public footer, under
// the account pages and in the dashboard's menu, in each language: on, every page comes
// without scripts; off, the pages that run script (docs/pages-and-scripts.md) have them back.
// It is a plain form with and without JavaScript, so the flow runs in both projects.

/** What a page loads its scripts with: none on a lite page. */
function scripts(page: Page): Locator {
  return page.locator('script, link[rel="modulepreload"], template');
}

/**
 * The page has its scripts back: with JavaScript off, the module script is in it; with it on,
 * the script ran (React Router keeps the route modules it loaded on `window`), and once the
 * page has hydrated React takes its own script tags out again.
 */
async function expectScriptsBack(page: Page) {
  if (!javaScriptOn()) return expect(page.locator('script[type="module"]')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
}

async function setLanguage(page: Page, baseURL: string | undefined, language: string) {
  await page.context().addCookies([{ name: "lang", value: language, url: baseURL ?? "" }]);
}

test("Lite pages turned on and off in English, Pidgin and Hausa, from the footer, an account page and the menu", async ({
  page,
  baseURL,
}) => {
  // English, the public footer: the kept page comes in the copy that shows the switch on.
  await page.goto("/pricing");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Lite pages: off", { exact: true })).toBeVisible();
  await footer.getByRole("button", { name: "Turn on Lite pages", exact: true }).click();
  await expect(page).toHaveURL("/pricing");
  await expect(footer.getByText("Lite pages: on", { exact: true })).toBeVisible();

  // Pidgin, the sign-up page: lite, with no script, until turned off.
  await setLanguage(page, baseURL, "pcm");
  await page.goto("/register");
  await expect(page.getByText("Lite pages: e dey on", { exact: true })).toBeVisible();
  await expect(scripts(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Off am (Lite pages)", exact: true }).click();
  await expect(page).toHaveURL("/register");
  await expect(page.getByText("Lite pages: e dey off", { exact: true })).toBeVisible();
  await expectScriptsBack(page);

  // Hausa, signed in, the dashboard's menu on the airtime page, which runs script.
  await setLanguage(page, baseURL, "ha");
  await signIn(page, await createAccount("lite-pages", { verified: true }));
  await page.goto("/dashboard/purchase-airtime");
  const menu = page.locator(".sidebar");
  const fold = menu.locator("summary");
  if (await fold.isVisible()) await fold.click();
  await menu.getByRole("button", { name: "Kunna shafuka masu sauƙi", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/purchase-airtime");
  await expect(menu.getByText("Shafuka masu sauƙi: a kunne", { exact: true })).toBeVisible();
  await expect(scripts(page)).toHaveCount(0);
  // The form works as it does without JavaScript: the server checks it, in a new document.
  await page.getByRole("button", { name: "Ci gaba", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Akwai matsala" })).toBeVisible();
  await expect(scripts(page)).toHaveCount(0);

  if (await fold.isVisible()) await fold.click();
  await menu.getByRole("button", { name: "Kashe shafuka masu sauƙi", exact: true }).click();
  await expect(menu.getByText("Shafuka masu sauƙi: a kashe", { exact: true })).toBeVisible();
  await expectScriptsBack(page);
  // With JavaScript the page runs again: Logout opens its dialog.
  const logout = page.getByRole("navigation", { name: "Asusu" }).getByRole(javaScriptOn() ? "button" : "link", {
    name: "Fita",
  });
  await whenInteractive(logout);
  await expect(logout).toBeVisible();
});
