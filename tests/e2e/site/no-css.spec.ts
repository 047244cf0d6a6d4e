import type { Locator, Page } from "@playwright/test";
import { createAccount } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary } from "../support/forms.ts";
import { cardConfirmation, openFundWallet, processCardFunding, section } from "../support/funding.ts";
import { NOTICE_TEXT } from "../support/portals.ts";
import { confirmationStep } from "../support/purchase.ts";

// Decision 046: the pages as a browser without CSS shows them (Opera Mini's
// extreme mode, a text browser, a stylesheet that did not arrive). Every stylesheet is
// refused, so what is left is the HTML and the browser's own defaults.

const HONEYPOT_LABEL = "Leave this empty";
const HONEYPOT_MESSAGE =
  "The field “Leave this empty” was filled in, so nothing was sent. We have emptied it: check your details and send the form again.";
const PUBLIC_FORMS = ["/login", "/register", "/forgot-password"] as const;

async function withoutCss(page: Page): Promise<void> {
  await page.route("**/*.css", (route) => route.abort());
}

/** Where Tab goes from the top of the page until it leaves it: each focused control's name or text. */
async function tabStops(page: Page): Promise<string[]> {
  const stops: string[] = [];
  const focused = page.locator(":focus");
  for (let press = 0; press < 40; press += 1) {
    await page.keyboard.press("Tab");
    if ((await focused.count()) === 0) break;
    stops.push((await focused.getAttribute("name")) ?? (await focused.innerText()));
  }
  return stops;
}

for (const path of PUBLIC_FORMS) {
  test(`without CSS, ${path}'s honeypot field is neither shown nor reached with Tab`, async ({ page }) => {
    await withoutCss(page);
    await page.goto(path);
    await expect(page.getByRole("button").last()).toBeVisible();
    await expect(page.getByText(HONEYPOT_LABEL)).toBeHidden();
    await expect(page.getByLabel(HONEYPOT_LABEL)).toBeHidden();
    const stops = await tabStops(page);
    expect(stops).toContain("email");
    expect(stops).not.toContain("website");
  });
}

test("a person whose browser showed the honeypot and filled it gets the form back, their input kept, and can send it again", async ({
  page,
}) => {
  // A browser that knows nothing of the `hidden` attribute (some text browsers) shows the field.
  await page.route("**/login", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<div hidden="">/g, "<div>");
    await route.fulfill({ response, body: html });
  });
  const account = await createAccount("honeypot-person", { verified: true });
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel(HONEYPOT_LABEL).fill("https://my-shop.example");
  await page.getByRole("button", { name: "Login", exact: true }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(errorSummary(page)).toContainText(HONEYPOT_MESSAGE);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel(HONEYPOT_LABEL)).toHaveValue("");

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/dashboard");
});

/** Each checkbox's label as it reads on the page: the words beside the box, never an empty label. */
async function checkboxLabels(page: Page): Promise<string[]> {
  const boxes = await page.getByRole("checkbox").all();
  return Promise.all(boxes.map(async (box: Locator) => (await page.locator("label", { has: box }).innerText()).trim()));
}

test("without CSS, the dashboard has no bare checkbox: the notice's dismiss is a named button", async ({
  page,
  buyer,
}) => {
  void buyer;
  await withoutCss(page);
  await page.goto("/dashboard");
  await expect(page.getByText(NOTICE_TEXT)).toBeVisible();
  await expect(page.getByRole("button", { name: "Dismiss notice" })).toBeVisible();
  for (const label of await checkboxLabels(page)) expect(label).not.toBe("");
});

test.describe("card payments without CSS", () => {
  test.use({ buyerAccount: { balanceKobo: 3_000_00 } });

  test("the card funding form and its confirmation read as separate words", async ({ page, buyer }) => {
    void buyer;
    await withoutCss(page);
    await openFundWallet(page, "card");
    await expect(section(page, "card")).toContainText(/Amount \(₦\)\s+At least ₦100\./);
    await processCardFunding(page, "1000");
    await expect(cardConfirmation(page)).toContainText("You get: ₦1,000.00 - ₦15.00 = ₦985.00");
    await expect(cardConfirmation(page)).toContainText(/Pay with card\s+Change/);
  });

  test("a purchase's confirmation and its pay-by-card offer read as separate words", async ({ page, buyer }) => {
    void buyer;
    await withoutCss(page);
    await page.goto("/dashboard/purchase-airtime");
    await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
    await expect(page.locator("main")).toContainText(/Phone number\s+11 digits, e\.g\. 08012345678/);
    await page.getByLabel("Phone number", { exact: true }).fill("08011111111");
    await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
    await page.getByRole("button", { name: "Process", exact: true }).click();
    await expect(confirmationStep(page)).toContainText(/Confirm\s+Change/);
    await expect(confirmationStep(page)).toContainText(
      "Or pay by card instead of your wallet: ₦507.50, card charge included.",
    );
  });
});
