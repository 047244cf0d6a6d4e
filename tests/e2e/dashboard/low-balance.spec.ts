import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectFieldError, flash } from "../support/forms.ts";
import { recordHistory } from "../support/history.ts";
import { whenInteractive } from "../support/page.ts";
import { profileForm } from "../support/profile.ts";
import { PURCHASE_PATHS } from "../support/purchase.ts";

// Decision 052: a low-balance threshold set in Profile (none by default, an empty field turns
// it off); below it the dashboard and every product page say so, in the page, with Fund
// Wallet. The threshold is kept in the portal's own database.

test.use({ buyerAccount: { level: 0, balanceKobo: 450_00 } });

const WARNING = "Your balance ₦450.00 is below the ₦1,000.00 you set. Fund Wallet";

/** Every product page, and bulk. */
const PRODUCT_PAGES = [
  PURCHASE_PATHS.airtime,
  PURCHASE_PATHS.data,
  "/dashboard/pay-for-tv",
  "/dashboard/pay-for-electricity",
  "/dashboard/purchase-exam-pins",
  PURCHASE_PATHS.sms,
  "/dashboard/bulk-purchase",
];

function warning(page: Page): Locator {
  return page.getByText(/^Your balance .* is below the .* you set\./);
}

function thresholdForm(page: Page) {
  const form = profileForm(page, "Low balance warning");
  return { form, field: form.getByLabel("Warn me below (₦)", { exact: true }) };
}

async function saveThreshold(page: Page, amount: string): Promise<void> {
  await page.goto("/dashboard/profile#low-balance-warning");
  const { form, field } = thresholdForm(page);
  const save = form.getByRole("button", { name: "Save warning" });
  await whenInteractive(save);
  await field.fill(amount);
  await save.click();
}

test("a threshold set in Profile warns on the dashboard and a product page until it is cleared", async ({
  page,
  buyer,
}) => {
  // None by default.
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
  await expect(warning(page)).toHaveCount(0);

  await saveThreshold(page, "1,000");
  await expect(flash(page, "We will warn you when your balance is below ₦1,000.00.")).toBeAttached();
  await expect(thresholdForm(page).field).toHaveValue("1000.00");

  await page.goto("/dashboard");
  await expect(warning(page)).toHaveText(WARNING);
  await expect(warning(page).getByRole("link", { name: "Fund Wallet" })).toHaveAttribute(
    "href",
    "/dashboard/fund-wallet",
  );
  await page.goto(PURCHASE_PATHS.airtime);
  await expect(warning(page)).toHaveText(WARNING);

  // Cleared: off again.
  await saveThreshold(page, "");
  await expect(flash(page, "Low balance warning turned off.")).toBeAttached();
  await expect(thresholdForm(page).field).toHaveValue("");
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
  await expect(warning(page)).toHaveCount(0);
});

test("a threshold that is not an amount is refused beside its field", async ({ page, buyer }) => {
  await saveThreshold(page, "0");
  await expectFieldError(thresholdForm(page).field, "Amount can not be less than ₦1");
  await thresholdForm(page).field.fill("a thousand");
  await thresholdForm(page).form.getByRole("button", { name: "Save warning" }).click();
  await expectFieldError(thresholdForm(page).field, "Enter the amount in naira, e.g. 500");
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
  await expect(warning(page)).toHaveCount(0);
});

test("every product page warns, and a balance at the threshold is not below it @once", async ({ page, buyer }) => {
  await saveThreshold(page, "1000");
  await expect(flash(page, "We will warn you when your balance is below ₦1,000.00.")).toBeAttached();
  for (const path of PRODUCT_PAGES) {
    await page.goto(path);
    await expect(warning(page), path).toHaveText(WARNING);
  }

  await saveThreshold(page, "450");
  await expect(flash(page, "We will warn you when your balance is below ₦450.00.")).toBeAttached();
  await page.goto("/dashboard");
  await expect(page.getByRole("article", { name: "Wallet balance" })).toBeVisible();
  await expect(warning(page)).toHaveCount(0);
});

test("on a 360 px phone the warning sits in the page, covering nothing @once", async ({ page, buyer }) => {
  await saveThreshold(page, "1000");
  await expect(flash(page, "We will warn you when your balance is below ₦1,000.00.")).toBeAttached();
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ["/dashboard", PURCHASE_PATHS.data]) {
    await page.goto(path);
    await expect(warning(page)).toBeVisible();
    // In the flow of the page, not fixed over it.
    expect(await warning(page).evaluate((element) => getComputedStyle(element).position)).toBe("static");
    const box = await warning(page).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

test("the warning, a renewal and the threshold's error have no WCAG A or AA violations @once", async ({
  page,
  buyer,
}) => {
  test.setTimeout(90_000);
  await saveThreshold(page, "0");
  await expectFieldError(thresholdForm(page).field, "Amount can not be less than ₦1");
  await expectNoViolations(page, "a threshold refused");

  await saveThreshold(page, "1000");
  await expect(flash(page, "We will warn you when your balance is below ₦1,000.00.")).toBeAttached();
  recordHistory(buyer.email, [
    {
      product: "cable",
      subcategoryId: seedProvider("cable", "GOTV").id,
      plan: "GOtv Max",
      phoneNumber: "08011111111",
      smartNo: "1212121212",
      description: "GOtv Max renewed for IUC 1212121212",
      description2: "Customer: Adaeze Nwosu",
      subtotalKobo: 100_00,
      createdAt: new Date(Date.now() - 27 * 24 * 60 * 60_000).toISOString(),
    },
  ]);
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Renewals" })).toBeVisible();
  await expect(warning(page)).toBeVisible();
  await expectNoViolations(page, "with the warning and a renewal");
});
