import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectFieldError, flash } from "../support/forms.ts";
import { receiptEntries } from "../support/history.ts";
import { koboOf, nairaOf } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";
import { confirmationStep, openPurchase, pressProcess, PURCHASE_PATHS } from "../support/purchase.ts";
import { readCsv } from "../support/text.ts";

// A reseller's shop (decision 085), end to end as a reseller at a kiosk uses it: the shop named
// on Profile (markup refused beside the field, what was typed kept), a price per ₦100 of airtime,
// ₦500 of airtime sold for ₦520 (a Sold for that is not money refused first), the customer copy
// under the shop's name at the shop's price and never the charge, and the day's profit book and
// its CSV reconciling with the receipt.

const SHOP = "Mama Nkechi Ventures";

async function saveField(page: Page, field: Locator, value: string, button: string): Promise<void> {
  await field.fill(value);
  await page.getByRole("button", { name: button, exact: true }).click();
}

test("a shop sells ₦500 of airtime for ₦520: the customer copy says so under its name, and Profit counts it", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 5_000_00 });
  await page.goto("/dashboard/profile#shop");
  const shopName = page.getByLabel("Shop name", { exact: true });
  await whenInteractive(shopName);
  await saveField(page, shopName, "<b>Mama</b>", "Save shop details");
  await expectFieldError(page.getByLabel("Shop name", { exact: true }), "Leave out < and >");
  await expect(page.getByLabel("Shop name", { exact: true })).toHaveValue("<b>Mama</b>");
  await page.getByLabel("Shop phone (optional)", { exact: true }).fill("0803 123 4567");
  await saveField(page, page.getByLabel("Shop name", { exact: true }), SHOP, "Save shop details");
  await expect(flash(page, `Shop details saved: your customer copies show ${SHOP}.`)).toBeVisible();

  await page.getByRole("link", { name: "Selling prices", exact: true }).click();
  const airtimePrice = page.getByLabel("Airtime: your price for each ₦100 of value (₦)", { exact: true });
  await whenInteractive(airtimePrice);
  await saveField(page, airtimePrice, "104", "Save prices");
  await expect(flash(page, "Selling prices saved.")).toBeVisible();

  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const provider = page.getByLabel("Provider", { exact: true });
  const mtn = (await provider.getByRole("option", { name: /^MTN \(/ }).innerText()).trim();
  await provider.selectOption({ label: mtn });
  await page.getByLabel("Phone number", { exact: true }).fill("08031234567");
  await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
  await pressProcess(page);
  const soldFor = confirmationStep(page).getByLabel("Sold for: what your customer pays (₦)", { exact: true });
  await expect(soldFor).toHaveValue("520.00");
  // Not money: refused beside the field, as typed, before the PIN or the upstream is asked.
  await soldFor.fill("five twenty");
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  const refused = confirmationStep(page).getByLabel("Sold for: what your customer pays (₦)", { exact: true });
  await expectFieldError(refused, "Enter what your customer pays in naira, e.g. 520, or leave it empty");
  await expect(refused).toHaveValue("five twenty");
  await refused.fill("520");
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByRole("link", { name: "View receipt", exact: true }).click();

  const receipt = await receiptEntries(page);
  expect(receipt.get("Value")).toBe("₦500.00");
  expect(receipt.get("Sold for (customer paid)")).toBe("₦520.00");
  const charged = receipt.get("Charged") ?? "";
  const chargedKobo = koboOf(charged);
  expect(chargedKobo).toBeLessThan(500_00);

  await page.getByRole("link", { name: "Customer copy", exact: true }).click();
  const copy = page.getByRole("article", { name: `${SHOP} receipt` });
  await expect(copy).toBeVisible();
  const lines = await receiptEntries(page);
  expect(lines.get("Shop phone")).toBe("0803 123 4567");
  expect(lines.get("Price paid")).toBe("₦520.00");
  await expect(copy).not.toContainText(charged);
  await expect(page.getByText("Payvend receipt")).toHaveCount(0);
  const shared = new URL(
    (await copy.getByRole("link", { name: "Share on WhatsApp", exact: true }).getAttribute("href")) ?? "",
  ).searchParams.get("text");
  expect(shared).toContain(`${SHOP} receipt\nShop phone: 0803 123 4567`);
  expect(shared).toContain("Price paid: ₦520.00");
  expect(shared).not.toContain(charged);

  await page.getByRole("link", { name: "Profit", exact: true }).first().click();
  const total = page.getByRole("row").filter({ hasText: "Total" });
  await expect(total.getByRole("cell")).toHaveText(["Total", "1", "₦520.00", charged, nairaOf(520_00 - chargedKobo)]);

  const link = page.getByRole("link", { name: "Download CSV", exact: true });
  await whenInteractive(link);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^profit-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = readCsv((await readFile(await download.path())).toString("utf8")).rows;
  expect(header?.slice(2)).toEqual([
    "Reference",
    "Product",
    "Status",
    "Value (NGN)",
    "Sold for: customer paid (NGN)",
    "Cost: wallet paid (NGN)",
    "Profit (NGN)",
  ]);
  const cost = (chargedKobo / 100).toFixed(2);
  expect(rows.map((row) => row.slice(3))).toEqual([
    ["Airtime", "Confirmed", "500.00", "520.00", cost, ((520_00 - chargedKobo) / 100).toFixed(2)],
  ]);
});
