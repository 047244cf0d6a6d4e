import type { Locator, Page } from "@playwright/test";
import { RESELLER } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { koboOf, nairaOf } from "../support/money.ts";
import { expectPartFits, whenInteractive } from "../support/page.ts";
import { signIn } from "../support/session.ts";
import { lagosIsoDay, storedHistory } from "./find-support.ts";

// The money screens (decision 042): the transactions table fits a 1280 px
// desktop with the rest of the history's columns in each row's Details; without CSS the page is
// one list; the statement is cards on a phone; the spend chart labels its bars and shows its
// figures on request. Read-only: the reseller demo account's seeded history.

/** The page scrolls sideways by nothing. */
async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, state).toBeLessThanOrEqual(innerWidth);
}

// At 240 px the header and the page title's trail are left to other tests, so only the
// money screens' own parts are checked there (expectPartFits).

/** The table's right edge is on the screen: no column needs a sideways scroll to be seen. */
async function expectTableOnScreen(page: Page, table: Locator, state: string): Promise<void> {
  const box = await table.boundingBox();
  const innerWidth = await page.evaluate(() => window.innerWidth);
  expect((box?.x ?? 0) + (box?.width ?? Infinity), state).toBeLessThanOrEqual(innerWidth);
}

test("at 1280 px the transactions table fits the screen, with the rest of each row in its Details", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, RESELLER);
  await page.goto("/dashboard/transactions");
  const table = page.getByRole("region", { name: "Transactions table" }).getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Trans. Ref.",
    "Product and plan",
    "Number",
    "Value",
    "Charged",
    "Status",
    /^Date Created/,
    "Action",
  ]);
  await expectNoSidewaysScroll(page, "the list");
  await expectTableOnScreen(page, table, "the list");

  // Details opens with or without JavaScript and holds the other columns, still on screen.
  const details = table.locator("tbody > tr.row-more details.row-details").first();
  const summary = details.locator(":scope > summary");
  await whenInteractive(summary);
  await summary.click();
  await expect(details).toHaveAttribute("open", "");
  const terms = await details.getByRole("term").allInnerTexts();
  for (const term of ["Description", "Response", "Plan", "Prev. Bal", "Current Bal", "Wallet change"]) {
    expect(terms).toContain(term);
  }
  await expect(details.getByRole("term").filter({ hasText: "Current Bal" })).toBeVisible();
  await expectNoSidewaysScroll(page, "a row's Details open");
  await expectTableOnScreen(page, table, "a row's Details open");

  // A phone at 240 px: cards, nothing off the side.
  await page.setViewportSize({ width: 240, height: 800 });
  await page.goto("/dashboard/transactions");
  await expectPartFits(page.getByRole("region", { name: "Transactions table" }), "240 px");
  await expectPartFits(page.getByRole("search"), "240 px, Find");
});

test("without CSS the transactions page is one list: each transaction once, not a table and cards", async ({
  page,
}) => {
  await signIn(page, RESELLER);
  // As Opera Mini's extreme mode or a text browser: the page with no stylesheet at all.
  await page.route(/\.css(\?|$)/, (route) => route.abort());
  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  const reference = (await page.locator("tbody > tr td").first().innerText()).trim();
  expect(reference).toMatch(/^PV/);
  // Every place the reference stands as a value of its own: one cell, no card beside it.
  const shown = await page.evaluate(
    (ref) => [...document.querySelectorAll("td, dd, li, p")].filter((node) => node.textContent?.trim() === ref).length,
    reference,
  );
  expect(shown).toBe(1);
  expect(await page.locator("table").count()).toBe(1);
});

test("the statement is a card per line on a phone, at 360 and 240 px", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  const from = lagosIsoDay(history[0]?.createdAt ?? "");
  await signIn(page, RESELLER);
  for (const width of [360, 240]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/dashboard/statement?from=${from}`);
    const lines = page.getByRole("region", { name: "Statement transactions" }).locator("tbody > tr");
    await expect(lines.first()).toBeVisible();
    if (width === 360) await expectNoSidewaysScroll(page, "360 px");
    await expectPartFits(page.getByRole("article", { name: "Payvend statement" }), `${width} px`);
    // A card: the line a block, each cell naming its column.
    const first = lines.first();
    expect(await first.evaluate((node) => getComputedStyle(node).display)).toBe("block");
    const label = await first
      .locator('td[data-label="Balance"]')
      .evaluate((node) => getComputedStyle(node, "::before").content);
    expect(label).toBe('"Balance"');
  }
});

test("at 1280 px the statement's table fits its box, in English and in Hausa @once", async ({ page, baseURL }) => {
  // Decision 074: it was 1,409 px wide in an 880 px box, every amount off the screen.
  const from = lagosIsoDay(storedHistory(RESELLER.email)[0]?.createdAt ?? "");
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, RESELLER);
  await page.goto(`/dashboard/statement?from=${from}`);
  const region = page.getByRole("region", { name: "Statement transactions" });
  await expect(region.getByRole("columnheader")).toHaveText([
    "Date",
    "Description",
    "Status",
    "Value",
    "Wallet",
    "Balance",
  ]);
  await expectPartFits(region, "English");
  await expectTableOnScreen(page, region.getByRole("table"), "English");
  // Hausa's statuses and words are the longest.
  await page.context().addCookies([{ name: "lang", value: "ha", url: baseURL ?? "" }]);
  await page.goto(`/dashboard/statement?from=${from}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expectPartFits(page.locator(".statement .table-scroll"), "Hausa");
});

