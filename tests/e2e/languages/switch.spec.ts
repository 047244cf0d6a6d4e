import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { createAccount } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";

// Decision 055: the language is chosen with a plain form in the public footer,
// on the account pages and in the dashboard's menu, kept in a cookie across pages and
// sign-in, and otherwise taken from the browser's languages. The form is the same with and
// without JavaScript (it posts a whole page), so the switch runs in both projects; what
// JavaScript does not change (a browser's languages, layout, axe) runs once, in js-off.

async function htmlLang(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("lang");
}

/** Chooses a language in the public footer's form and presses its button. */
async function switchInFooter(page: Page, language: string, button: string) {
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("combobox").selectOption(language);
  await footer.getByRole("button", { name: button, exact: true }).click();
}

test("Hausa chosen in the footer stays across pages and through sign-in, and English comes back from the menu", async ({
  page,
}) => {
  const person = await createAccount("language-switch", { verified: true });
  await page.goto("/pricing");
  expect(await htmlLang(page)).toBe("en-NG");

  await switchInFooter(page, "ha", "Change language");
  // Back on the page it was chosen on, now in Hausa.
  await expect(page).toHaveURL("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Farashi");
  expect(await htmlLang(page)).toBe("ha");
  await expect(page.getByRole("contentinfo").getByLabel("Harshe")).toHaveValue("ha");

  await page.getByRole("navigation", { name: "Babban menu" }).getByRole("link", { name: "Gida" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Biya kuɗin ayyuka ka saka kuɗin waya daga walat ɗaya",
  );
  await page.getByRole("link", { name: "Shiga" }).first().click();
  await expect(page).toHaveURL("/login");
  expect(await htmlLang(page)).toBe("ha");
  await page.getByLabel("Imel").fill(person.email);
  await page.getByLabel("Kalmar sirri", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Shiga", exact: true }).click();

  await expect(page).toHaveURL("/dashboard");
  expect(await htmlLang(page)).toBe("ha");
  // The login page and the dashboard run no script (decision 070): Logout is its page's link.
  await expect(page.getByRole("navigation", { name: "Asusu" }).getByRole("link", { name: "Fita" })).toBeVisible();

  // On a phone the menu is folded under "Menu"; on a wide screen it is open.
  const menu = page.locator(".sidebar summary");
  if (await menu.isVisible()) await menu.click();
  await page.locator(".sidebar").getByLabel("Harshe").selectOption("en-NG");
  await page.locator(".sidebar").getByRole("button", { name: "Canza harshe", exact: true }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(await htmlLang(page)).toBe("en-NG");
  // A new document, and the dashboard ships no script (docs/pages-and-scripts.md): the link.
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Logout" })).toBeVisible();
});

test("Pidgin chosen on the login page stays on the page it was chosen on, query and all", async ({ page }) => {
  await page.goto("/login?redirectTo=/dashboard/transactions");
  await page.getByLabel("Language").selectOption("pcm");
  await page.getByRole("button", { name: "Change language", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard/transactions");
  expect(await htmlLang(page)).toBe("pcm");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  await expect(page.getByLabel("Type di password again")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "You forget your password?" })).toBeVisible();
});

test.describe("a browser that asks for Hausa", () => {
  // Chromium sends its locale as Accept-Language: "ha-NG,ha;q=0.9".
  test.use({ locale: "ha-NG" });

  test(
    "gets Hausa on the kept public pages and the account pages, and a browser that does not gets English",
    {
      tag: "@once",
    },
    async ({ page, browser }) => {
      await page.goto("/");
      expect(await htmlLang(page)).toBe("ha");
      await expect(page.getByRole("link", { name: "Fara Yanzu" }).first()).toBeVisible();
      await page.goto("/register");
      expect(await htmlLang(page)).toBe("ha");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buɗe asusunka");
      await expect(page.getByLabel("Sunan farko")).toBeVisible();

      // The public page is kept per language: an English browser right after gets English.
      const english = await browser.newContext({ locale: "en-GB" });
      const other = await english.newPage();
      await other.goto("/");
      expect(await htmlLang(other)).toBe("en-NG");
      await expect(other.getByRole("link", { name: "Get Started" }).first()).toBeVisible();
      await english.close();
    },
  );
});

for (const width of [360, 240]) {
  test(
    `at ${width} px the Hausa login and register pages do not scroll sideways`,
    { tag: "@once" },
    async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: "lang", value: "ha", url: baseURL ?? "" }]);
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/login", "/register", "/forgot-password"]) {
        await page.goto(path);
        expect(await htmlLang(page)).toBe("ha");
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
      }
    },
  );
}

test(
  "the Hausa and Pidgin pages and the language and Lite pages pages pass axe",
  { tag: "@once" },
  async ({ page, baseURL }) => {
    // axe is the slowest thing the suite does, and this is fourteen pages.
    test.setTimeout(240_000);
    for (const language of ["ha", "pcm"]) {
      await page.context().addCookies([{ name: "lang", value: language, url: baseURL ?? "" }]);
      for (const path of ["/", "/pricing", "/login", "/register", "/language", "/lite-pages", "/no-such-page"]) {
        await page.goto(path);
        expect(await htmlLang(page)).toBe(language);
        await expectNoViolations(page, `in ${language}`);
      }
    }
  },
);
