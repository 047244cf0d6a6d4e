import type { Locator, Page } from "@playwright/test";
import {
  atBatch,
  bulkFields,
  countLines,
  duplicateOf,
  expectResults,
  networkOf,
  notDigits,
  openBulk,
  pressBulkConfirm,
  pressReview,
  resultCells,
  resultRows,
  RESULTS_HEADER,
  reviewSection,
  reviewTable,
} from "../support/bulk.ts";
import { expect, test } from "../support/fixtures.ts";
import { newestPurchase, settleIn } from "../support/history.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { TEST_NUMBERS } from "../support/purchase.ts";
import { newSession, signIn } from "../support/session.ts";
import { readCsv } from "../support/text.ts";

// Decision 043: bulk results that stay true. Rows the review left out are in the
// results as "Not bought" with their reason; a row pending when the batch ended shows its
// status as it is now whenever the page or its file is opened, and has Re-check status; Review lands on the review
// (a fragment without JavaScript, focus with it); the review fits a phone of 360 or 240 px.

test.use({ buyerAccount: { balanceKobo: 5_000_00 } });

const NO_NETWORK = "Choose this number's network.";
const NOT_BOUGHT = "Not bought";

/** Pending (Airtel), delivered (MTN), a number no network is known to hold, a typo, a repeat of row 2. */
const LIST = `${TEST_NUMBERS.pending}, 08031234567, 07001234567, 0803123456a, 08031234567`;

function reviewHeading(page: Page): Locator {
  return reviewSection(page).getByRole("heading", { name: "Review", exact: true });
}

async function reviewList(page: Page): Promise<void> {
  await openBulk(page);
  await bulkFields(page).numbers.fill(LIST);
  await bulkFields(page).amount.fill("100");
  await pressReview(page);
  await expect(reviewTable(page)).toHaveAccessibleName("5 rows: 2 to buy, 3 left out");
}

/** Each results row's outcome cell, top to bottom. */
async function outcomes(page: Page): Promise<string[]> {
  await expect(resultRows(page)).toHaveCount(5);
  return Promise.all([1, 2, 3, 4, 5].map((row) => resultCells(page, row).outcome.innerText()));
}

/** The results file as the page's own session fetches it: the rows after the header. */
async function resultsFile(page: Page): Promise<string[][]> {
  const response = await page.request.get(`${new URL(page.url()).pathname}/results.csv`);
  expect(response.status()).toBe(200);
  const [header, ...rows] = readCsv(await response.text()).rows;
  expect(header).toEqual([...RESULTS_HEADER]);
  return rows;
}

const OUTCOME = RESULTS_HEADER.indexOf("Outcome");
const MESSAGE = RESULTS_HEADER.indexOf("Message");
const CHARGE = RESULTS_HEADER.indexOf("Charge (NGN)");

