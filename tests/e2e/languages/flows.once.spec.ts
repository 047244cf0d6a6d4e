import { expect, type Locator, type Page, test } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { type Language, messageIn, translationOf } from "../support/crawl.ts";

// Decision 062: the main flows in Hausa and in Pidgin with JavaScript off (project once):
// sign in through the login page, buy airtime, pay for electricity with its verify step, and
// find both in Transactions. Each step checks the words a person sees in the language (from
// the messages files, so the test follows the translations as they change; Paraglide's compiled
// messages read Vite's `import.meta.env`, which Playwright's loader has not): `messageIn` for
// the words the portal has a message for today, and `translationOf` for the purchase and
// history screens being translated now (the message whose English is that text, in the
// language; the English itself until the screen has one).
//
// The words are soft checks: a word not yet in the language is listed and the flow goes on, so
// one run names every untranslated word of the flows. What the flow does (signed in, bought
// once, the money taken, found in the history) is checked hard, by means that no translation
// changes: a field's name, a button's value, the upstream's own answer, the numbers.

const PHONE = "08031234501";
const METER = "1111111111111";
/** The phone given with the electricity purchase: another, so a search for the meter leaves the airtime out. */
const ELECTRICITY_PHONE = "08031234502";

/** The portal in `language`: the `lang` cookie its language form sets. */
async function speak(page: Page, baseURL: string, language: Language): Promise<void> {
  await page.context().addCookies([{ name: "lang", value: language, url: baseURL }]);
}

/**
 * A word the page must show, in the language: listed (soft) when it is not there. Read at once,
 * without waiting: each step first waits, hard, for what proves its page has arrived.
 */
async function sees(target: Locator, what: string): Promise<void> {
  expect.soft(await target.filter({ visible: true }).count(), `${what}: ${String(target)}`).toBeGreaterThan(0);
}

/** Chooses the option whose text starts with a provider's name (the upstream's, in every language). */
async function choose(select: Locator, name: string): Promise<void> {
  const value = await select
    .locator("option")
    .filter({ hasText: new RegExp(`^${name}\\b`) })
    .first()
    .getAttribute("value");
  await select.selectOption(value ?? "");
}

/** The page is in `language`: its `<html lang>`. */
async function inLanguage(page: Page, language: Language): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

