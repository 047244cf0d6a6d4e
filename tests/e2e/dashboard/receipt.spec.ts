import { expect, type Locator, type Page, test } from "@playwright/test";
import { logIn, NORMAL, RESELLER } from "../support/accounts.ts";
import { lagosDateTime } from "../support/dates.ts";
import { bodyRows, cellIn, receiptEntries, receiptLink, storedTransaction } from "../support/history.ts";
import { nairaOf } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";
import { newSession, signIn } from "../support/session.ts";

// The receipt page: Print with JavaScript, a print stylesheet always; guarded like every
// signed-in page, someone else's id is not found. Read-only, demo accounts.

/** The first row with a Receipt link (status Confirmed) and something in `column`. */
async function firstConfirmedWith(
  page: Page,
  column: string,
): Promise<{ row: Locator; reference: string; value: string }> {
  for (const row of await bodyRows(page).all()) {
    const value = (await (await cellIn(page, row, column)).innerText()).trim();
    if (value !== "" && (await receiptLink(row).count()) === 1) {
      const reference = (await (await cellIn(page, row, "Trans. Ref.")).innerText()).trim();
      return { row, reference, value };
    }
  }
  throw new Error(`no confirmed row with a ${column} on ${page.url()}`);
}

function receipt(page: Page): Locator {
  return page.getByRole("article", { name: "Payvend receipt" });
}

/** A confirmed transaction's receipt id, as the list links to it. */
async function someReceiptId(page: Page): Promise<string> {
  await page.goto("/dashboard/transactions");
  const href = await receiptLink(page).first().getAttribute("href");
  const id = /^\/dashboard\/receipt\/(\d+)$/.exec(href ?? "")?.[1];
  if (id === undefined) throw new Error(`unexpected receipt link ${String(href)}`);
  return id;
}

