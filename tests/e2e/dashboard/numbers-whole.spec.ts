import { RESELLER } from "../support/accounts.ts";
import { catalogProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { brokenNumbers, expectPartFits } from "../support/page.ts";
import { openPurchase, pressProcess, PURCHASE_PATHS, TEST_NUMBERS } from "../support/purchase.ts";
import { signIn } from "../support/session.ts";

// Decision 074: on a 240 px feature phone a phone number, meter, smart card, reference or amount
// is never broken inside itself ("0801111 / 1111" on Confirm, "₦117,894 / .45" on the dashboard);
// the words around it wrap instead, and nothing scrolls sideways. CSS alone: checked once.

test.use({ viewport: { width: 240, height: 320 } });

test("at 240 px Confirm, the dashboard, transactions and a receipt keep every number whole @once", async ({ page }) => {
  await signIn(page, RESELLER);
  const main = page.getByRole("main");
  expect(await brokenNumbers(main), "the dashboard").toEqual([]);
  await expectPartFits(main, "the dashboard");

  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const mtn = catalogProvider("airtime", "MTN");
  const provider = page.getByLabel("Provider", { exact: true });
  const option = provider.getByRole("option", { name: new RegExp(`^${mtn.title} \\(`) });
  await provider.selectOption({ label: (await option.innerText()).trim() });
  await page.getByLabel("Phone number", { exact: true }).fill(TEST_NUMBERS.delivered);
  await page.getByLabel("Amount (₦)", { exact: true }).fill("50000");
  await pressProcess(page);
  const confirmation = page.locator(".purchase-confirmation");
  await expect(confirmation).toContainText(TEST_NUMBERS.delivered);
  expect(await brokenNumbers(confirmation), "Confirm").toEqual([]);
  await expectPartFits(main, "Confirm");

  await page.goto("/dashboard/transactions");
  const table = page.getByRole("region", { name: "Transactions table" });
  // A card with its Details open: the phone, meter and balances there too.
  const details = table.locator("details.row-details").first();
  await details.locator(":scope > summary").click();
  await expect(details).toHaveAttribute("open", "");
  expect(await brokenNumbers(table), "transactions").toEqual([]);
  await expectPartFits(table, "transactions");

  await table
    .getByRole("link", { name: /^Receipt for PV/ })
    .first()
    .click();
  const receipt = page.getByRole("article", { name: /receipt/i });
  await expect(receipt).toBeVisible();
  expect(await brokenNumbers(receipt), "a receipt").toEqual([]);
  await expectPartFits(main, "a receipt");
});
