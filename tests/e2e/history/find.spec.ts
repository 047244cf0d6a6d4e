import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { RESELLER } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary, expectFieldError } from "../support/forms.ts";
import { bodyRows, columnHeader, columnValues, isSorted } from "../support/history.ts";
import { koboOf, nairaOf } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";
import { signIn } from "../support/session.ts";
import { readCsv } from "../support/text.ts";
import {
  addressFields,
  dayAfter,
  expectAddress,
  expectCount,
  findField,
  inDays,
  lagosIsoDay,
  press,
  recordFunding,
  type StoredRow,
  storedHistory,
} from "./find-support.ts";

// Decisions 031 and 032: Find on /dashboard/transactions, the CSV of what it
// finds, the statement, and a card per row on a phone. Read-only on the reseller demo
// account's seeded history (sandbox/seed/history.ts); expectations come from the sandbox's
// own rows, its stored product and Lagos days worked out here.

const PAGE_SIZE = 25;
const PHONE_WIDTH = { width: 360, height: 800 };

async function openTransactions(page: Page, query = ""): Promise<void> {
  await page.goto(`/dashboard/transactions${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
}

/**
 * What the search box should find: every row that holds the number anywhere in what is kept of
 * it, dashes and spaces aside. Read from the stored row as a whole, not from a list of the
 * fields the search is known to read, so a field the search forgot would fail the test.
 */
function holdsNumber(row: StoredRow, number: string): boolean {
  return Object.values(row).some((value) => typeof value === "string" && value.replace(/[\s-]/g, "").includes(number));
}

const references = (rows: readonly StoredRow[]) => rows.map((row) => row.reference).sort();

/** The statement's summary: each term with its definition. */
async function statementEntries(page: Page): Promise<Map<string, string>> {
  const summary = page.getByRole("article", { name: "Payvend statement" });
  await expect(summary.getByRole("term").first()).toBeVisible();
  const terms = await summary.getByRole("term").allInnerTexts();
  const definitions = await summary.getByRole("definition").allInnerTexts();
  expect(definitions).toHaveLength(terms.length);
  return new Map(terms.map((term, index) => [term.trim(), (definitions[index] ?? "").trim()]));
}

test("search, product and status narrow the list, and the address keeps them", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  await signIn(page, RESELLER);
  await openTransactions(page);

  // The reseller's own phone, typed as people type it.
  await findField(page, "search").fill("0805 000 0003");
  await press(page, "Filter");
  await expectAddress(page, { q: "0805 000 0003", sort: "created_at", dir: "desc" });
  const byPhone = history.filter((row) => holdsNumber(row, RESELLER.phone));
  expect(byPhone.length).toBeGreaterThan(0);
  expect(byPhone.length).toBeLessThanOrEqual(PAGE_SIZE);
  await expectCount(page, { found: byPhone.length, of: history.length });
  expect((await columnValues(page, "Trans. Ref.")).sort()).toEqual(references(byPhone));
  await expect(findField(page, "search")).toHaveValue("0805 000 0003");

  await findField(page, "product").selectOption({ label: "Electricity" });
  await findField(page, "status").selectOption({ label: "Confirmed" });
  await press(page, "Filter");
  await expectAddress(page, { q: "0805 000 0003", product: "electricity", status: "confirmed" });
  const electricity = byPhone.filter((row) => row.product === "electricity" && row.status === 1);
  expect(electricity.length).toBeGreaterThan(0);
  await expectCount(page, { found: electricity.length, of: history.length });
  expect((await columnValues(page, "Trans. Ref.")).sort()).toEqual(references(electricity));
  for (const status of await columnValues(page, "Status")) expect(status).toBe("Confirmed");

  // A bookmark of the address opens the same list, its form filled in.
  const address = page.url();
  await page.goto("/dashboard");
  await page.goto(address);
  await expectCount(page, { found: electricity.length, of: history.length });
  await expect(findField(page, "product")).toHaveValue("electricity");
  await expect(findField(page, "status")).toHaveValue("confirmed");
});

test("each product finds the rows the sandbox stored as that product", { tag: "@once" }, async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  await signIn(page, RESELLER);
  for (const [value, label] of [
    ["funding", "Wallet funding"],
    ["cable", "Cable TV"],
    ["exam", "Exam pins"],
    ["sms", "Bulk SMS"],
  ] as const) {
    await openTransactions(page, `?product=${value}`);
    await expect(findField(page, "product").getByRole("option", { selected: true })).toHaveText(label);
    const expected = history.filter((row) => row.product === value);
    expect(expected.length, value).toBeGreaterThan(0);
    await expectCount(page, { found: expected.length, of: history.length });
    expect((await columnValues(page, "Trans. Ref.")).sort(), value).toEqual(references(expected));
  }
});

test("a date range finds its Lagos days, both ends included", { tag: "@once" }, async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  // Two rows a fortnight or so apart: the range runs from the day of one to the day of the other.
  const first = history[10];
  const last = history.find((row) => lagosIsoDay(row.createdAt) >= dayAfter(lagosIsoDay(first?.createdAt ?? ""), 14));
  expect(first && last).toBeTruthy();
  const from = lagosIsoDay(first?.createdAt ?? "");
  const to = lagosIsoDay(last?.createdAt ?? "");
  const expected = inDays(history, from, to);
  expect(expected.length).toBeLessThanOrEqual(PAGE_SIZE);

  await signIn(page, RESELLER);
  await openTransactions(page);
  await findField(page, "from").fill(from);
  await findField(page, "to").fill(to);
  await press(page, "Filter");
  await expectAddress(page, { from, to });
  await expectCount(page, { found: expected.length, of: history.length });
  const shown = await columnValues(page, "Trans. Ref.");
  expect(shown.sort()).toEqual(references(expected));
  // Both ends' own rows are in.
  expect(shown).toContain(first?.reference);
  expect(shown).toContain(last?.reference);

  // The Statement link carries the range.
  const statement = page.getByRole("link", { name: "Statement", exact: true });
  await whenInteractive(statement);
  await statement.click();
  await expect(page.getByRole("heading", { level: 1, name: "Statement" })).toBeVisible();
  expect(addressFields(page)).toEqual({ from, to });
});

test("Clear filters shows every transaction again; a filter that finds nothing says so", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  await signIn(page, RESELLER);
  await openTransactions(page, "?sort=subtotal&dir=asc&q=no+such+purchase&status=failed");
  await expect(page.getByText(`None of your ${history.length} transactions match these filters.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Transactions table" })).toHaveCount(0);

  const clear = page.getByRole("link", { name: "Clear filters", exact: true });
  await whenInteractive(clear);
  await clear.click();
  // The sort stays; the filters go.
  await expect.poll(() => addressFields(page)).toEqual({ sort: "subtotal", dir: "asc" });
  await expect(page.getByText(/^\d+ transactions\. Page 1 of \d+\.$/)).toHaveText(
    `${history.length} transactions. Page 1 of ${Math.ceil(history.length / PAGE_SIZE)}.`,
  );
  await expect(findField(page, "search")).toHaveValue("");
  await expect(findField(page, "status")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
});

test("bad input gets a message beside its field, and the rest of the page still works", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  const confirmed = history.filter((row) => row.status === 1);
  await signIn(page, RESELLER);

  // A range the wrong way round: said beside To; the status filter still applies.
  await openTransactions(page, "?from=2026-03-01&to=2026-02-01&status=confirmed");
  await expect(page).toHaveTitle(/^Error: /);
  await expect(errorSummary(page)).toContainText("The To date must be the same as or after the From date.");
  await expectFieldError(findField(page, "to"), "The To date must be the same as or after the From date.");
  await expectCount(page, { found: confirmed.length, of: history.length, pages: 2 });

  // An impossible date, a product that is not one, and 500 characters of search.
  await openTransactions(page, `?from=2026-02-30&product=gold&q=${"x".repeat(500)}`);
  await expectFieldError(findField(page, "from"), "Enter a real date, like 2026-01-31.");
  await expectFieldError(findField(page, "product"), "Choose a product from the list.");
  await expectFieldError(findField(page, "search"), "Search for 100 characters or fewer.");
  await expect(page.getByText(/^\d+ transactions\. Page 1 of \d+\.$/)).toHaveText(
    `${history.length} transactions. Page 1 of ${Math.ceil(history.length / PAGE_SIZE)}.`,
  );
  await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);

  // The summary's links lead to the fields.
  const link = errorSummary(page).getByRole("link", { name: "Search for 100 characters or fewer." });
  await expect(link).toHaveAttribute("href", `#${await findField(page, "search").getAttribute("id")}`);

  // The browser's own rule stops the search box at 100 characters.
  await findField(page, "search").fill("y".repeat(150));
  await expect(findField(page, "search")).toHaveValue("y".repeat(100));
});

