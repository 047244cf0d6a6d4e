import { expect, type Page, test } from "@playwright/test";
import { RESELLER } from "../support/accounts.ts";
import { dateTimeOrder, lagosDateTime } from "../support/dates.ts";
import {
  bodyRows,
  cellIn,
  columnHeader,
  columnValues,
  isSorted,
  receiptLink,
  STATUS_LABELS,
  statusCode,
  storedTransaction,
} from "../support/history.ts";
import { koboOf, NAIRA_PATTERN } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";
import { signIn } from "../support/session.ts";

// The transactions page, the transaction statuses and the date format; sort and page links
// handled on the server, <details> to expand. Read-only: the reseller demo
// account's seeded history (sandbox/seed/history.ts), 54 rows, so three pages of 25.

const PAGE_SIZE = 25;

async function openTransactions(page: Page, query = ""): Promise<void> {
  await page.goto(`/dashboard/transactions${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
}

/** Follows a header link and waits for the table sorted that way. */
async function sortBy(page: Page, column: string, sort: string, direction: "asc" | "desc"): Promise<void> {
  const link = columnHeader(page, column).getByRole("link", { name: column, exact: true });
  await whenInteractive(link);
  await link.click();
  await expect(page).toHaveURL(`/dashboard/transactions?sort=${sort}&dir=${direction}&page=1`);
  await expect(columnHeader(page, column)).toHaveAttribute(
    "aria-sort",
    direction === "asc" ? "ascending" : "descending",
  );
}

test("newest first by default, every date like '1st Jan, 2024, 3:04:05 pm'", { tag: "@once" }, async ({ page }) => {
  await signIn(page, RESELLER);
  await openTransactions(page);
  await expect(page.getByText(/^\d+ transactions\. Page 1 of \d+\.$/)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
  await expect(columnHeader(page, "Date Created")).toHaveAttribute("aria-sort", "descending");
  await expectOnlySorted(page, "Date Created");

  const dates = await columnValues(page, "Date Created");
  expect(isSorted(dates.map(dateTimeOrder), "desc"), `newest first: ${dates.join(" | ")}`).toBe(true);

  // The first row's date is the stored one, shown in Lagos time.
  const [firstRef] = await columnValues(page, "Trans. Ref.");
  expect(firstRef).toBeDefined();
  expect(dates[0]).toBe(lagosDateTime(storedTransaction(firstRef ?? "").createdAt));

  // The columns a person scans (decision 042); the rest are in each row's Details.
  await expect(page.getByRole("columnheader")).toHaveText([
    "Trans. Ref.",
    "Product and plan",
    "Number",
    "Value",
    "Charged",
    "Status",
    /^Date Created/,
    "Action",
  ]);
  for (const value of await columnValues(page, "Value")) expect(value, "Value").toMatch(NAIRA_PATTERN);
  // Money coming in names its parts instead of a charge (decision 074): "To wallet", the amount, any fee.
  const funding = /^To wallet\s+₦[\d,]+\.\d{2}(\s+Fee ₦[\d,]+\.\d{2})?$/;
  for (const value of await columnValues(page, "Charged")) {
    expect(NAIRA_PATTERN.test(value) || funding.test(value), `Charged: ${value}`).toBe(true);
  }
});

/** Only the sorted column has aria-sort. */
async function expectOnlySorted(page: Page, sorted: string): Promise<void> {
  for (const name of (await page.getByRole("columnheader").allInnerTexts()).map((text) =>
    text.replace(/[▲▼]/g, "").trim(),
  )) {
    if (name !== sorted) await expect(columnHeader(page, name), name).not.toHaveAttribute("aria-sort");
  }
}

test("sort by Value, then by Status, both ways, with the header links", { tag: "@once" }, async ({ page }) => {
  await signIn(page, RESELLER);
  await openTransactions(page);

  // A column's first click sorts ascending, the next one descending.
  await sortBy(page, "Value", "subtotal", "asc");
  await expectOnlySorted(page, "Value");
  let amounts = (await columnValues(page, "Value")).map(koboOf);
  expect(isSorted(amounts, "asc"), `amounts ascending: ${amounts.join(", ")}`).toBe(true);
  expect(amounts[0]).toBeLessThan(amounts[amounts.length - 1] ?? 0);

  await sortBy(page, "Value", "subtotal", "desc");
  amounts = (await columnValues(page, "Value")).map(koboOf);
  expect(isSorted(amounts, "desc"), `amounts descending: ${amounts.join(", ")}`).toBe(true);
  expect(amounts[0]).toBeGreaterThan(amounts[amounts.length - 1] ?? 0);

  // Status sorts by its code: Pending 0 first ascending, Reversed 4 first descending.
  await sortBy(page, "Status", "status", "asc");
  await expectOnlySorted(page, "Status");
  let statuses = await columnValues(page, "Status");
  expect(isSorted(statuses.map(statusCode), "asc"), `statuses ascending: ${statuses.join(", ")}`).toBe(true);
  expect(statuses[0]).toBe("Pending");

  await sortBy(page, "Status", "status", "desc");
  statuses = await columnValues(page, "Status");
  expect(isSorted(statuses.map(statusCode), "desc"), `statuses descending: ${statuses.join(", ")}`).toBe(true);
  expect(statuses[0]).toBe("Reversed");
});

test("page 2 with 'Next page' and back with 'Previous page'", { tag: "@once" }, async ({ page }) => {
  await signIn(page, RESELLER);
  await openTransactions(page);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const firstPageRefs = await columnValues(page, "Trans. Ref.");
  const firstPageDates = await columnValues(page, "Date Created");

  const next = pager.getByRole("link", { name: "Next page" });
  await whenInteractive(next);
  await next.click();
  await expect(page).toHaveURL("/dashboard/transactions?sort=created_at&dir=desc&page=2");
  await expect(page.getByText(/^\d+ transactions\. Page 2 of \d+\.$/)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
  const secondPageRefs = await columnValues(page, "Trans. Ref.");
  expect(
    secondPageRefs.filter((ref) => firstPageRefs.includes(ref)),
    "no row on both pages",
  ).toEqual([]);
  // Page 2 carries on where page 1 stopped, still newest first.
  const dates = [...firstPageDates, ...(await columnValues(page, "Date Created"))].map(dateTimeOrder);
  expect(isSorted(dates, "desc")).toBe(true);

  const previous = pager.getByRole("link", { name: "Previous page" });
  await whenInteractive(previous);
  await previous.click();
  await expect(page).toHaveURL("/dashboard/transactions?sort=created_at&dir=desc&page=1");
  await expect(page.getByText(/^\d+ transactions\. Page 1 of \d+\.$/)).toBeVisible();
  expect(await columnValues(page, "Trans. Ref.")).toEqual(firstPageRefs);
});

test("a long description is cut at 40 characters and expands with its toggle", async ({ page }) => {
  await signIn(page, RESELLER);
  await openTransactions(page);

  // The first row whose description is cut: its cell holds a <details> (role group).
  let reference = "";
  for (const row of await bodyRows(page).all()) {
    if ((await (await cellIn(page, row, "Description")).getByRole("group").count()) > 0) {
      reference = (await (await cellIn(page, row, "Trans. Ref.")).innerText()).trim();
      break;
    }
  }
  expect(reference, "a row with a cut description on page 1").not.toBe("");
  const row = bodyRows(page).filter({ has: page.getByRole("cell", { name: reference, exact: true }) });
  const full = storedTransaction(reference).description;
  expect(Array.from(full).length).toBeGreaterThan(40);

  const description = (await cellIn(page, row, "Description")).getByRole("group");
  const toggle = description.getByText(`${Array.from(full).slice(0, 40).join("")}…`, { exact: true });
  await expect(toggle).toBeVisible();
  // Closed: only the first 40 characters show.
  await expect(description).not.toContainText(full, { useInnerText: true });

  await whenInteractive(toggle);
  await toggle.click();
  await expect(description).toHaveAttribute("open", "");
  await expect(description).toContainText(full, { useInnerText: true });

  await toggle.click();
  await expect(description).not.toHaveAttribute("open");
  await expect(description).not.toContainText(full, { useInnerText: true });
});

test("a badge per status, and a Receipt link only on Confirmed rows", { tag: "@once" }, async ({ page }) => {
  await signIn(page, RESELLER);
  const seen = new Set<string>();
  // Sorted by Status both ways, the first pages hold every status between them.
  for (const direction of ["asc", "desc"] as const) {
    await openTransactions(page, `?sort=status&dir=${direction}`);
    const rows = await bodyRows(page).all();
    for (const row of rows) {
      const status = (await (await cellIn(page, row, "Status")).innerText()).trim();
      expect(STATUS_LABELS).toContain(status);
      seen.add(status);
      const action = await cellIn(page, row, "Action");
      if (status === "Confirmed") {
        const reference = (await (await cellIn(page, row, "Trans. Ref.")).innerText()).trim();
        await expect(receiptLink(action)).toHaveText("Receipt");
        await expect(receiptLink(action)).toHaveAccessibleName(`Receipt for ${reference}`);
        await expect(receiptLink(action)).toHaveAttribute(
          "href",
          `/dashboard/receipt/${storedTransaction(reference).id}`,
        );
      } else {
        await expect(receiptLink(action), `no receipt for a ${status} row`).toHaveCount(0);
      }
    }
  }
  expect([...seen].sort()).toEqual([...STATUS_LABELS].sort());
});