test("Review opens at the review; Confirm says how many of the list it buys; the rows left out are 'Not bought' with their reason on the results page and in the file", async ({
  page,
  buyer,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await reviewList(page);
  // The answer opens at the review, not at the top of the form just filled in.
  if (javaScriptOn()) await expect(reviewHeading(page)).toBeFocused();
  else await expect(page).toHaveURL(/#review$/);
  await expect(reviewHeading(page)).toBeInViewport();

  const confirm = page.getByRole("button", { name: "Buy for 2 of 5 numbers (3 left out)", exact: true });
  await expect(confirm).toBeVisible();
  await confirm.click();
  await expect(page).toHaveURL(atBatch);
  await expectResults(page, 2);
  await expect(countLines(page)).toContainText([`${NOT_BOUGHT}: 3`]);
  const shown = await outcomes(page);
  expect(shown.slice(2)).toEqual([
    `${NOT_BOUGHT}\n${NO_NETWORK}`,
    `${NOT_BOUGHT}\n${notDigits("0803123456a")}`,
    `${NOT_BOUGHT}\n${duplicateOf(2)}`,
  ]);
  await expect(resultCells(page, 3).number).toHaveText("07001234567");
  // The results fit the phone as the review does.
  for (const width of [360, 240]) {
    await page.setViewportSize({ width, height: 640 });
    const table = page.getByRole("table", { name: "Each number" });
    expect(await misfits(table, [TEST_NUMBERS.pending, "08031234567", "07001234567"]), `at ${width} px`).toEqual({
      sideways: false,
      brokenHeaders: [],
      brokenNumbers: [],
      numbersFound: 4,
      cutSelects: [],
    });
  }

  const file = await resultsFile(page);
  expect(file.map((row) => [row[0], row[1], row[CHARGE], row[OUTCOME], row[MESSAGE]]).slice(2)).toEqual([
    ["3", "07001234567", "", NOT_BOUGHT, NO_NETWORK],
    ["4", "0803123456a", "", NOT_BOUGHT, notDigits("0803123456a")],
    ["5", "08031234567", "", NOT_BOUGHT, duplicateOf(2)],
  ]);
});

test("a row pending when the batch ended shows its status as it is now when the results or their file are opened later", async ({
  page,
  buyer,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await openBulk(page);
  await bulkFields(page).numbers.fill(`${TEST_NUMBERS.pending}, 08031234567`);
  await bulkFields(page).amount.fill("100");
  await pressReview(page);
  await pressBulkConfirm(page);
  await expectResults(page, 2);
  await expect(resultCells(page, 1).outcome).toContainText(/^Pending/);
  const batchPath = new URL(page.url()).pathname;
  await expect(resultCells(page, 2).outcome.getByRole("button")).toHaveCount(0);

  // The biller settles the pending purchase; the ended batch's page offers a re-check (decision 074).
  settleIn(newestPurchase(buyer.email, { pending: true }).id, -1_000);
  const recheck = resultCells(page, 1).outcome.getByRole("button", {
    name: `Re-check status of ${TEST_NUMBERS.pending}`,
  });
  await whenInteractive(recheck);
  await recheck.click();
  await expect(resultCells(page, 1).outcome).toContainText(/^Delivered/);
  await expect(page).toHaveURL(new RegExp(`${batchPath}$`));
  await expect(resultCells(page, 1).outcome.getByRole("button")).toHaveCount(0);

  // The person comes back later, in a new session.
  const later = await newSession(browser, { javaScriptEnabled, baseURL });
  try {
    const laterPage = await later.newPage();
    await signIn(laterPage, buyer);
    await laterPage.goto(batchPath);
    await expectResults(laterPage, 2);
    await expect(resultCells(laterPage, 1).outcome).toContainText(/^Delivered/);
    await expect(countLines(laterPage)).toHaveText(["Delivered: 2", "Pending: 0", "Failed: 0"]);
    const file = await resultsFile(laterPage);
    expect(file.map((row) => [row[1], row[OUTCOME]])).toEqual([
      [TEST_NUMBERS.pending, "Delivered"],
      ["08031234567", "Delivered"],
    ]);
  } finally {
    await later.close();
  }
});

/**
 * What does not fit the screen: sideways scroll of the document, a header or a phone number
 * broken across lines (a word whose letters are not all on one line), a network list too
 * narrow for the choice it shows.
 */
async function misfits(table: Locator, phones: readonly string[]) {
  return table.evaluate((shown, numbers) => {
    const broken = (element: Element): string[] => {
      const words: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const tops = new Set<number>();
          for (let index = match.index; index < match.index + match[0].length; index += 1) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const rect = range.getBoundingClientRect();
            if (rect.width > 0) tops.add(Math.round(rect.top));
          }
          if (tops.size > 1) words.push(match[0]);
        }
      }
      return words;
    };
    // Headers a sighted person sees: not those left to screen readers.
    const headers = [...shown.querySelectorAll("th")].filter((th) => th.getBoundingClientRect().width > 1);
    const numberCells = [...shown.querySelectorAll("td")].flatMap((td) =>
      [...td.querySelectorAll("*")].filter((element) => numbers.includes(element.textContent ?? "")),
    );
    const canvas = document.createElement("canvas").getContext("2d");
    const cutSelects = [...shown.querySelectorAll("select")].flatMap((select) => {
      const style = getComputedStyle(select);
      if (canvas === null) return ["no canvas"];
      canvas.font = style.font;
      const chosen = select.selectedOptions[0]?.text ?? "";
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return canvas.measureText(chosen).width > room ? [chosen] : [];
    });
    return {
      sideways: document.documentElement.scrollWidth > window.innerWidth,
      brokenHeaders: headers.flatMap(broken),
      brokenNumbers: numberCells.flatMap(broken),
      numbersFound: numberCells.length,
      cutSelects,
    };
  }, phones);
}

test("the review fits 800, 360 and 240 px wide: no sideways scroll, no header or number broken, no network list cut off", async ({
  page,
  buyer,
}) => {
  await reviewList(page);
  // A tablet's table first, then a phone's cards.
  for (const width of [800, 360, 240]) {
    await page.setViewportSize({ width, height: 740 });
    expect(
      await misfits(reviewTable(page), [TEST_NUMBERS.pending, "08031234567", "07001234567"]),
      `at ${width} px`,
    ).toEqual({
      sideways: false,
      brokenHeaders: [],
      brokenNumbers: [],
      numbersFound: 4,
      cutSelects: [],
    });
  }
});