test("sorting and paging keep the filters", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  const confirmed = history.filter((row) => row.status === 1);
  expect(confirmed.length).toBeGreaterThan(PAGE_SIZE);
  await signIn(page, RESELLER);
  await openTransactions(page, "?status=confirmed");

  const amount = columnHeader(page, "Value").getByRole("link", { name: "Value", exact: true });
  await whenInteractive(amount);
  await amount.click();
  await expectAddress(page, { sort: "subtotal", dir: "asc", page: "1", status: "confirmed" });
  await expect(columnHeader(page, "Value")).toHaveAttribute("aria-sort", "ascending");
  const firstPage = (await columnValues(page, "Value")).map(koboOf);
  expect(isSorted(firstPage, "asc")).toBe(true);
  for (const status of await columnValues(page, "Status")) expect(status).toBe("Confirmed");

  const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" });
  await whenInteractive(next);
  await next.click();
  await expectAddress(page, { sort: "subtotal", dir: "asc", page: "2", status: "confirmed" });
  await expectCount(page, { found: confirmed.length, of: history.length, page: 2, pages: 2 });
  const secondPage = (await columnValues(page, "Value")).map(koboOf);
  expect(secondPage).toHaveLength(confirmed.length - PAGE_SIZE);
  expect(isSorted([...firstPage, ...secondPage], "asc")).toBe(true);
  for (const status of await columnValues(page, "Status")) expect(status).toBe("Confirmed");

  // Filtering again keeps the sort and starts at page 1.
  await findField(page, "product").selectOption("airtime");
  await press(page, "Filter");
  await expectAddress(page, { sort: "subtotal", dir: "asc", status: "confirmed", product: "airtime" });
  const airtime = confirmed.filter((row) => row.product === "airtime");
  await expectCount(page, { found: airtime.length, of: history.length });
  expect(addressFields(page)["page"]).toBeUndefined();
  expect(isSorted((await columnValues(page, "Value")).map(koboOf), "asc")).toBe(true);
});

