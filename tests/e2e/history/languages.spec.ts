import type { Page } from "@playwright/test";
import { parseCsv } from "../../../app/domain/csv.ts";
import { RESELLER } from "../support/accounts.ts";
import { messageIn } from "../support/crawl.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/session.ts";
import { lagosIsoDay, storedHistory } from "./find-support.ts";

// The history screens in three languages (decision 059): the dashboard, the transactions page, the
// statement and the CSV in Hausa and in Pidgin, read from the messages so the test follows the
// translations; at 360 and 240 px Hausa's longer words still fit. Read-only: the reseller demo
// account's seeded history. Layout and a file download do not depend on JavaScript: js-off only.

type Language = "ha" | "pcm";

/** A history message in a language, read from its messages file (the compiled ones need Vite). */
const said = (locale: Language, key: string): string => messageIn(locale, key);

const STATUSES = ["pending", "confirmed", "failed", "ignored", "reversed"];

/** The language form's cookie, as if chosen in the menu (tests/e2e/languages covers the form). */
async function choose(page: Page, locale: Language): Promise<void> {
  await page.context().addCookies([{ name: "lang", value: locale, url: test.info().project.use.baseURL ?? "" }]);
}

/** The page's own width is the screen's: nothing scrolls sideways. */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const locale of ["ha", "pcm"] as const) {
  test(`the dashboard, transactions and statement speak ${locale} @once`, async ({ page }) => {
    await choose(page, locale);
    await signIn(page, RESELLER);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { name: said(locale, "hist_dash_wallet_balance") })).toBeVisible();
    await expect(page.getByRole("heading", { name: said(locale, "hist_dash_spending_heading") })).toBeVisible();
    await expect(page.getByRole("navigation", { name: said(locale, "hist_dash_quick_actions") })).toBeVisible();

    await page.goto("/dashboard/transactions");
    const table = page.getByRole("region", { name: said(locale, "hist_tx_table") }).getByRole("table");
    await expect(table.getByRole("columnheader").first()).toHaveText(said(locale, "hist_col_reference"));
    await expect(page.getByRole("button", { name: said(locale, "hist_filter_submit") })).toBeVisible();
    await expect(page.getByText(said(locale, "hist_tx_download_csv"))).toBeVisible();
    await expect(table.locator(".badge").first()).toHaveText(
      new RegExp(STATUSES.map((name) => said(locale, `hist_status_${name}`)).join("|")),
    );

    // A bad date's message is the language's too.
    await page.goto("/dashboard/transactions?from=2026-02-30");
    await expect(page.getByText(said(locale, "hist_filter_not_a_day")).first()).toBeVisible();

    await page.goto("/dashboard/statement");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(said(locale, "hist_statement"));
    await expect(page.getByRole("button", { name: said(locale, "hist_statement_show") })).toBeVisible();
  });
}

test("the CSV's header row and statuses are in the person's language, the columns in their order @once", async ({
  page,
}) => {
  await choose(page, "ha");
  await signIn(page, RESELLER);
  const response = await page.request.get("/dashboard/transactions.csv");
  expect(response.status()).toBe(200);
  const [header, first] = parseCsv(await response.text());
  const locale = "ha";
  expect(header?.[0]).toBe(said(locale, "hist_col_reference"));
  expect(header?.[8]).toBe(`${said(locale, "hist_col_value")} (NGN)`);
  expect(header?.[17]).toBe(said(locale, "hist_col_status"));
  expect(header?.[18]).toBe(`${said(locale, "hist_col_date_created")} (ISO 8601)`);
  expect(header).toHaveLength(20);
  expect(STATUSES.map((name) => said(locale, `hist_status_${name}`))).toContain(first?.[17]);
});

/**
 * Each option of the page's shown lists that would be cut short once chosen ("Date Create",
 * "Kowane mat"): its text wider than the room the list leaves it beside its arrow.
 */
async function cutOptions(page: Page): Promise<string[]> {
  return page.locator("main select").evaluateAll((lists) => {
    const canvas = document.createElement("canvas").getContext("2d");
    return lists.flatMap((list) => {
      if (!(list instanceof HTMLSelectElement) || list.getClientRects().length === 0) return [];
      if (canvas === null) return ["no canvas"];
      const style = getComputedStyle(list);
      canvas.font = style.font;
      const room = list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [...list.options]
        .filter((option) => canvas.measureText(option.text).width > room)
        .map((option) => `${list.id}: ${option.text}`);
    });
  });
}

test("in Hausa at 360 and 240 px the dashboard, transactions cards and statement cards fit the screen, and at 360 px every list shows its words whole @once", async ({
  page,
}) => {
  const history = storedHistory(RESELLER.email);
  const from = lagosIsoDay(history[0]?.createdAt ?? "");
  await signIn(page, RESELLER);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/dashboard/transactions");
  expect(await cutOptions(page), "lists cut short in English at 360 px").toEqual([]);
  await choose(page, "ha");
  for (const width of [360, 240]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/dashboard", "/dashboard/transactions", `/dashboard/statement?from=${from}`]) {
      await page.goto(path);
      expect(await sidewaysScroll(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
      // At 240 px a list's longest Hausa words ("Ragowar kuɗi kafin ma'amala") cannot show whole on one line.
      if (width === 360) expect(await cutOptions(page), `lists cut short on ${path}`).toEqual([]);
    }
  }
});
