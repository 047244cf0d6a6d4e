import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { catalogProvider, discountOf, seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { type HistoryRow, recordHistory } from "../support/history.ts";
import { percentText, wallet } from "../support/money.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { openPurchase, pressProcess, PURCHASE_PATHS, summaryValue } from "../support/purchase.ts";
import { METERS, openVerifyPage, verifiedDetails, verifyButton } from "../support/verify.ts";

// Decision 027: each product form offers up to five numbers from the person's own history,
// newest first. Without JavaScript each is a link that opens the form filled in; with it, a
// tap fills the fields in place. A list of links under a heading, within 360 px.

const MTN = catalogProvider("airtime", "MTN");
const IKEDC = seedProvider("electricity", "IKEDC - Ikeja Electric");

test.use({ buyerAccount: { level: 0, balanceKobo: 100_000_00 } });

function airtimeRow(phone: string): HistoryRow {
  return {
    product: "airtime",
    subcategoryId: MTN.id,
    plan: "MTN Airtime",
    phoneNumber: phone,
    description: `₦100.00 MTN airtime to ${phone}`,
    subtotalKobo: 100_00,
  };
}

// Oldest first; 08011111111 bought twice, last of all.
const PHONES = ["08011111111", "08030000001", "08030000002", "08030000003", "08030000004", "08030000005"];

function recentList(page: Page, heading: string) {
  return page.getByRole("region", { name: heading });
}

test("airtime offers the five newest phone numbers, and one fills the phone field", async ({ page, buyer }) => {
  recordHistory(buyer.email, [...PHONES.map(airtimeRow), airtimeRow("08011111111")]);
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");

  const list = recentList(page, "Recent phone numbers");
  await expect(list.getByRole("link")).toHaveText([
    "08011111111",
    "08030000005",
    "08030000004",
    "08030000003",
    "08030000002",
  ]);

  const phone = page.getByLabel("Phone number", { exact: true });
  const amount = page.getByLabel("Amount (₦)", { exact: true });
  if (javaScriptOn()) {
    // In place, and the person types on where the number leaves them: the empty amount.
    await whenInteractive(list.getByRole("link").first());
    await list.getByRole("link", { name: "08030000002", exact: true }).click();
    await expect(phone).toHaveValue("08030000002");
    await expect(amount).toBeFocused();
    await page.keyboard.type("250");
  }
  await list.getByRole("link", { name: "08030000004", exact: true }).click();
  await expect(phone).toHaveValue("08030000004");
  // The network it was bought on is chosen too (decision 080).
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText(/^MTN\b/);
  if (javaScriptOn()) {
    // Another number: no navigation, the amount typed before stays, and Process is next.
    await expect(page).toHaveURL(PURCHASE_PATHS.airtime);
    await expect(amount).toHaveValue("250");
    await expect(page.getByRole("button", { name: "Process" })).toBeFocused();
  } else {
    await expect(page).toHaveURL(`${PURCHASE_PATHS.airtime}?phone=08030000004&provider=${MTN.id}`);
    await amount.fill("250");
  }

  await page
    .getByLabel("Provider", { exact: true })
    .selectOption({ label: `MTN (${percentText(discountOf(MTN, 0))} discount)` });
  await pressProcess(page);
  await expect(summaryValue(page, "Phone number")).toHaveText("08030000004");
  // Choosing a recent number bought nothing: only the recorded rows took money.
  expect(wallet(buyer.email).debits).toBe(PHONES.length + 1);
});

test("electricity offers the meter with its type, disco and customer, and verifies it", async ({ page, buyer }) => {
  recordHistory(buyer.email, [
    {
      product: "electricity",
      subcategoryId: IKEDC.id,
      plan: "Prepaid",
      phoneNumber: "08011111111",
      meterNo: METERS.prepaid,
      description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
      description2: "13.5 kWh for NGOZI EZE, 4 Allen Avenue, Ikeja",
      subtotalKobo: 1_500_00,
    },
  ]);
  await openVerifyPage(page, "electricity");

  const link = recentList(page, "Recent meters").getByRole("link");
  await expect(link).toHaveText([`${METERS.prepaid}, Prepaid, IKEDC - Ikeja Electric, NGOZI EZE`]);
  if (javaScriptOn()) await whenInteractive(link);
  await link.click();
  await expect(page.getByLabel("Meter number", { exact: true })).toHaveValue(METERS.prepaid);
  // With JavaScript the meter is filled in place and Verify, its next step, has the focus.
  if (javaScriptOn()) await expect(verifyButton(page)).toBeFocused();
  await expect(page.getByLabel("Meter type", { exact: true }).locator("option:checked")).toHaveText("Prepaid");
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText(
    /^IKEDC - Ikeja Electric/,
  );

  await whenInteractive(verifyButton(page));
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
});

test("a person with no purchases yet sees no recent numbers", async ({ page, buyer }) => {
  expect(wallet(buyer.email).debits).toBe(0);
  await openPurchase(page, PURCHASE_PATHS.data, "Purchase Data");
  await expect(page.getByRole("heading", { name: /^Recent/ })).toHaveCount(0);
});

test("the list fits a 360 px screen and has no WCAG A or AA violations", async ({ page, buyer }) => {
  recordHistory(buyer.email, PHONES.map(airtimeRow));
  await page.setViewportSize({ width: 360, height: 740 });
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const list = recentList(page, "Recent phone numbers");
  await expect(list.getByRole("link")).toHaveCount(5);
  const box = await list.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  for (const link of await list.getByRole("link").all()) {
    const linkBox = await link.boundingBox();
    expect(linkBox && linkBox.x + linkBox.width).toBeLessThanOrEqual(360);
  }
  await expectNoViolations(page);
});