test("on a 360 px phone: a card per row, no sideways scrolling, and sorting keeps the filters", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  const confirmed = history.filter((row) => row.status === 1);
  await page.setViewportSize(PHONE_WIDTH);
  await signIn(page, RESELLER);
  await openTransactions(page, "?status=confirmed");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // One table restyled as a card per row (decision 042), each cell naming its column.
  const cards = page.getByRole("region", { name: "Transactions table" }).locator("tbody > tr:not(.row-more)");
  await expect(cards).toHaveCount(PAGE_SIZE);
  const first = cards.first();
  await expect(first.getByText("Confirmed", { exact: true })).toBeVisible();
  const valueCell = first.locator('td[data-label="Value"]');
  await expect(valueCell).toBeVisible();
  expect((await valueCell.innerText()).trim()).toMatch(/^₦[\d,]+\.\d{2}$/);

  // Every other column of the history is behind Details, in the same card.
  const details = first.locator("+ tr.row-more details.row-details");
  const summary = details.locator(":scope > summary");
  await whenInteractive(summary);
  await summary.click();
  await expect(details.getByRole("term").first()).toBeVisible();
  const terms = await details.getByRole("term").allInnerTexts();
  for (const term of ["Description", "Prev. Bal", "Current Bal"]) expect(terms).toContain(term);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(first.getByRole("link", { name: /^Receipt for PV/ })).toBeVisible();

  // The Sort form stands in for the table's header links.
  const sortForm = page.getByRole("form", { name: "Sort transactions" });
  await sortForm.getByLabel("Sort by").selectOption({ label: "Value" });
  await sortForm.getByLabel("Order").selectOption({ label: "Ascending" });
  await press(page, "Sort");
  await expectAddress(page, { sort: "subtotal", dir: "asc", status: "confirmed" });
  const cardAmounts = async () => {
    const amounts: number[] = [];
    for (const text of await cards.locator('td[data-label="Value"]').allInnerTexts()) {
      amounts.push(koboOf(text.trim()));
    }
    return amounts;
  };
  // With JavaScript the cards follow the address a moment later.
  await expect.poll(async () => isSorted(await cardAmounts(), "asc")).toBe(true);
  const amounts = await cardAmounts();
  expect(amounts).toHaveLength(PAGE_SIZE);
  expect(Math.min(...amounts)).toBe(Math.min(...confirmed.map((row) => row.subtotalKobo)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The Find form fits too, with an error showing.
  await openTransactions(page, "?from=2026-03-01&to=2026-02-01");
  await expect(errorSummary(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

// A file download is the same with or without JavaScript: the CSV tests run once (@once).
test("Download CSV is exactly the filtered list, money in naira, dates twice", { tag: "@once" }, async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  const expected = history.filter((row) => row.product === "airtime" && row.status === 1);
  await signIn(page, RESELLER);
  await openTransactions(page, "?product=airtime&status=confirmed&sort=subtotal&dir=desc");

  const link = page.getByRole("link", { name: "Download CSV", exact: true });
  await whenInteractive(link);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const days = expected.map((row) => lagosIsoDay(row.createdAt)).sort();
  expect(download.suggestedFilename()).toBe(`transactions-${days[0]}-to-${days[days.length - 1]}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = readCsv(bytes.toString("utf8")).rows;
  expect(header).toEqual([
    "Trans. Ref.",
    "Plan",
    "Phone No",
    "Smart No.",
    "Meter No.",
    "Description",
    "Description 2",
    "Response",
    "Value (NGN)",
    "Charged (NGN)",
    "Exam Card",
    "Token",
    "Prev. Bal (NGN)",
    "Current Bal (NGN)",
    "Wallet change (NGN)",
    "Money back (NGN)",
    "Note",
    "Status",
    "Date Created (ISO 8601)",
    "Date Created",
  ]);
  // In the page's order (Value, highest first), every row the filters find and no other.
  expect(rows.map((row) => row[0]).sort()).toEqual(references(expected));
  const amounts = rows.map((row) => Math.round(Number(row[8]) * 100));
  expect(isSorted(amounts, "desc")).toBe(true);
  for (const row of rows) {
    const stored = expected.find((item) => item.reference === row[0]);
    expect(row[5]).toBe(stored?.description);
    expect(row[8]).toMatch(/^\d+\.\d{2}$/);
    expect(row[8]).toBe(((stored?.subtotalKobo ?? 0) / 100).toFixed(2));
    expect(row[17]).toBe("Confirmed");
    expect(Date.parse(row[18] ?? "")).toBe(Date.parse(stored?.createdAt ?? ""));
    expect(row[18]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(row[19]).toMatch(/^\d{1,2}(st|nd|rd|th) \w{3}, \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/);
  }
  // Airtime descriptions hold "₦1,000.00": the comma is quoted and ₦ survives as UTF-8.
  expect(rows.some((row) => /^₦\d{1,3},\d{3}\.\d{2} /.test(row[5] ?? ""))).toBe(true);
});

test(
  "the CSV quotes commas, quotes and line breaks, and keeps HTML as text",
  { tag: "@once" },
  async ({ page, signInBuyer }) => {
    const buyer = await signInBuyer({ balanceKobo: 0 });
    const awkward = {
      plan: "Manual payment, POS",
      description: 'Manual payment of ₦1,234.50 by "POS"\nPaid at <b>Ikeja</b> <script>alert(1)</script>',
      description2: '=HYPERLINK("http://evil.test")',
      amountKobo: 1_234_50,
    };
    const reference = recordFunding(buyer.email, awkward);
    await openTransactions(page, `?q=${reference}`);
    await expectCount(page, { found: 1, of: 1 });

    const link = page.getByRole("link", { name: "Download CSV", exact: true });
    await whenInteractive(link);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const text = (await readFile(await download.path())).toString("utf8");
    const line = text.split("\r\n")[1] ?? "";
    expect(line.startsWith(`${reference},"Manual payment, POS",,,,`)).toBe(true);
    expect(line).toContain(
      '"Manual payment of ₦1,234.50 by ""POS""\nPaid at <b>Ikeja</b> <script>alert(1)</script>","\'=HYPERLINK(""http://evil.test"")"',
    );
    const [, row] = readCsv(text).rows;
    expect(row?.slice(0, 9)).toEqual([
      reference,
      awkward.plan,
      "",
      "",
      "",
      awkward.description,
      `'${awkward.description2}`,
      "Payment received",
      "1234.50",
    ]);
    // The page showed the same description as text, never as markup.
    await expect(page.getByText("<b>Ikeja</b>", { exact: false }).first()).toBeAttached();
  },
);

test("the statement: balances and totals for a range, printable, and plain when empty", async ({ page }) => {
  const history = storedHistory(RESELLER.email);
  const from = lagosIsoDay(history[5]?.createdAt ?? "");
  const to = dayAfter(from, 30);
  const rows = inDays(history, from, to);
  expect(rows.length).toBeGreaterThan(3);

  await signIn(page, RESELLER);
  await page.goto(`/dashboard/statement?from=${from}&to=${to}`);
  await expect(page.getByRole("heading", { level: 1, name: "Statement" })).toBeVisible();
  const statement = page.getByRole("article", { name: "Payvend statement" });
  const entries = await statementEntries(page);
  expect(entries.get("Opening balance")).toBe(nairaOf(rows[0]?.initialBalanceKobo ?? 0));
  // The chain is the truth (decision 042): the period closes where the next row opens.
  const after = history.find((row) => lagosIsoDay(row.createdAt) > to);
  if (after !== undefined) expect(entries.get("Closing balance")).toBe(nairaOf(after.initialBalanceKobo));
  expect(entries.get("Period")).toMatch(/^\d{1,2}(st|nd|rd|th) \w{3}, \d{4} to \d{1,2}(st|nd|rd|th) \w{3}, \d{4}$/);
  expect(entries.get("Account")).toBe(RESELLER.fullName);

  // The five lines add up, and spent per product adds up to Spent.
  const sums = statement.getByRole("table", { name: "Money in and out" });
  const figures = (await sums.getByRole("cell").allInnerTexts()).map((text) => koboOf(text.trim()));
  const [opening = 0, moneyIn = 0, moneyOut = 0, moneyBack = 0, closing = -1] = figures;
  expect(opening + moneyIn - moneyOut + moneyBack).toBe(closing);
  expect(nairaOf(closing)).toBe(entries.get("Closing balance"));
  const byProduct = statement.getByRole("table", { name: "Spent by product" });
  const spent = await byProduct.locator("tbody td:last-child").allInnerTexts();
  expect(spent.reduce((sum, text) => sum + koboOf(text.trim()), 0)).toBe(koboOf(entries.get("Spent") ?? ""));

  // Oldest first, every row of the range, and money that came back with no row of its own.
  const listed = statement.getByRole("region", { name: "Statement transactions" }).locator("tbody tr");
  await expect(listed.and(page.locator('[data-kind="row"]'))).toHaveCount(rows.length);
  await expect(listed.first()).toContainText(rows[0]?.reference ?? "");
  expect(entries.get("Transactions")).toBe(String(rows.length));

  // On paper: the statement alone, none of its rows in a scrolling box.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Show statement" })).toBeHidden();
  await expect(statement).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // A range with nothing in it says so rather than inventing balances.
  await page.goto("/dashboard/statement?from=2001-01-01&to=2001-01-31");
  await expect(statement).toContainText(
    "No transactions in this period, so there is no opening or closing balance to show.",
  );
  await expect(statement.getByText("Opening balance")).toHaveCount(0);

  await page.setViewportSize(PHONE_WIDTH);
  await page.goto(`/dashboard/statement?from=${from}&to=${to}`);
  await expect(statement).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

// Each state checked once, as the server sends it (js-off, @once, decision 047).
test.describe("accessibility", { tag: "@once" }, () => {
  // axe is the slowest thing the suite does: three times the usual time, as dashboard-a11y.
  test.describe.configure({ timeout: 90_000 });

  test("Find, its errors, the cards and the statement have no WCAG A or AA violations", async ({ page }) => {
    await signIn(page, RESELLER);
    await openTransactions(page, "?status=confirmed&product=airtime");
    await expectNoViolations(page, "filtered");
    await openTransactions(page, "?from=2026-03-01&to=2026-02-01&product=gold");
    await expectNoViolations(page, "showing errors");
    await page.setViewportSize(PHONE_WIDTH);
    await openTransactions(page, "?status=confirmed");
    await expectNoViolations(page, "as cards at 360 px");
    await page.goto("/dashboard/statement");
    await expect(page.getByRole("heading", { level: 1, name: "Statement" })).toBeVisible();
    await expectNoViolations(page, "the statement at 360 px");
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/dashboard/statement?from=2001-01-01&to=2001-01-31");
    await expectNoViolations(page, "an empty statement");
  });
});