test("an electricity receipt shows the meter number and the token from the description", async ({ page }) => {
  await signIn(page, RESELLER);
  // Sorted by meter number, highest first: electricity rows come before the ones without.
  await page.goto("/dashboard/transactions?sort=meter_no&dir=desc");
  const { row, reference, value: meterNo } = await firstConfirmedWith(page, "Token");
  const rowMeterNo = (await (await cellIn(page, row, "Meter No.")).innerText()).trim();
  expect(rowMeterNo).toMatch(/^\d{10,11}$/);
  expect(meterNo).not.toBe("");
  const rowDate = (await (await cellIn(page, row, "Date Created")).innerText()).trim();

  const link = receiptLink(row);
  await whenInteractive(link);
  await link.click();
  const stored = storedTransaction(reference);
  await expect(page).toHaveURL(`/dashboard/receipt/${stored.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(receipt(page)).toBeVisible();

  const entries = await receiptEntries(page);
  expect(entries.get("Ref")).toBe(reference);
  const description = entries.get("Description") ?? "";
  expect(description).toBe(stored.description);
  expect(entries.get("Meter No")).toBe(rowMeterNo);
  // The token is the description after its first colon.
  const token = description.slice(description.indexOf(":") + 1).trim();
  expect(description).toContain(":");
  expect(token).not.toBe("");
  // Shown in groups of four, to be read aloud (decision 044).
  expect(entries.get("Token")).toBe(token.replaceAll("-", " "));
  // The list's Token column says the same.
  expect(token).toBe(meterNo);
  expect(entries.has("Card No")).toBe(false);
  // What the wallet was charged, and the face value, each by its name (decision 044).
  expect(entries.get("Charged")).toBe(nairaOf(stored.amountKobo));
  expect(entries.get("Value")).toBe(nairaOf(stored.subtotalKobo));
  expect(entries.get("Status")).toBe("Confirmed");
  expect(entries.get("Date")).toBe(rowDate);
  expect(entries.get("Date")).toBe(lagosDateTime(stored.createdAt));
});

test("a cable receipt shows the card number, value and charge, status and date", async ({ page }) => {
  await signIn(page, RESELLER);
  await page.goto("/dashboard/transactions?sort=smart_no&dir=desc");
  const { reference, value: smartNo } = await firstConfirmedWith(page, "Smart No.");
  const stored = storedTransaction(reference);

  await page.goto(`/dashboard/receipt/${stored.id}`);
  const entries = await receiptEntries(page);
  expect(entries.get("Ref")).toBe(reference);
  expect(entries.get("Card No")).toBe(smartNo);
  expect(entries.has("Meter No")).toBe(false);
  expect(entries.has("Token")).toBe(false);
  expect(entries.get("Phone")).toMatch(/^0\d{10}$/);
  expect(entries.get("Charged")).toBe(nairaOf(stored.amountKobo));
  expect(entries.get("Value")).toBe(nairaOf(stored.subtotalKobo));
  expect(entries.get("Status")).toBe("Confirmed");
  expect(entries.get("Date")).toBe(lagosDateTime(stored.createdAt));
});

test("the receipt opened afresh has no Print button; the print stylesheet prints the receipt alone", async ({
  page,
}) => {
  await signIn(page, RESELLER);
  const id = await someReceiptId(page);
  await page.goto(`/dashboard/receipt/${id}`);
  await expect(receipt(page)).toBeVisible();

  // The receipt ships no script (docs/pages-and-scripts.md): the browser's own Print does it.
  // Reached inside the running app, after a purchase, it has a Print button (dashboard/a11y.spec.ts).
  await expect(receipt(page).getByRole("button", { name: "Print" })).toHaveCount(0);

  await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(receipt(page)).toBeVisible();
  await expect(receipt(page).getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(page.getByRole("group").filter({ hasText: "Menu" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "breadcrumb" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeHidden();

  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
});

// An address typed in: the same answer with or without JavaScript, so once (@once).
test(
  "someone else's receipt id, or an unknown one, is 'Page not found'",
  { tag: "@once" },
  async ({ page, browser, javaScriptEnabled, baseURL }) => {
    await signIn(page, RESELLER);
    const id = await someReceiptId(page);
    const own = await page.goto(`/dashboard/receipt/${id}`);
    expect(own?.status()).toBe(200);

    const other = await newSession(browser, { javaScriptEnabled, baseURL });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, NORMAL);
      const response = await otherPage.goto(`/dashboard/receipt/${id}`);
      expect(response?.status()).toBe(404);
      await expect(otherPage.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(otherPage.getByText(RESELLER.fullName)).toHaveCount(0);
      // Still inside the dashboard: the menu and the signed-in name stay, so the way on is one click.
      await expect(otherPage.getByText(NORMAL.fullName)).toBeVisible();
      await expect(otherPage.getByRole("link", { name: "Transactions", exact: true })).toHaveAttribute(
        "href",
        "/dashboard/transactions",
      );

      for (const unknown of ["999999999", "not-a-number"]) {
        const missing = await otherPage.goto(`/dashboard/receipt/${unknown}`);
        expect(missing?.status(), unknown).toBe(404);
        await expect(otherPage.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      }
    } finally {
      await other.close();
    }
  },
);

test("a signed-out visitor on a receipt URL goes to login, and back to the receipt after it", async ({ page }) => {
  // A receipt that exists, so the page after login can be checked.
  const stored = storedTransaction(await referenceOfReceipt(page));
  await page.context().clearCookies();

  const path = `/dashboard/receipt/${stored.id}`;
  await page.goto(path);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();

  await logIn(page, RESELLER, page.url());
  await expect(page).toHaveURL(path);
  await expect(receipt(page)).toBeVisible();
});

/** Signs in as the reseller and returns a confirmed transaction's reference. */
async function referenceOfReceipt(page: Page): Promise<string> {
  await signIn(page, RESELLER);
  await page.goto("/dashboard/transactions");
  const { reference } = await firstConfirmedWith(page, "Trans. Ref.");
  return reference;
}
