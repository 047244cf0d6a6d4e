import type { Locator, Page } from "@playwright/test";
import { messagesOf } from "../support/crawl.ts";
import { expect, test } from "../support/fixtures.ts";
import { flash } from "../support/forms.ts";
import { expectPartFits, javaScriptOn, whenInteractive } from "../support/page.ts";
import { SAVED_PATH, seedSaved } from "../support/saved.ts";
import { METERS } from "../support/verify.ts";

// The account screens in three languages (decision 060): Profile (with the sign-ins list), Saved numbers and Fund
// Wallet in Hausa, and the Saved numbers form's refusal and success in Hausa and in Pidgin,
// checked by the browser with JavaScript and by the server without. The words come from the
// messages files, so the test follows the translations as a reviewer changes them.

type Messages = Record<string, string>;

const messages = (language: "ha" | "pcm"): Messages => messagesOf(language);

/** A message with its placeholders filled in, as the portal says it. */
function say(words: Messages, key: string, values: Record<string, string | number> = {}): string {
  const text = words[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

const HA = messages("ha");
const PCM = messages("pcm");

/** The saved entries listed, under the list's heading in `words`' language. */
function savedItems(page: Page, words: Messages): Locator {
  return page.getByRole("region", { name: say(words, "saved_list_heading") }).getByRole("listitem");
}

async function chooseLanguage(page: Page, language: "ha" | "pcm"): Promise<void> {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "lang", value: language, url: url.origin }]);
}

/** Neither the page nor `part` scrolls sideways, and `part` ends on the screen. */
async function expectFits(page: Page, part: Locator, state: string): Promise<void> {
  await expectPartFits(part, state);
  const [pageWidth, screenWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(pageWidth, `${state}: the page`).toBeLessThanOrEqual(screenWidth ?? 0);
}

test.use({ buyerAccount: { level: 0, balanceKobo: 5_000_00 } });

test("Profile, Saved numbers and Fund Wallet read Hausa and fit 360 px and 240 px @once", async ({ page, buyer }) => {
  seedSaved(buyer.email, [
    {
      name: "Mama Nkechi's shop in Ikeja",
      kind: "meter",
      number: METERS.prepaid,
      provider: "IKEDC",
      meterType: "prepaid",
    },
    { name: "Ada", kind: "phone", number: "08031234567" },
  ]);
  await chooseLanguage(page, "ha");
  const main = page.locator("main");
  for (const width of [360, 240]) {
    await page.setViewportSize({ width, height: 800 });

    await page.goto("/dashboard/profile");
    expect(await page.locator("html").getAttribute("lang")).toBe("ha");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say(HA, "dashboard_profile"));
    await expect(page.getByRole("heading", { name: say(HA, "profile_details_heading") })).toBeVisible();
    const signIns = page.getByRole("region", { name: say(HA, "profile_signins_heading") });
    await expect(signIns.getByText(say(HA, "profile_signins_this_device"), { exact: true })).toBeVisible();
    // The device is named in Hausa around the browser's own name.
    await expect(signIns.locator("strong").first()).toHaveText(/ a |burauza/);
    await expect(page.getByRole("button", { name: say(HA, "profile_password_change"), exact: true })).toBeVisible();
    await expectFits(page, main, `profile at ${width} px`);

    await page.goto(SAVED_PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say(HA, "dashboard_saved_numbers"));
    await expect(savedItems(page, HA).filter({ hasText: "Mama Nkechi" })).toContainText(
      `${say(HA, "saved_kind_meter")}: ${METERS.prepaid}, ${say(HA, "saved_meter_prepaid")}, IKEDC`,
    );
    await expect(page.getByLabel(say(HA, "saved_provider"))).toContainText(say(HA, "saved_provider_none"));
    await expectFits(page, main, `saved numbers at ${width} px`);

    for (const method of ["card", "transfer", "manual"] as const) {
      await page.goto(`/dashboard/fund-wallet?method=${method}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say(HA, "dashboard_fund_wallet"));
      await expect(page.getByRole("group", { name: say(HA, "fund_how") })).toBeVisible();
      await expectFits(page, main, `fund wallet (${method}) at ${width} px`);
    }
    // The accounts to pay into keep the banks' own names; the labels around them are Hausa.
    const accounts = page.getByRole("list", { name: say(HA, "fund_manual_accounts") });
    await expect(accounts.getByText("Guaranty Trust Bank")).toBeVisible();
    await expect(accounts.getByText(say(HA, "fund_manual_bank"), { exact: true }).first()).toBeVisible();
    await expectFits(page, accounts, `the manual accounts at ${width} px`);
  }
});

for (const [language, words] of [
  ["ha", HA],
  ["pcm", PCM],
] as const) {
  test(`a saved number's refusal and its success are in ${language}`, async ({ page, buyer }) => {
    void buyer;
    await chooseLanguage(page, language);
    await page.goto(SAVED_PATH);
    const form = page.getByRole("region", { name: say(words, "saved_add_heading") });
    const save = form.getByRole("button", { name: say(words, "saved_save"), exact: true });
    await whenInteractive(save);
    await form.getByLabel(say(words, "saved_kind"), { exact: true }).selectOption("meter");
    await form.getByLabel(say(words, "saved_number"), { exact: true }).fill("12");
    await save.click();
    // With JavaScript the browser says it before any post; without, the server after it.
    for (const key of ["saved_error_name_required", "saved_error_digits", "saved_error_meter_type"]) {
      await expect(form.getByText(say(words, key), { exact: true }).first()).toBeVisible();
    }
    if (!javaScriptOn()) await expect(page).toHaveURL(SAVED_PATH);

    await form.getByLabel(say(words, "profile_name"), { exact: true }).fill("Ada");
    await form.getByLabel(say(words, "saved_kind"), { exact: true }).selectOption("phone");
    await form.getByLabel(say(words, "saved_number"), { exact: true }).fill("08031234567");
    await save.click();
    await expect(flash(page, say(words, "saved_added", { number: "08031234567", name: "Ada" }))).toBeVisible();
    await expect(savedItems(page, words).first()).toContainText(`${say(words, "saved_kind_phone")}: 08031234567`);
  });
}
