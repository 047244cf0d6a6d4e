import type { Page } from "@playwright/test";
import { seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { recordHistory } from "../support/history.ts";
import { SMART_CARDS } from "../support/verify.ts";

// Decision 052: a smart card bought for in the last 35 days is named on the dashboard from five
// days before its subscription runs out (30 days after the purchase, Lagos days), with the
// customer the upstream returned, or the card when it named none, and Buy again. The history
// is written into the sandbox with purchase times in the past, as the days before would have.

const DAY_MS = 24 * 60 * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DSTV = seedProvider("cable", "DSTV");

test.use({ buyerAccount: { level: 0, balanceKobo: 200_000_00 } });

/** A moment `days` ago, at this time of day. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString();
}

/** "3 Dec": the Lagos day (UTC+1) 30 days after the purchase. */
function renewsOn(boughtAt: string): string {
  const lagos = new Date(Date.parse(boughtAt) + 60 * 60_000);
  const renewal = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + 30));
  return `${renewal.getUTCDate()} ${MONTHS[renewal.getUTCMonth()]}`;
}

function compact(smartNo: string, createdAt: string, customer: string, status: 1 | 2 = 1) {
  return {
    product: "cable",
    subcategoryId: DSTV.id,
    plan: "DStv Compact",
    phoneNumber: "08011111111",
    smartNo,
    description: `DStv Compact renewed for smart card ${smartNo}`,
    description2: customer ? `Customer: ${customer}` : "",
    subtotalKobo: 19_000_00,
    status,
    createdAt,
  } as const;
}

function renewals(page: Page) {
  return page.getByRole("region", { name: "Renewals" });
}

test("a smart card due in a few days is named with its customer and Buy again @once", async ({ page, buyer }) => {
  const dueSoon = daysAgo(27);
  const dueLonger = daysAgo(28);
  recordHistory(buyer.email, [
    // Too long ago: its 35 days are over.
    compact("6666666666", daysAgo(40), "Musa Bello"),
    compact("5555555555", dueLonger, ""),
    compact(SMART_CARDS.delivered, dueSoon, "Adaeze Nwosu"),
    // Bought for 10 days ago: three weeks to go.
    compact("7777777777", daysAgo(10), "Ngozi Eze"),
    // A purchase that failed renewed nothing.
    compact("8888888888", daysAgo(27), "Tunde Bakare", 2),
  ]);
  await page.goto("/dashboard");

  // Soonest first; the card without a named customer by its number.
  await expect(renewals(page).getByRole("listitem")).toHaveText([
    `DStv Compact for 5555555555 renews around ${renewsOn(dueLonger)}. Buy again`,
    `DStv Compact for Adaeze Nwosu renews around ${renewsOn(dueSoon)}. Buy again`,
  ]);

  const buyAgain = renewals(page).getByRole("link", { name: /Adaeze Nwosu/ });
  await expect(buyAgain).toHaveAccessibleName(
    `Buy again: DStv Compact for Adaeze Nwosu renews around ${renewsOn(dueSoon)}`,
  );
  await buyAgain.click();
  await expect(page.getByRole("heading", { level: 1, name: "Pay for Cable" })).toBeVisible();
  await expect(page.getByLabel("Smart card / IUC number", { exact: true })).toHaveValue(SMART_CARDS.delivered);
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText("DSTV");
});

test("more cards due than the dashboard shows: the rest are a link to Due renewals @once", async ({ page, buyer }) => {
  const cards = ["1111111111", "2222222222", "3333333333", "4444444444", "5555555555", "6666666666"];
  recordHistory(
    buyer.email,
    cards.map((card) => compact(card, daysAgo(27), "")),
  );
  await page.goto("/dashboard");
  await expect(renewals(page).getByRole("listitem")).toHaveCount(5);
  await expect(renewals(page)).toContainText("And 1 more: Due renewals.");
  await renewals(page).getByRole("link", { name: "Due renewals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Due renewals" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Renew for / })).toHaveCount(6);
});

test("a card bought for again since is not due, and no renewals means no section @once", async ({ page, buyer }) => {
  recordHistory(buyer.email, [
    compact(SMART_CARDS.delivered, daysAgo(28), "Adaeze Nwosu"),
    compact(SMART_CARDS.delivered, daysAgo(1), "Adaeze Nwosu"),
  ]);
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
  await expect(renewals(page)).toHaveCount(0);
});

test("the renewals fit a 360 px phone @once", async ({ page, buyer }) => {
  recordHistory(buyer.email, [compact(SMART_CARDS.delivered, daysAgo(26), "Oluwaseun Adebayo-Williams")]);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/dashboard");
  await expect(renewals(page).getByRole("listitem")).toHaveCount(1);
  const box = await renewals(page)
    .getByRole("link", { name: /^Buy again/ })
    .boundingBox();
  expect(box, "Buy again is laid out").not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
