import { expect, test } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { OUTAGE_BASE_URL } from "../support/portals.ts";
import { OUTAGE_HEADING, OUTAGE_PATHS, PUBLIC_PAGES } from "./support.ts";

// Axe checks on every page, WCAG 2.2 AA (docs/testing.md). These pages ship no script (decision
// 003), so the document is exactly what the server sent in either mode: checked once, with
// JavaScript off, one page after another (decision 047).

// axe is the slowest thing the suite does, so these tests get three times the usual time.
test.describe.configure({ timeout: 90_000 });

test("the public pages and the page-not-found have no WCAG A or AA violations", async ({ page }) => {
  for (const { path } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  }

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoViolations(page);
});

test("the outage page has no WCAG A or AA violations", async ({ page }) => {
  for (const path of OUTAGE_PATHS) {
    await page.goto(`${OUTAGE_BASE_URL}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: OUTAGE_HEADING })).toBeVisible();
    await expectNoViolations(page);
  }
});

test("the first Tab reaches Skip to content, which moves past the menu", async ({ page }) => {
  await page.goto("/pricing");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/pricing#main");
  await page.keyboard.press("Tab");
  // The next stop is the first control of the page's own content, past the header menu.
  await expect(page.getByRole("main").getByRole("link", { name: "Purchase Plan: MTN Airtime" })).toBeFocused();
});
