import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary } from "../support/forms.ts";
import { whenInteractive } from "../support/page.ts";
import { dayAfter, findField, lagosIsoDay, press, recordFunding } from "./find-support.ts";

// Decision 046: a browser with no date picker (a text browser, an old phone)
// shows a date field as a text box and sends what was typed, day first as Nigeria writes
// it. The transactions filters and the statement read "31/01/2026" as they read "2026-01-31",
// and the statement's fields show the period it is showing.

const TRANSACTIONS = "/dashboard/transactions";
const DESCRIPTION = "Typed-dates wallet top-up";

/** "2026-01-31" as a person types it: "31/01/2026". */
function dayFirst(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/**
 * Types day-first dates into the Find form as a browser without a date picker takes them: its
 * date fields are plain text boxes there. Chromium's are pickers, so the fields are made text
 * boxes and given the words in place, without the events React would answer by making them
 * pickers again; the form then sends what is in them, as it would.
 */
async function typeDates(page: Page, from: string, to: string): Promise<void> {
  for (const [field, text] of [
    ["from", from],
    ["to", to],
  ] as const) {
    await findField(page, field).evaluate((input: HTMLInputElement, typed) => {
      input.type = "text";
      input.value = typed;
    }, text);
  }
}

test("transactions: From and To typed day first, as 31/01/2026, find their days", async ({ page, buyer }) => {
  recordFunding(buyer.email, { plan: "Wallet", description: DESCRIPTION, description2: "", amountKobo: 500_00 });
  const today = lagosIsoDay(new Date().toISOString());
  await page.goto(TRANSACTIONS);
  const row = page.getByRole("row").filter({ hasText: DESCRIPTION });
  await expect(row).toHaveCount(1);
  await whenInteractive(page.getByRole("button", { name: "Filter", exact: true }));

  await typeDates(page, dayFirst(dayAfter(today, -400)), dayFirst(dayAfter(today, -365)));
  await press(page, "Filter");
  await expect(page.getByText(/^None of your \d+ transactions match these filters\.$/)).toBeVisible();
  await expect(errorSummary(page)).toHaveCount(0);

  await typeDates(page, dayFirst(today), dayFirst(today));
  await press(page, "Filter");
  await expect(row).toHaveCount(1);
  await expect(errorSummary(page)).toHaveCount(0);
  // Given back as a date picker writes it, which a text browser reads as well.
  await expect(findField(page, "from")).toHaveValue(today);
  await expect(findField(page, "to")).toHaveValue(today);
});

test("statement: its date fields show the period it shows, the default one too, and read 31/01/2026", async ({
  page,
  buyer,
}) => {
  void buyer;
  const today = lagosIsoDay(new Date().toISOString());
  const form = page.getByRole("form", { name: "Statement dates" });
  const period = page.getByRole("article", { name: "Payvend statement" }).getByRole("definition").nth(1);

  await page.goto("/dashboard/statement");
  await expect(form.getByLabel("From")).toHaveValue(dayAfter(today, -29));
  await expect(form.getByLabel("To")).toHaveValue(today);

  // What a browser without a date picker sends when the days are typed.
  await page.goto(`/dashboard/statement?${new URLSearchParams({ from: "1/1/2026", to: "31/01/2026" })}`);
  await expect(errorSummary(page)).toHaveCount(0);
  await expect(period).toHaveText("1st Jan, 2026 to 31st Jan, 2026");
  await expect(form.getByLabel("From")).toHaveValue("2026-01-01");
  await expect(form.getByLabel("To")).toHaveValue("2026-01-31");
});
