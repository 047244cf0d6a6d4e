import type { Locator, Page } from "@playwright/test";
import { type NewTransaction, recordTransaction } from "../../../sandbox/money/transactions.ts";
import { expectNoViolations } from "../support/a11y.ts";
import { catalogProvider, seedProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { receiptEntries } from "../support/history.ts";
import { nairaOf } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";

// Decision 044: the receipt says "Value" (what the customer got) and "Charged"
// (what the wallet paid); the customer copy, to print or send, shows the value, the number or
// meter, the token and the reference, never the charge or a balance; WhatsApp without
// JavaScript, Print and Copy token with it; the token large, in groups of four.

const IKEDC = seedProvider("electricity", "IKEDC - Ikeja Electric");
const MTN = catalogProvider("airtime", "MTN");
const TOKEN = "4821-0937-5518-2046-7713";
const GROUPED = "4821 0937 5518 2046 7713";
const OPENING_KOBO = 20_000_00;

type Bought = { id: number; reference: string; newBalanceKobo: number };

/** A purchase as the sandbox records a delivered one, in the buyer's history. */
function bought(email: string, purchase: Partial<NewTransaction>): Bought {
  const db = sandboxDatabase();
  try {
    const recorded = recordTransaction(db, {
      userId: userId(db, email),
      product: "electricity",
      subcategoryId: IKEDC.id,
      description: "",
      subtotalKobo: 0,
      amountKobo: 0,
      createdAt: new Date().toISOString(),
      status: 1,
      ...purchase,
    });
    if (!recorded.ok) throw new Error("could not record the purchase");
    const { id, transactionRef, newBalanceKobo } = recorded.transaction;
    return { id, reference: transactionRef, newBalanceKobo };
  } finally {
    db.close();
  }
}

function meterPurchase(email: string): Bought {
  return bought(email, {
    product: "electricity",
    subcategoryId: IKEDC.id,
    plan: "Prepaid",
    phoneNumber: "08011111111",
    meterNo: "1111111111111",
    description: `IKEDC prepaid token: ${TOKEN}`,
    description2: "61.3 kWh for ADEBAYO OKONKWO",
    subtotalKobo: 10_000_00,
    amountKobo: 9_800_00,
  });
}

function copyArticle(page: Page): Locator {
  return page.getByRole("article", { name: "Payvend receipt" });
}

function whatsApp(page: Page): Locator {
  return page.getByRole("link", { name: "Share on WhatsApp", exact: true });
}

/** The message a WhatsApp link carries. */
async function sharedText(link: Locator): Promise<string> {
  const href = (await link.getAttribute("href")) ?? "";
  expect(href.startsWith("https://wa.me/?text=")).toBe(true);
  return new URL(href).searchParams.get("text") ?? "";
}

test.use({ buyerAccount: { balanceKobo: OPENING_KOBO } });

test("the receipt shows Value and Charged separately, and the token in groups of four", async ({ page, buyer }) => {
  const purchase = meterPurchase(buyer.email);
  await page.goto(`/dashboard/receipt/${purchase.id}`);
  const entries = await receiptEntries(page);
  expect(entries.get("Value")).toBe("₦10,000.00");
  expect(entries.get("Charged")).toBe("₦9,800.00");
  expect(entries.has("Amount")).toBe(false);
  expect(entries.get("Token")).toBe(GROUPED);
  expect(entries.get("Ref")).toBe(purchase.reference);
});

test("the customer copy shows the value, meter, token and reference, never the charge or a balance; WhatsApp carries the same", async ({
  page,
  buyer,
}) => {
  const purchase = meterPurchase(buyer.email);
  await page.goto(`/dashboard/receipt/${purchase.id}`);
  const link = page.getByRole("link", { name: "Customer copy", exact: true });
  await whenInteractive(link);
  await link.click();
  await expect(page).toHaveURL(`/dashboard/receipt/${purchase.id}/customer-copy`);
  await expect(page.getByRole("heading", { level: 1, name: "Customer copy" })).toBeVisible();

  const entries = await receiptEntries(page);
  expect(entries.get("Value")).toBe("₦10,000.00");
  expect(entries.get("Meter No")).toBe("1111111111111");
  expect(entries.get("Token")).toBe(GROUPED);
  expect(entries.get("Ref")).toBe(purchase.reference);
  expect(entries.get("Status")).toBe("Confirmed");
  expect(entries.has("Charged")).toBe(false);

  const text = await copyArticle(page).innerText();
  const message = await sharedText(whatsApp(page));
  for (const shown of [text, message]) {
    expect(shown).toContain("₦10,000.00");
    expect(shown).toContain(GROUPED);
    expect(shown).toContain(purchase.reference);
    expect(shown).toContain("1111111111111");
    // The charge, and the wallet before and after.
    for (const secret of ["₦9,800.00", "Charged", nairaOf(OPENING_KOBO), nairaOf(purchase.newBalanceKobo)]) {
      expect(shown).not.toContain(secret);
    }
  }
  expect(message).toContain(`Token: ${GROUPED}`);
  await expectNoViolations(page, "the customer copy");
});

test("opened afresh, the copy has the WhatsApp link and the token to select, and no Print or Copy token", async ({
  page,
  buyer,
}) => {
  const purchase = meterPurchase(buyer.email);
  await page.goto(`/dashboard/receipt/${purchase.id}/customer-copy`);
  await expect(whatsApp(page)).toBeVisible();
  // It ships no script (docs/pages-and-scripts.md). Reached inside the running app, after a
  // purchase, Print and Copy token are there (purchase/electricity.spec.ts).
  await expect(copyArticle(page).getByRole("button", { name: "Print", exact: true })).toHaveCount(0);
  await expect(copyArticle(page).getByRole("button", { name: "Copy token", exact: true })).toHaveCount(0);
  await expect(copyArticle(page).getByText(GROUPED, { exact: true })).toBeVisible();

  // On paper: the customer copy alone, without the menu or the buttons.
  await page.emulateMedia({ media: "print" });
  await expect(copyArticle(page)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" })).toBeHidden();
  await expect(whatsApp(page)).toBeHidden();
  await page.emulateMedia({ media: "screen" });
});

test("a copy with no token has no Copy button; its WhatsApp message names the phone and the value", async ({
  page,
  buyer,
}) => {
  const purchase = bought(buyer.email, {
    product: "airtime",
    subcategoryId: MTN.id,
    plan: "MTN Airtime",
    phoneNumber: "08011111111",
    description: "₦500.00 MTN airtime to 08011111111",
    subtotalKobo: 500_00,
    amountKobo: 490_00,
  });
  await page.goto(`/dashboard/receipt/${purchase.id}/customer-copy`);
  await whenInteractive(whatsApp(page));
  await expect(copyArticle(page).getByRole("button", { name: "Copy token" })).toHaveCount(0);
  const message = await sharedText(whatsApp(page));
  expect(message).toContain("Phone: 08011111111");
  expect(message).toContain("Value: ₦500.00");
  expect(message).not.toContain("₦490.00");
  expect(message).not.toContain("Token");
});

test("the token is shown large and fits a 240 px screen in its groups", async ({ page, buyer }) => {
  const purchase = meterPurchase(buyer.email);
  await page.setViewportSize({ width: 240, height: 640 });
  await page.goto(`/dashboard/receipt/${purchase.id}/customer-copy`);
  const token = copyArticle(page).getByText(GROUPED, { exact: true });
  await expect(token).toHaveCSS("font-size", "28px");
  const box = await token.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(240);
});