for (const language of ["ha", "pcm"] as const) {
  const word = (key: string) => messageIn(language, key);
  const say = (english: string) => translationOf(language, english);

  test(`in ${language}: sign in, buy airtime, pay for electricity after verifying, find both in transactions`, async ({
    page,
    baseURL,
  }) => {
    // Two purchases through the browser, on a 2-core machine shared with the rest of the suite.
    test.setTimeout(120_000);
    const buyer = await createBuyer(`flows-${language}`, { balanceKobo: 20_000_00 });
    await speak(page, baseURL ?? "", language);

    // Sign in through the login page.
    await page.goto("/login");
    await inLanguage(page, language);
    await sees(page.getByRole("heading", { level: 1, name: word("account_login_title") }), "login heading");
    await page.getByLabel(word("account_email"), { exact: true }).fill(buyer.email);
    await page.getByLabel(word("account_password"), { exact: true }).fill(buyer.password);
    await page.getByRole("button", { name: word("account_login_submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("main h1")).toBeVisible();
    await inLanguage(page, language);
    await sees(page.getByRole("heading", { level: 1, name: say("Dashboard") }), "dashboard heading");

    // Airtime: the form, its confirmation, the result.
    await page
      .getByRole("navigation", { name: word("dashboard_nav_menu") })
      .getByRole("link", { name: word("dashboard_purchase_airtime"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/purchase-airtime$/);
    await expect(page.locator('button[value="process"]')).toBeVisible();
    await sees(page.getByRole("heading", { level: 1, name: say("Purchase Airtime") }), "airtime heading");
    await sees(page.getByLabel(say("Provider"), { exact: true }), "airtime: Provider");
    await sees(page.getByLabel(word("form_phone_label"), { exact: true }), "airtime: Phone number");
    await sees(page.getByLabel(say("Amount (₦)"), { exact: true }), "airtime: Amount");
    const airtime = page.locator('form[action="/dashboard/purchase-airtime"]').last();
    await choose(airtime.locator('select[name="provider"]'), "MTN");
    await airtime.locator('input[name="phone"]').fill(PHONE);
    await airtime.locator('input[name="amount"]').fill("100");
    await sees(airtime.getByRole("button", { name: say("Process"), exact: true }), "airtime: Process");
    await airtime.locator('button[value="process"]').click();
    await expect(page.locator('button[value="confirm"]')).toBeVisible();
    await inLanguage(page, language);
    await sees(page.getByRole("heading", { name: say("Confirm your purchase") }), "airtime: confirmation heading");
    await sees(page.getByRole("button", { name: say("Confirm"), exact: true }), "airtime: Confirm");
    await page.locator('button[value="confirm"]').click();
    await inLanguage(page, language);
    // The upstream's answer, shown as sent under the portal's own words (decision 079).
    await expect(page.getByText(`MTN airtime of ₦100.00 sent to ${PHONE}.`)).toBeVisible();

    // Electricity: verify the meter, then the confirmation and the result.
    await page
      .getByRole("navigation", { name: word("dashboard_nav_menu") })
      .getByRole("link", { name: word("dashboard_pay_electricity"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/pay-for-electricity$/);
    await expect(page.locator('button[value="verify"]')).toBeVisible();
    await sees(page.getByRole("heading", { level: 1, name: say("Pay for Electricity") }), "electricity heading");
    await sees(page.getByLabel(say("Meter number"), { exact: true }), "electricity: Meter number");
    const electricity = page.locator('form[action="/dashboard/pay-for-electricity"]').last();
    await choose(electricity.locator('select[name="provider"]'), "IKEDC");
    await electricity.locator('select[name="meterType"]').selectOption("prepaid");
    await electricity.locator('input[name="meterNo"]').fill(METER);
    await sees(electricity.getByRole("button", { name: say("Verify"), exact: true }), "electricity: Verify");
    await electricity.locator('button[value="verify"]').click();
    await inLanguage(page, language);
    // The verified customer, as the upstream names them.
    await expect(page.getByText("Tunde Bakare")).toBeVisible();
    await sees(page.getByText(say("Customer name"), { exact: true }), "electricity: Customer name");
    const verified = page.locator('form[action="/dashboard/pay-for-electricity"]').last();
    await verified.locator('input[name="phone"]').fill(ELECTRICITY_PHONE);
    await verified.locator('input[name="amount"]').fill("1000");
    await verified.locator('button[value="process"]').click();
    await expect(page.locator('button[value="confirm"]')).toBeVisible();
    await sees(page.getByRole("heading", { name: say("Confirm your purchase") }), "electricity: confirmation heading");
    await page.locator('button[value="confirm"]').click();
    await inLanguage(page, language);
    await expect(page.getByText(new RegExp(`IKEDC prepaid token for meter ${METER}: [\\d-]+\\.`))).toBeVisible();

    // Both in Transactions, found by a search for the meter.
    await page
      .getByRole("navigation", { name: word("dashboard_nav_menu") })
      .getByRole("link", { name: word("dashboard_transactions"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/transactions$/);
    await expect(page.locator('input[name="q"]')).toBeVisible();
    await inLanguage(page, language);
    await sees(page.getByRole("heading", { level: 1, name: say("Transactions") }), "transactions heading");
    // The history is a table on wide screens and cards on phones: whichever is shown.
    await expect(page.getByText(PHONE).filter({ visible: true }).first()).toBeVisible();
    await sees(page.getByLabel(say("Search"), { exact: true }), "transactions: Search");
    await page.locator('input[name="q"]').fill(METER);
    await page.locator('input[name="q"]').press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${METER}`));
    await inLanguage(page, language);
    await expect(page.getByText(METER).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText(PHONE)).toHaveCount(0);
  });
}
