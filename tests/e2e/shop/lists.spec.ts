import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { recordHistory } from "../support/history.ts";
import { wallet } from "../support/money.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";
import { SMART_CARDS } from "../support/verify.ts";

// Decision 086: a reseller's shop. A customer list saved from a bulk review fills a batch; a due
// cable customer is renewed from Due renewals; the customer copy sends to the customer's own
// number by WhatsApp and by SMS. The list runs with JavaScript off and on (the review answers
// in place with it); the renewal and the copy's links are plain links either way, so once.

test.use({ buyerAccount: { level: 2, balanceKobo: 50_000_00 } });

const BULK_PATH = "/dashboard/bulk-purchase";
const OFFICE = ["08031234567", "08051234567"];
const DAY_MS = 24 * 60 * 60_000;

async function review(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Review/ }).click();
  await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
}

function listName(page: Page) {
  return page.getByRole("group", { name: "Save these numbers as a list" }).getByLabel("List name", { exact: true });
}

test("a bulk review is saved as the list Office staff, a second of that name is refused, and the list fills a batch", async ({
  page,
  buyer,
}) => {
  await page.goto(BULK_PATH);
  const numbers = page.getByLabel("Phone numbers", { exact: true });
  await numbers.fill(OFFICE.join("\n"));
  await page.getByLabel("Amount for each number", { exact: true }).fill("100");
  await review(page);
  await listName(page).fill("Office staff");
  const save = page.getByRole("button", { name: "Save as a list" });
  if (javaScriptOn()) await whenInteractive(save);
  await save.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Saved the list Office staff. Numbers in it: 2." }),
  ).toBeVisible();

  // The same name again, in other letters: refused beside the name, nothing typed lost.
  await listName(page).fill("office STAFF");
  await page.getByRole("button", { name: "Save as a list" }).click();
  await expect(listName(page)).toHaveAccessibleDescription(
    /You already have a list called office STAFF\. Choose another name\./,
  );
  await expect(listName(page)).toHaveValue("office STAFF");
  await expect(numbers).toHaveValue(OFFICE.join("\n"));
  await expectNoViolations(page);

  await page.goto("/dashboard/customer-lists");
  await expect(page.getByRole("region", { name: "Your lists" }).getByRole("listitem")).toHaveText([
    /^Office staff Numbers: 2/,
  ]);
  await expectNoViolations(page);

  // A new bulk purchase, filled from the list.
  await page.goto(BULK_PATH);
  await page.getByLabel("Fill from a customer list", { exact: true }).selectOption({ label: "Office staff (2)" });
  const fill = page.getByRole("button", { name: "Fill: Airtime" });
  if (javaScriptOn()) await whenInteractive(fill);
  await fill.click();
  await expect(page.getByText("Filled from the list Office staff. Review the numbers before you buy.")).toBeVisible();
  await expect(page.getByLabel("Phone numbers", { exact: true })).toHaveValue(OFFICE.join("\n"));
  await page.getByLabel("Amount for each number", { exact: true }).fill("100");
  await review(page);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("button", { name: /Confirm: buy for 2 numbers/ })).toBeVisible();
  // Saving and filling only fill forms: nothing was bought.
  expect(wallet(buyer.email).debits).toBe(0);
});

test("a cable customer due in three days is renewed from Due renewals, the form filled @once", async ({
  page,
  buyer,
}) => {
  const dstv = seedProvider("cable", "DSTV");
  recordHistory(buyer.email, [
    {
      product: "cable",
      subcategoryId: dstv.id,
      plan: "DStv Compact",
      phoneNumber: "08011111111",
      smartNo: SMART_CARDS.delivered,
      description: `DStv Compact renewed for smart card ${SMART_CARDS.delivered}`,
      description2: "Customer: Adaeze Nwosu",
      subtotalKobo: 19_000_00,
      createdAt: new Date(Date.now() - 27 * DAY_MS).toISOString(),
    },
  ]);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Due renewals" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Due renewals" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "Adaeze Nwosu" });
  await expect(item).toContainText(SMART_CARDS.delivered);
  await expect(item).toContainText("Cable TV, DStv Compact, ₦19,000.00");
  await expect(item).toContainText("in 3 days");
  await expectNoViolations(page);
  await item.getByRole("link", { name: "Renew for Adaeze Nwosu" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pay for Cable" })).toBeVisible();
  await expect(page.getByLabel("Smart card / IUC number", { exact: true })).toHaveValue(SMART_CARDS.delivered);
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText("DSTV");
});

test("the customer copy sends to the customer's own number by WhatsApp and by SMS, the token first @once", async ({
  page,
  buyer,
}) => {
  const ikedc = seedProvider("electricity", "IKEDC - Ikeja Electric");
  recordHistory(buyer.email, [
    {
      product: "electricity",
      subcategoryId: ikedc.id,
      plan: "prepaid",
      phoneNumber: "08031234567",
      meterNo: "1111111111111",
      description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
      description2: "Customer: Musa Bello",
      subtotalKobo: 5_000_00,
    },
  ]);
  const db = sandboxDatabase();
  const row = db
    .prepare("SELECT id FROM transactions WHERE user_id = ? ORDER BY id DESC LIMIT 1")
    .get(userId(db, buyer.email));
  db.close();
  await page.goto(`/dashboard/receipt/${String(row?.["id"])}/customer-copy`);
  const whatsApp = page.getByRole("link", { name: "WhatsApp to 08031234567" });
  const sms = page.getByRole("link", { name: "SMS to 08031234567" });
  await expect(whatsApp).toHaveAttribute("href", /^https:\/\/wa\.me\/2348031234567\?text=Token%3A%201234%205678/);
  await expect(sms).toHaveAttribute("href", /^sms:\+2348031234567\?body=Token%3A%201234%205678/);
  const text = new URL((await whatsApp.getAttribute("href")) ?? "").searchParams.get("text");
  expect(text).toContain("Meter No: 1111111111111");
  expect(text).not.toContain("Charged");
  await expectNoViolations(page);
});
