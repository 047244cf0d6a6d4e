import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { whenInteractive } from "./page.ts";
import { type CsvFile, readCsv } from "./text.ts";

// The bulk purchase in the browser (the bulk specs, the purchase pages' axe check): the page as
// a person meets it (decision 030), its
// messages written out here so the tests check the app rather than repeat it, and a reader
// for the results file.

export const BULK_PATH = "/dashboard/bulk-purchase";

/** A batch's progress and results page: the bulk page's address and a 22-character id. */
export const BATCH_PATH = /^\/dashboard\/bulk-purchase\/[\w-]{22}$/;

/** For toHaveURL: a batch's progress page. */
export function atBatch(url: URL): boolean {
  return BATCH_PATH.test(url.pathname);
}

/** Decision 030's words (app/forms/bulk.ts, app/bulk/flow.server.ts, app/bulk/review.server.ts). */
export const BULK_MESSAGES = {
  numbersEmpty: "Enter at least one phone number, or choose a CSV file.",
  fileNotCsv: "That file is not a CSV file. Save the sheet as CSV (comma-separated values) and choose it again.",
  amountRequired: "Amount is required!",
  reviewChanged:
    "The list, a network or a price changed since the review was shown. Check the review below and press Confirm again.",
  nothingToBuy: "None of these rows can be bought. Correct the rows below, then review again.",
} as const;

export function tooManyNumbers(count: number): string {
  return `At most 100 numbers at a time: this list has ${count}. Split it into batches of 100.`;
}

export function notDigits(text: string): string {
  return `${text} is not a phone number: use digits only.`;
}

export function notNigerian(text: string): string {
  return `${text} is not a Nigerian mobile number.`;
}

export function duplicateOf(row: number): string {
  return `The same number as row ${row}: left out so that it is not bought twice.`;
}

export function noPlanFor(network: string): string {
  return `Choose a plan for the ${network} numbers.`;
}

/** The refusal of a total above the balance, naming what is missing. */
export function walletShort(balance: string, short: string): string {
  return `Your wallet balance is ${balance}, ${short} less than the total. Fund your wallet or leave some numbers out, then review again.`;
}

/** A row whose network was changed away from the number's usual one. */
export function portedNote(phone: string, usually: string, chosen: string): string {
  return `${phone} is usually ${usually} number. Confirm only if it was ported to ${chosen}.`;
}

// The form.

export function bulkFields(page: Page) {
  return {
    airtime: page.getByRole("radio", { name: "Airtime", exact: true }),
    data: page.getByRole("radio", { name: "Data", exact: true }),
    numbers: page.getByLabel("Phone numbers", { exact: true }),
    file: page.getByLabel("Or a CSV file", { exact: true }),
    amount: page.getByLabel("Amount for each number", { exact: true }),
  };
}

/** "Review" on a new form, "Review again" once a review is shown. */
export function reviewButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Review( again)?$/ });
}

/** "Confirm: buy for 3 numbers", or with rows left out "Buy for 2 of 3 numbers (1 left out)" (decision 043). */
export function confirmButton(page: Page): Locator {
  return page.getByRole("button", {
    name: /^(Confirm: buy for \d+ numbers?|Buy for \d+ of \d+ numbers? \(\d+ left out\))$/,
  });
}

/** Opens the bulk page and, with JavaScript on, waits until it is React's. */
export async function openBulk(page: Page): Promise<void> {
  await page.goto(BULK_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Bulk Purchase" })).toBeVisible();
  await whenInteractive(reviewButton(page));
}

export function pressReview(page: Page): Promise<void> {
  return reviewButton(page).click();
}

/** Confirm on the review; the review is gone once the progress page has come. */
export async function pressBulkConfirm(page: Page): Promise<void> {
  await confirmButton(page).click();
  await expect(page).toHaveURL(atBatch);
}

// The review.

export function reviewSection(page: Page): Locator {
  return page.getByRole("region", { name: "Review", exact: true });
}

/** The review's table, named by its caption: "5 rows: 3 to buy, 2 left out". */
export function reviewTable(page: Page): Locator {
  return reviewSection(page).getByRole("table");
}

/** The review's body rows, top to bottom. */
export function reviewRows(page: Page): Locator {
  return reviewTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

/** The network list of one row of the review. */
export function networkOf(page: Page, phone: string, row: number): Locator {
  return page.getByLabel(`Network for ${phone}, row ${row}`, { exact: true });
}

/** A review row's cells: its number, the number and network with any note, the charge. */
export function reviewCells(page: Page, row: number): { number: Locator; charge: Locator } {
  const cells = reviewRows(page)
    .nth(row - 1)
    .getByRole("cell");
  return { number: cells.nth(1), charge: cells.nth(2) };
}

/** "Total charge: ₦974.00 for 5 numbers. Wallet balance: ₦10,000.00." */
export function reviewTotal(page: Page): Locator {
  return reviewSection(page).getByText(/^Total charge:/);
}

export function planList(page: Page, count: number, network: string): Locator {
  return page.getByLabel(`Plan for the ${count} ${network} ${count === 1 ? "number" : "numbers"}`, { exact: true });
}

// The progress and results page.

/** The progress section: "Buying" while the batch runs, "Results" once it has ended. */
export function progressSection(page: Page): Locator {
  return page.getByRole("region", { name: /^(Buying|Results)$/ });
}

/** Waits (through the page's own refreshes) until the batch has ended and says "n of n done". */
export async function expectResults(page: Page, total: number): Promise<void> {
  const results = page.getByRole("region", { name: "Results", exact: true });
  await expect(results).toBeVisible({ timeout: 30_000 });
  await expect(results.getByRole("status")).toHaveText(`${total} of ${total} done`);
}

/** The counts under the progress bar: "Delivered: 3", "Pending: 1", ... */
export function countLines(page: Page): Locator {
  return progressSection(page).getByRole("listitem");
}

/** "Total charged: ₦..." */
export function totalCharged(page: Page): Locator {
  return progressSection(page)
    .getByText(/^Total charged:/)
    .locator("strong");
}

/** The results table's body rows, top to bottom. */
export function resultRows(page: Page): Locator {
  return page
    .getByRole("table", { name: "Each number" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

/** A results row's cells: the number with its network, item and charge; the outcome with its message. */
export function resultCells(page: Page, row: number): { number: Locator; outcome: Locator } {
  const cells = resultRows(page)
    .nth(row - 1)
    .getByRole("cell");
  return { number: cells.nth(1), outcome: cells.nth(2) };
}

export function downloadLink(page: Page): Locator {
  return page.getByRole("link", { name: "Download the results (CSV)", exact: true });
}

// The results file.

export const RESULTS_HEADER = [
  "Row",
  "Phone number",
  "Network",
  "Item",
  "Charge (NGN)",
  "Outcome",
  "Message",
  "Transaction ID",
  "Sold for: customer paid (NGN)",
] as const;

/** Clicks the download link and reads the file the browser saved. */
export async function downloadResults(page: Page): Promise<{ name: string; file: CsvFile }> {
  const [download] = await Promise.all([page.waitForEvent("download"), downloadLink(page).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), file: readCsv(await readFile(path, "utf8")) };
}
