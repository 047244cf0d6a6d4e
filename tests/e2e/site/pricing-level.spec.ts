import type { Locator, Page } from "@playwright/test";
import { catalogProvider, discountOf, seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { percentText } from "../support/money.ts";

// Decision 046: signed in, the pricing page shows the person's own level's
// discounts, and says so; signed out it shows the Normal ones (call 2, docs/upstream-api.md).

const MTN_AIRTIME = catalogProvider("airtime", "MTN");
const DSTV = seedProvider("cable", "DSTV");
const BULK_SMS = catalogProvider("sms", "Bulk SMS");

function card(page: Page, title: string): Locator {
  return page.getByRole("main").getByRole("article", { name: title, exact: true });
}

test("signed in as a reseller, pricing shows the reseller's discounts and says they are theirs", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ level: 2, balanceKobo: 0 });
  await page.goto("/pricing");

  await expect(page.getByRole("heading", { level: 2, name: "Your prices (level Reseller)" })).toBeVisible();
  await expect(card(page, "MTN Airtime")).toContainText(`Discount of ${percentText(discountOf(MTN_AIRTIME, 2))}`);
  await expect(card(page, "DSTV")).toContainText(`Discount of ${percentText(discountOf(DSTV, 2))}`);
  // Bulk SMS is sold at a rate per page, which no list of discounts gives: it says whose figure it is.
  await expect(card(page, "Bulk SMS")).toContainText(
    `Discount of ${percentText(discountOf(BULK_SMS, 0))} (the Normal level's; yours is on its page)`,
  );
});

test("signed out, pricing shows the Normal discounts and no level of anyone's", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByText("Discounts shown are for a Normal account.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Your prices/ })).toHaveCount(0);
  await expect(card(page, "MTN Airtime")).toContainText(`Discount of ${percentText(discountOf(MTN_AIRTIME, 0))}`);
});