test("money coming in says what was paid in, what reached the wallet and the fee: its card, statement line and receipt @once", async ({
  page,
}) => {
  // Decision 074: a ₦5,000 transfer read "Value ₦5,000.00 / Charged ₦4,957.50", which a newcomer reads as a charge.
  const funding = storedHistory(RESELLER.email).find(
    (row) =>
      row.product === "funding" && row.status === 1 && row.newBalanceKobo - row.initialBalanceKobo < row.subtotalKobo,
  );
  if (funding === undefined) throw new Error("the reseller's history has no funding with a fee");
  const toWallet = nairaOf(funding.newBalanceKobo - funding.initialBalanceKobo);
  const fee = nairaOf(funding.subtotalKobo - (funding.newBalanceKobo - funding.initialBalanceKobo));
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, RESELLER);
  await page.goto(`/dashboard/transactions?q=${funding.reference}`);
  const card = page.getByRole("region", { name: "Transactions table" }).locator("tbody > tr:not(.row-more)");
  await expect(card).toHaveCount(1);
  await expect(card.locator('td[data-label="Paid in"]')).toHaveText(nairaOf(funding.subtotalKobo));
  const charged = card.locator("td", { hasText: "To wallet" });
  expect((await charged.innerText()).split(/\s*\n\s*/)).toEqual(["To wallet", toWallet, `Fee ${fee}`]);
  await expect(card.getByText("Charged")).toHaveCount(0);

  const day = lagosIsoDay(funding.createdAt);
  await page.goto(`/dashboard/statement?from=${day}&to=${day}`);
  const line = page
    .getByRole("region", { name: "Statement transactions" })
    .locator("tbody > tr", { hasText: funding.reference });
  await expect(line.locator('td[data-label="Paid in"]')).toHaveText(nairaOf(funding.subtotalKobo));
  await expect(line.locator('td[data-label="Wallet"]')).toHaveText(`In ${toWallet}Fee ${fee}`);

  await page.goto(`/dashboard/transactions?q=${funding.reference}`);
  await card.getByRole("link", { name: `Receipt for ${funding.reference}` }).click();
  const receipt = page.getByRole("article", { name: "Payvend receipt" });
  const entries = Object.fromEntries(
    await receipt
      .locator("dt")
      .evaluateAll((terms) =>
        terms.map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]),
      ),
  );
  expect(entries).toMatchObject({ "Paid in": nairaOf(funding.subtotalKobo), Fee: fee, "To wallet": toWallet });
  expect(Object.keys(entries)).not.toContain("Charged");
});

/** Whole naira, short: "₦686", "₦18.8k", "₦1.3m"; written here rather than taken from app/domain. */
function short(kobo: number): string {
  const naira = Math.round(Math.abs(kobo) / 100);
  const sign = kobo < 0 ? "-" : "";
  if (naira < 1000) return `${sign}₦${naira}`;
  if (naira < 1_000_000) return `${sign}₦${String(Number((naira / 1000).toFixed(1)))}k`;
  return `${sign}₦${String(Number((naira / 1_000_000).toFixed(1)))}m`;
}

test("the spend chart labels each bar with its month's total, and shows its figures on request", async ({ page }) => {
  await signIn(page, RESELLER);
  const spend = page.getByRole("region", { name: "Spending, last six months" });
  const table = spend.getByRole("table", { name: "Spending per month and product" });
  await expect(table).toBeHidden();
  const toggle = spend.getByText("Show the figures", { exact: true });
  await whenInteractive(toggle);
  await toggle.click();
  await expect(table).toBeVisible();
  const totals = await table.locator("tbody tr td:last-child").allInnerTexts();
  expect(totals).toHaveLength(6);
  const labels = (await spend.locator("svg text").allTextContents()).filter((text) => text.startsWith("₦"));
  expect(labels).toEqual(totals.map((text) => short(koboOf(text.trim()))));
});
