import { expect, test } from "@playwright/test";
import { RESELLER } from "../support/accounts.ts";
import { topBar } from "../support/page.ts";
import { PRODUCT_NAME } from "../support/portals.ts";
import { signIn } from "../support/session.ts";
import { MENU_BUTTONS, MENU_LINKS } from "./support.ts";

// An unknown address is a page of the site it is in. Signed out, "Page not
// found" (404) comes inside the public menu and footer; under /dashboard, signed in, inside
// the dashboard shell.

// Signed out, the page ships no script (decision 029): those run once, in js-off.
test(
  "a signed-out unknown address answers 404 inside the public menu and footer",
  { tag: "@once" },
  async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Page not found`);

    const main = page.getByRole("main");
    await expect(main).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(main.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");

    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    for (const link of [...MENU_LINKS, ...MENU_BUTTONS]) {
      await expect(menu.getByRole("link", { name: link.name, exact: true })).toHaveAttribute("href", link.href);
    }
    // No menu entry is the page being read.
    await expect(menu.locator("[aria-current=page]")).toHaveCount(0);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute(
      "href",
      "/terms-and-conditions",
    );
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${PRODUCT_NAME}. All rights reserved.`)).toBeVisible();
  },
);

test(
  "every signed-out unknown address gets the one kept page-not-found, and nothing else gets it",
  { tag: "@once" },
  async ({ request }) => {
    // Kept once for all of them (decision 029): the same bytes, no script allowed, no cookie.
    const answers = await Promise.all(
      ["/no-such-page", "/wp-login.php", "/old/price-list"].map((path) => request.get(path)),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    for (const [index, answer] of answers.entries()) {
      expect(answer.status()).toBe(404);
      expect(answer.headers()["content-security-policy"]).toMatch(/(^|;)\s*script-src 'none'(;|$)/);
      expect(answer.headers()["set-cookie"]).toBeUndefined();
      expect(bodies[index]).toBe(bodies[0]);
    }
    expect(bodies[0]).toContain("<h1>Page not found</h1>");

    // Files are still files, a dashboard address still goes to its guard, and React Router's
    // data requests to React Router.
    for (const path of ["/favicon.svg", "/robots.txt"]) expect((await request.get(path)).status(), path).toBe(200);
    const dashboard = await request.get("/dashboard/no-such-page", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
    expect(dashboard.headers()["location"]).toMatch(/^\/login/);
    const data = await request.get("/no-such-page.data");
    expect(data.headers()["content-type"]).not.toMatch(/^text\/html/);
  },
);

test("a signed-in unknown address under /dashboard answers 404 inside the dashboard shell", async ({ page }) => {
  await signIn(page, RESELLER);
  const response = await page.goto("/dashboard/xyz");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`${PRODUCT_NAME} - Page not found`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");

  await expect(topBar(page).getByText(RESELLER.fullName)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Transactions" }),
  ).toHaveAttribute("href", "/dashboard/transactions");
  // The public site's menu and footer are not there.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveCount(0);
});