test("a network chosen far down the review: with JavaScript it is priced at once and its list keeps focus where it was; without, Review again opens at the review", async ({
  page,
  buyer,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const valid = Array.from({ length: 7 }, (_, index) => `0803123456${index}`);
  await openBulk(page);
  await bulkFields(page).numbers.fill([...valid, "07001234567"].join("\n"));
  await bulkFields(page).amount.fill("100");
  await pressReview(page);
  await expect(reviewTable(page)).toHaveAccessibleName("8 rows: 7 to buy, 1 left out");
  const network = networkOf(page, "07001234567", 8);
  await network.scrollIntoViewIfNeeded();
  await network.selectOption({ label: "Glo" });
  if (javaScriptOn()) {
    await expect(reviewTable(page)).toHaveAccessibleName("8 rows: 8 to buy");
    await expect(network).toBeFocused();
    await expect(network).toBeInViewport();
  } else {
    await pressReview(page);
    await expect(reviewTable(page)).toHaveAccessibleName("8 rows: 8 to buy");
    await expect(page).toHaveURL(/#review$/);
    await expect(reviewHeading(page)).toBeInViewport();
  }
});

test("in Hausa: the review and the results fit 360 and 240 px; the file's headers and reasons follow whoever reads it", async ({
  page,
  buyer,
  baseURL,
}) => {
  // Decision 061: Hausa's words are longer than English's, and a batch confirmed in one
  // language is read in another by its results page and file.
  const speak = (language: string) =>
    page.context().addCookies([{ name: "lang", value: language, url: baseURL ?? "" }]);
  await speak("ha");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/dashboard/bulk-purchase");
  await expect(page.getByRole("heading", { level: 1, name: "Sayayya da Yawa" })).toBeVisible();
  const review = page.getByRole("button", { name: /^(Duba|Sake dubawa)$/ });
  await whenInteractive(review);
  // The form's longer Hausa labels and hints wrap; none widens the page.
  for (const width of [240, 360]) {
    await page.setViewportSize({ width, height: 640 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `the form at ${width} px`).toBe(false);
  }
  await page.getByLabel("Lambobin waya", { exact: true }).fill(LIST);
  await page.getByLabel("Adadin kuɗi na kowace lamba", { exact: true }).fill("100");
  await review.click();
  const section = page.getByRole("region", { name: "Duba kafin ka saya", exact: true });
  const table = section.getByRole("table", { name: "Jeruka 5: 2 za a saya, an bar 3", exact: true });
  await expect(table).toBeVisible();
  await expect(page.getByLabel("Layin 07001234567, jere 3", { exact: true })).toBeVisible();
  for (const width of [800, 360, 240]) {
    await page.setViewportSize({ width, height: 740 });
    expect(await misfits(table, [TEST_NUMBERS.pending, "08031234567", "07001234567"]), `at ${width} px`).toEqual({
      sideways: false,
      brokenHeaders: [],
      brokenNumbers: [],
      numbersFound: 4,
      cutSelects: [],
    });
  }

  await page.setViewportSize({ width: 360, height: 640 });
  await section.getByRole("button", { name: "Saya wa 2 cikin lambobi 5 (an bar 3)", exact: true }).click();
  await expect(page).toHaveURL(atBatch);
  const results = page.getByRole("region", { name: "Sakamako", exact: true });
  await expect(results).toBeVisible({ timeout: 30_000 });
  await expect(results.getByRole("status")).toHaveText("2 cikin 2 sun kammala");
  await expect(results.getByRole("listitem")).toContainText(["Ba a saya ba: 3"]);
  const each = page.getByRole("table", { name: "Kowace lamba", exact: true });
  for (const width of [360, 240]) {
    await page.setViewportSize({ width, height: 640 });
    expect(await misfits(each, [TEST_NUMBERS.pending, "08031234567", "07001234567"]), `at ${width} px`).toEqual({
      sideways: false,
      brokenHeaders: [],
      brokenNumbers: [],
      numbersFound: 4,
      cutSelects: [],
    });
  }
  await expect(page.getByRole("link", { name: "Sauke sakamakon (CSV)", exact: true })).toBeVisible();

  const file = async () => {
    const response = await page.request.get(`${new URL(page.url()).pathname}/results.csv`);
    expect(response.status()).toBe(200);
    return readCsv(await response.text()).rows;
  };
  const [header, ...rows] = await file();
  expect(header).toEqual([
    "Jere",
    "Lambar waya",
    "Layi",
    "Abin da aka saya",
    "Abin da aka cire (NGN)",
    "Sakamako",
    "Saƙo",
    "Lambar ma'amala",
    "Kuɗin sayarwa: abin da kwastoma ya biya (NGN)",
  ]);
  expect(rows.map((row) => [row[0], row[3], row[OUTCOME], row[MESSAGE]])).toEqual([
    ["1", "Kuɗin waya na ₦100.00", expect.any(String), expect.any(String)],
    ["2", "Kuɗin waya na ₦100.00", "Ya shiga", expect.any(String)],
    ["3", "", "Ba a saya ba", "Zaɓi layin wannan lamba."],
    ["4", "", "Ba a saya ba", "0803123456a ba lambar waya ba ce: yi amfani da lambobi (0-9) kawai."],
    ["5", "", "Ba a saya ba", "Lamba ɗaya ce da ta jere 2: an bar ta don kada a saya mata sau biyu."],
  ]);

  // The same batch read in English: its reasons are English now, not the Hausa it was confirmed in.
  await speak("en-NG");
  const [englishHeader, ...english] = await file();
  expect(englishHeader).toEqual([...RESULTS_HEADER]);
  expect(english.slice(2).map((row) => [row[OUTCOME], row[MESSAGE]])).toEqual([
    [NOT_BOUGHT, NO_NETWORK],
    [NOT_BOUGHT, notDigits("0803123456a")],
    [NOT_BOUGHT, duplicateOf(2)],
  ]);
});
