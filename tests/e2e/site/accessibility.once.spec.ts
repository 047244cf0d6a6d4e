import { expect, type Page, test } from "@playwright/test";
import { accessibilityResults, OUTAGE_BASE_URL, OUTAGE_HEADING, OUTAGE_PATHS, PUBLIC_PAGES } from "../support.ts";

// DESIGN.md §12: axe checks on every page, WCAG 2.2 AA, in both projects (with JavaScript
// off the document is exactly what the server sent; with it on, what the browser made of it).

// axe is the slowest thing the suite does, so these tests get three times the usual time.
test.describe.configure({ timeout: 90_000 });

async function expectNoViolations(page: Page): Promise<void> {
  const results = await accessibilityResults(page);
  // A run that checked nothing would pass silently.
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations).toEqual([]);
}

for (const { path } of PUBLIC_PAGES) {
  test(`${path} has no WCAG A or AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });
}

test("the page-not-found page has no WCAG A or AA violations", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoViolations(page);
});

for (const path of OUTAGE_PATHS) {
  test(`the outage page at ${path} has no WCAG A or AA violations`, async ({ page }) => {
    await page.goto(`${OUTAGE_BASE_URL}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: OUTAGE_HEADING })).toBeVisible();
    await expectNoViolations(page);
  });
}

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
