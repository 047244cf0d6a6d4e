import type { Page } from "@playwright/test";
import { catalogProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { koboOf, nairaOf } from "../support/money.ts";
import { openPurchase, pressConfirm, pressProcess, PURCHASE_PATHS, TEST_NUMBERS } from "../support/purchase.ts";

// Decision 042: records that reconcile to the kobo. The reported case: a
// purchase, then one for the sandbox's failing number, charged and refunded at once (decision
// 010) with no row for the refund. The statement used to close at the failed row's Current Bal
// (₦97 short of the wallet) and to add up face values; the dashboard's "this month" counted
// charges. Now the statement's five lines add up, it closes at the wallet the dashboard shows,
// and "spent" is one figure on both.

test.use({ buyerAccount: { balanceKobo: 150_000_00 } });

/** ₦100 of MTN airtime for `phone`, bought through the form as a person would. */
async function buyAirtime(page: Page, phone: string): Promise<void> {
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const mtn = catalogProvider("airtime", "MTN");
  const provider = page.getByLabel("Provider", { exact: true });
  const option = provider.getByRole("option", { name: new RegExp(`^${mtn.title} \\(`) });
  await provider.selectOption({ label: (await option.innerText()).trim() });
  await page.getByLabel("Phone number", { exact: true }).fill(phone);
  await page.getByLabel("Amount (₦)", { exact: true }).fill("100");
  await pressProcess(page);
  await pressConfirm(page);
}

/** Today and the first of this month, as Lagos days. */
function thisMonth(): { from: string; to: string } {
  const today = new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

test("after a failed purchase the statement adds up, closes at the wallet and spends what the dashboard says", async ({
  page,
  buyer,
}) => {
  await buyAirtime(page, TEST_NUMBERS.delivered);
  await buyAirtime(page, TEST_NUMBERS.failed);

  await page.goto("/dashboard");
  const walletKobo = koboOf(
    (await page.getByRole("article", { name: "Wallet balance" }).locator(".balance").innerText()).trim(),
  );
  const spend = page.getByRole("region", { name: "Spending, last six months" });
  const thisMonthSpent = (
    await spend
      .locator("dt", { hasText: /^This month$/ })
      .locator("+ dd")
      .innerText()
  ).trim();
  // Two charges of ₦100 less the discount, one of them given back.
  expect(walletKobo).toBeLessThan(150_000_00);
  expect(thisMonthSpent).toBe(nairaOf(150_000_00 - walletKobo));

  const { from, to } = thisMonth();
  await page.goto(`/dashboard/statement?from=${from}&to=${to}`);
  const statement = page.getByRole("article", { name: "Payvend statement" });
  const summary = statement.locator(".statement-summary");
  // The reported bug: the closing balance was the failed row's Current Bal, not the wallet.
  await expect(summary.locator("dt", { hasText: /^Closing balance$/ }).locator("+ dd")).toHaveText(nairaOf(walletKobo));

  const sums = statement.getByRole("table", { name: "Money in and out" });
  const figure = async (name: string) =>
    koboOf(
      (
        await sums
          .getByRole("row", { name: new RegExp(name) })
          .getByRole("cell")
          .innerText()
      ).trim(),
    );
  const opening = await figure("Opening balance");
  const moneyIn = await figure("Money in \\(funding\\)");
  const moneyOut = await figure("Money out \\(charges\\)");
  const moneyBack = await figure("Money back \\(reversals, refunds, adjustments\\)");
  const closing = await figure("Closing balance");
  expect(opening + moneyIn - moneyOut + moneyBack).toBe(closing);
  expect(closing).toBe(walletKobo);
  expect([opening, moneyIn]).toEqual([0, 150_000_00]);
  // Both purchases were charged; the failed one's charge came back.
  expect(moneyBack).toBe(moneyOut / 2);

  await expect(summary.locator("dt", { hasText: /^Spent$/ }).locator("+ dd")).toHaveText(thisMonthSpent);
  // The refund has no row of its own: it is a line that says what it is, dated with its purchase (decision 074).
  const rows = statement.getByRole("region", { name: "Statement transactions" });
  await expect(rows.getByText("Money back for this reversed purchase")).toBeVisible();
  await expect(rows.getByText("Money back and adjustments since your last transaction")).toHaveCount(0);
  // Value is the face value; Wallet what each line moved, for this failed purchase its charge and its refund.
  await expect(rows.getByRole("columnheader", { name: "Value", exact: true })).toBeAttached();
  await expect(rows.getByRole("columnheader", { name: "Wallet", exact: true })).toBeAttached();
});
