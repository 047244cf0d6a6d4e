import type { Page } from "@playwright/test";
import { catalogProvider, discountOf } from "../support/catalog.ts";
import { type Language, messageIn } from "../support/crawl.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectedCharge, nairaOf } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";

// Decision 079: a Hausa and a Pidgin reader at 360 px buy airtime and read its outcome in their
// language, built from the purchase's own figures (value, number, charge), with the upstream's
// English message kept under it as the provider's; the transactions row says the same, its time
// in the language's words and its month as the reader writes it; the menu's name is theirs and
// the breadcrumb keeps its ">". With JavaScript off and on: the result arrives either way.

const MTN = catalogProvider("airtime", "MTN");
const AMOUNT_KOBO = 100_00;
const CHARGE_KOBO = expectedCharge(AMOUNT_KOBO, discountOf(MTN, 0));
const HAUSA_DAY_PART = /\b\d{1,2}:\d{2}:\d{2} na (safe|rana|yamma|dare)/;
const PIDGIN_DAY_PART = /\b\d{1,2}:\d{2}:\d{2} for (morning|afternoon|evening|night)/;
const ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The outcome as the portal says it in `language`, from the messages files. */
function outcomeIn(language: Language, phone: string): string {
  const what = messageIn(language, "outcome_what", {
    product: messageIn(language, "hist_product_airtime"),
    value: nairaOf(AMOUNT_KOBO),
    target: phone,
  });
  return messageIn(language, "outcome_successful", { what, charged: nairaOf(CHARGE_KOBO) });
}

/** Today's month in Lagos as a reader of `language` writes it: Hausa's own, Pidgin's Nigerian English. */
function monthIn(language: Language): string {
  const now = new Date();
  if (language === "pcm") return ENGLISH_MONTHS[new Date(now.getTime() + 3_600_000).getUTCMonth()] ?? "";
  return new Intl.DateTimeFormat("ha", { month: "short", timeZone: "Africa/Lagos" }).format(now);
}

async function buyAirtime(page: Page, phone: string): Promise<void> {
  await page.goto("/dashboard/purchase-airtime");
  const process = page.locator('button[value="process"]');
  await whenInteractive(process);
  const form = page.locator('form[action="/dashboard/purchase-airtime"]').last();
  const mtn = await form
    .locator("option")
    .filter({ hasText: /^MTN\b/ })
    .first()
    .getAttribute("value");
  await form.locator('select[name="provider"]').selectOption(mtn ?? "");
  await form.locator('input[name="phone"]').fill(phone);
  await form.locator('input[name="amount"]').fill(String(AMOUNT_KOBO / 100));
  await process.click();
  const confirm = page.locator('button[value="confirm"]');
  await whenInteractive(confirm);
  await confirm.click();
  await expect(confirm).toHaveCount(0);
}

test.use({ viewport: { width: 360, height: 740 } });

test("a Hausa and a Pidgin reader get a purchase's outcome, its time, the menu and the breadcrumb in their words", async ({
  page,
  baseURL,
  signInBuyer,
}) => {
  test.setTimeout(60_000);
  await signInBuyer({ balanceKobo: 5_000_00 });
  for (const [language, dayPart, phone] of [
    ["ha", HAUSA_DAY_PART, "08031234561"],
    ["pcm", PIDGIN_DAY_PART, "08031234562"],
  ] as const) {
    await page.context().addCookies([{ name: "lang", value: language, url: baseURL ?? "" }]);
    await buyAirtime(page, phone);
    await expect(page.locator("html")).toHaveAttribute("lang", language);

    // The result: the portal's sentence, then the upstream's own words under it, labelled.
    const result = page.getByRole("status").filter({ hasText: outcomeIn(language, phone) });
    await expect(result).toBeVisible();
    const providerSaid = `MTN airtime of ${nairaOf(AMOUNT_KOBO)} sent to ${phone}. You were charged ${nairaOf(CHARGE_KOBO)}.`;
    await expect(result.locator("small")).toHaveText(
      messageIn(language, "outcome_provider_message", { message: providerSaid }),
    );

    // The header's menu is named in the language; the breadcrumb keeps its ">".
    await expect(page.locator("details.sidebar > summary")).toHaveText(messageIn(language, "dashboard_menu"));
    const breadcrumb = page.getByRole("navigation", { name: messageIn(language, "dashboard_nav_breadcrumb") });
    await expect(breadcrumb.locator("li", { hasText: ">" })).toBeVisible();

    // The history's row: the same outcome, a time of day and a month the reader writes.
    await page.goto(`/dashboard/transactions?q=${phone}`);
    const row = page.locator("tbody > tr:not(.row-more)").filter({ hasText: phone });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(dayPart);
    await expect(row).toContainText(new RegExp(`\\b${monthIn(language)}\\b`));
    await expect(row.locator("+ tr.row-more summary")).toContainText(outcomeIn(language, phone));
  }
});
