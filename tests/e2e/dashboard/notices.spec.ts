import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { freezeAnimations, whenInteractive } from "../support/page.ts";
import { NOTICE_TEXT } from "../support/portals.ts";
import { PROFILE_MESSAGES, profileForm } from "../support/profile.ts";

// Decision 045: the dashboard notice and the flash messages never cover the
// header or the menu. Without JavaScript they sit in the page; with it a toast floats at the
// bottom of the screen. Dismissing the notice is a small form the browser remembers, so the
// same words do not come back; with JavaScript it is sent without reloading the page.

function notice(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: NOTICE_TEXT });
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("not on the page");
  return box;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The page's header (its name, Profile and Logout) and the dashboard menu, whole and usable. */
async function expectHeaderAndMenuClearOf(page: Page, message: Locator): Promise<void> {
  const shown = await boxOf(message);
  const header = page.getByRole("banner");
  // On a phone the Menu's summary; on a wide screen the menu is open beside the page.
  const menu = page
    .getByText("Menu", { exact: true })
    .or(page.getByRole("navigation", { name: "Dashboard" }))
    .filter({ visible: true });
  for (const [name, part] of [
    ["the header", header],
    ["the Menu", menu],
    ["Logout", header.getByRole("button", { name: "Logout" }).or(header.getByRole("link", { name: "Logout" }))],
  ] as const) {
    expect(overlap(shown, await boxOf(part)), `the message over ${name}`).toBe(false);
  }
}

const SCREENS = [
  { width: 360, height: 720 },
  { width: 1280, height: 800 },
];

test("the dashboard notice sits under the header, clear of it and of the menu, on a phone and a wide screen", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 0 });
  await freezeAnimations(page);
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto("/dashboard");
    await expect(notice(page)).toBeVisible();
    await expectHeaderAndMenuClearOf(page, notice(page));
  }
});

test("a toast leaves the header and the menu clear, on a phone and a wide screen", async ({ page, signInBuyer }) => {
  await signInBuyer({ balanceKobo: 0 });
  await freezeAnimations(page);
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto("/dashboard/profile");
    const form = profileForm(page, "Webhook URL");
    await form.getByLabel("Webhook URL", { exact: true }).fill("https://example.com/payvend-hook");
    const save = form.getByRole("button", { name: "Save webhook URL", exact: true });
    await whenInteractive(save);
    await save.click();
    const toast = page.getByRole("status").filter({ hasText: PROFILE_MESSAGES.webhookSaved });
    await expect(toast).toBeVisible();
    // Back at the top of the page, as someone who wants the menu next would be.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectHeaderAndMenuClearOf(page, toast);
  }
});

test("a dismissed notice does not come back", async ({ page, signInBuyer }) => {
  await signInBuyer({ balanceKobo: 0 });
  await freezeAnimations(page);
  await page.goto("/dashboard");
  // The dashboard ships no script (docs/pages-and-scripts.md): its × posts, and the page comes back.
  await notice(page).getByRole("button", { name: "Dismiss notice" }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Not on the next page either, nor the next visit.
  await page.goto("/dashboard/profile");
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});
