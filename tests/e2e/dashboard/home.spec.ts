import { expect, type Page, test } from "@playwright/test";
import { RESELLER } from "../support/accounts.ts";
import { freezeAnimations, whenInteractive } from "../support/page.ts";
import { NOTICE_TEXT } from "../support/portals.ts";
import { signIn } from "../support/session.ts";

// The dashboard home, the settings notification and the money format; the notice is a
// role="status" banner hidden by CSS after 5 seconds, and can be dismissed without
// JavaScript too (decisions 022 and 045).

const TILES = [
  { name: "Purchase Airtime", href: "/dashboard/purchase-airtime" },
  { name: "Purchase Data", href: "/dashboard/purchase-data" },
  { name: "Pay for Cable", href: "/dashboard/pay-for-tv" },
  { name: "Pay for Electricity", href: "/dashboard/pay-for-electricity" },
  { name: "Transactions", href: "/dashboard/transactions" },
] as const;

/** The notice. Included while hidden: CSS hides it after 5 seconds, taking it out of the tree. */
function notice(page: Page) {
  return page.getByRole("status", { includeHidden: true }).filter({ hasText: NOTICE_TEXT });
}

test("the balance card shows the wallet in naira with 2 decimals and links to Fund Wallet", async ({ page }) => {
  await signIn(page, RESELLER);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const card = page.getByRole("article", { name: "Wallet balance" });
  await expect(card.getByText(RESELLER.balance, { exact: true })).toBeVisible();
  await expect(card.getByText(`Account level: ${RESELLER.level}`)).toBeVisible();

  const fundWallet = card.getByRole("link", { name: "Fund Wallet" });
  await expect(fundWallet).toHaveAttribute("href", "/dashboard/fund-wallet");
});

test("the five tiles link to their pages", async ({ page }) => {
  await signIn(page, RESELLER);
  const tiles = page.getByRole("navigation", { name: "Quick actions" }).getByRole("link");
  await expect(tiles).toHaveText(TILES.map((tile) => tile.name));
  for (const [index, tile] of TILES.entries()) {
    await expect(tiles.nth(index)).toHaveAttribute("href", tile.href);
  }

  await whenInteractive(tiles.last());
  await tiles.last().click();
  await expect(page).toHaveURL("/dashboard/transactions");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
});

test("the tiles sit side by side on a wide screen and one under another on a phone", async ({ page }) => {
  await signIn(page, RESELLER);
  const tiles = page.getByRole("navigation", { name: "Quick actions" }).getByRole("link");
  const tops = async () =>
    Promise.all(TILES.map(async (_, index) => (await tiles.nth(index).boundingBox())?.y ?? Number.NaN));

  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await tops();
  expect(new Set(wide).size, "rows of tiles at 1280 px").toBeLessThan(TILES.length);

  await page.setViewportSize({ width: 360, height: 800 });
  const narrow = await tops();
  expect(new Set(narrow).size, "rows of tiles at 360 px").toBe(TILES.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the settings notification is plain text in a status banner that CSS hides after 5 seconds", async ({ page }) => {
  await signIn(page, RESELLER);
  await expect(notice(page)).toHaveCount(1);
  // The words exactly, as one paragraph (the banner also holds its ×).
  await expect(notice(page).getByText(NOTICE_TEXT, { exact: true })).toHaveCount(1);
  // Shown as plain text (decision 006), so the upstream's <b> and link are not rendered.
  // A tag selector: bold text has no role to find it by.
  await expect(notice(page).locator("b")).toHaveCount(0);
  await expect(notice(page).getByRole("link", { includeHidden: true })).toHaveCount(0);
  await expect(notice(page)).not.toContainText("<");

  // 5 seconds (the CSS animation's delay), with or without JavaScript.
  await expect(notice(page)).toBeHidden({ timeout: 10_000 });
});

test("the notice's × dismisses it at once, with or without JavaScript", async ({ page }) => {
  // Stopped clock: only the × can take the notice away, however slow the machine.
  await freezeAnimations(page);
  await signIn(page, RESELLER);
  await expect(notice(page)).toBeVisible();

  // A form's button, so that it works without JavaScript (decision 045).
  const dismiss = notice(page).getByRole("button", { name: "Dismiss notice" });
  await expect(dismiss).toBeVisible();
  await whenInteractive(dismiss);
  await dismiss.click();
  await expect(notice(page)).toBeHidden();
  // The rest of the page is still there.
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
});
