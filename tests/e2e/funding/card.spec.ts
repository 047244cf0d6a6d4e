import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { errorSummary, expectFieldError, flash, flashError } from "../support/forms.ts";
import {
  cardAmount,
  cardChargeLine,
  cardConfirmation,
  cardFundingFigures,
  checkoutAmount,
  chooseMethod,
  creditedMessage,
  dashboardBalance,
  decideCheckout,
  FUND_WALLET,
  fundings,
  FUNDING_MESSAGES as M,
  openFundWallet,
  payWithCardButton,
  processCardFunding,
  section,
  youGetLine,
} from "../support/funding.ts";
import { nairaOf, shownBalance, wallet } from "../support/money.ts";
import { javaScriptOn } from "../support/page.ts";

// The fund wallet page's ATM card choice: 'Amount can not be less than ₦100', the 1.5 %
// charge rounded down and the 'You get' figure rounded up (decision 016); card payments
// (docs/upstream-api.md): the browser leaves for the gateway's checkout and comes back
// to a return address, where the portal asks the gateway before it credits the wallet once.

const OPENING_KOBO = 2_000_00;

/** From the card form to the sandbox checkout for this amount; says what the checkout asks. */
async function toCheckout(page: Page, amount: string): Promise<string> {
  await openFundWallet(page, "card");
  await processCardFunding(page, amount);
  await expect(cardConfirmation(page)).toBeVisible();
  await payWithCardButton(page).click();
  return checkoutAmount(page);
}

/** Ours: the product has no message for it (docs/decisions/016-card-funding-in-whole-naira.md). */
const WHOLE_NAIRA = "Enter the amount in whole naira, e.g. 1000";

test("an empty or too small amount is refused with the product's own words, and nothing leaves for the gateway", async ({
  page,
  buyer,
}) => {
  await openFundWallet(page, "card");

  await section(page, "card").getByRole("button", { name: "Process", exact: true }).click();
  await expect(errorSummary(page).getByRole("listitem")).toHaveText([M.amountRequired]);
  await expectFieldError(cardAmount(page), M.amountRequired);
  await expect(page).toHaveURL(FUND_WALLET);

  await processCardFunding(page, "99.99");
  await expect(errorSummary(page).getByRole("listitem")).toHaveText([M.cardMinimum]);
  await expectFieldError(cardAmount(page), M.cardMinimum);
  await expect(cardAmount(page), "what was typed stays").toHaveValue("99.99");
  await expect(cardConfirmation(page)).toHaveCount(0);
  expect(fundings(buyer.email).count).toBe(0);
});

test("the confirmation shows 'You get: ₦1,000.00 - ₦15.00 = ₦985.00', live as you type with JavaScript", async ({
  page,
  buyer,
}) => {
  await openFundWallet(page, "card");
  const figures = cardFundingFigures(1_000_00);
  const expected = youGetLine("₦1,000.00", nairaOf(figures.chargeKobo), nairaOf(figures.youGetKobo));
  expect(expected).toBe("You get: ₦1,000.00 - ₦15.00 = ₦985.00");

  await cardAmount(page).fill("1000");
  if (javaScriptOn()) {
    await expect(cardChargeLine(page)).toHaveText(expected);
    // A rounding case as the amount changes: 1.5 % of ₦1,099 is ₦16.485, charged as ₦16.
    await cardAmount(page).fill("1099");
    await expect(cardChargeLine(page)).toHaveText("You get: ₦1,099.00 - ₦16.00 = ₦1,083.00");
    await cardAmount(page).fill("1000");
    await expect(cardChargeLine(page)).toHaveText(expected);
  } else {
    await expect(cardChargeLine(page)).toHaveText("You will see what your wallet gets before you pay.");
  }

  await section(page, "card").getByRole("button", { name: "Process", exact: true }).click();
  await expect(cardConfirmation(page).locator(".charge-line")).toHaveText(expected);
  await expect(payWithCardButton(page)).toBeVisible();

  // Change goes back to the form as filled.
  await cardConfirmation(page).getByRole("button", { name: "Change", exact: true }).click();
  await expect(cardAmount(page)).toHaveValue("1000");
});

test("Pay at the checkout credits ₦985.00 for ₦1,000, once, and says so on the dashboard", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: OPENING_KOBO });
  const shownBefore = await dashboardBalance(page);
  const before = fundings(buyer.email);

  expect(await toCheckout(page, "1000"), "the checkout asks for the whole amount").toBe("₦1,000.00");
  await decideCheckout(page, "Pay");

  await expect(page).toHaveURL("/dashboard");
  await expect(flash(page, creditedMessage(985_00))).toHaveCount(1);
  const card = page.getByRole("article", { name: "Wallet balance" });
  await expect(card.locator(".balance")).toHaveText(nairaOf(shownBefore + 985_00));
  expect(wallet(buyer.email).balanceKobo).toBe(OPENING_KOBO + 985_00);
  expect(fundings(buyer.email)).toEqual({ count: before.count + 1, creditedKobo: before.creditedKobo + 985_00 });
});

test("coming back to the return address again credits nothing more", { tag: "@once" }, async ({ page, buyer }) => {
  await toCheckout(page, "1000");
  const returnAddress = await decideCheckout(page, "Pay");
  await expect(page).toHaveURL("/dashboard");
  await expect(flash(page, creditedMessage(985_00))).toHaveCount(1);
  const credited = fundings(buyer.email);
  expect(credited).toEqual({ count: 1, creditedKobo: 985_00 });

  for (const visit of [1, 2]) {
    await page.goto(returnAddress);
    await expect(page, `visit ${visit} of the return address`).toHaveURL("/dashboard");
    await expect(flashError(page, M.transactionFailed)).toHaveCount(0);
  }
  expect(fundings(buyer.email)).toEqual(credited);
  expect(wallet(buyer.email).balanceKobo).toBe(985_00);
  expect(await dashboardBalance(page)).toBe(985_00);
});

test("going back after paying and pressing Pay with card again credits nothing more", async ({ page, buyer }) => {
  await toCheckout(page, "1000");
  await decideCheckout(page, "Pay");
  await expect(page).toHaveURL("/dashboard");
  await expect(flash(page, creditedMessage(985_00))).toHaveCount(1);

  // One step back is the checkout, which now says it was paid and offers no second payment.
  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox\/gateway\/checkout\//);
  await expect(page.getByText(/This payment was paid/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);

  if (javaScriptOn()) {
    // One more is the fund wallet page, loaded afresh as the empty form: the amount typed
    // again is a new payment, which waits for the customer and credits nothing by itself.
    await page.goBack();
    await expect(page).toHaveURL(FUND_WALLET);
    await processCardFunding(page, "1000");
    await payWithCardButton(page).click();
    expect(await checkoutAmount(page)).toBe("₦1,000.00");
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
    expect(fundings(buyer.email)).toEqual({ count: 1, creditedKobo: 985_00 });
    await decideCheckout(page, "Cancel");
    await expect(flashError(page, M.transactionFailed)).toHaveCount(1);
  } else {
    // One more is the confirmation, a POST's answer: Chromium shows "Confirm Form
    // Resubmission" (ERR_CACHE_MISS), and a reload sends the same form again. Its Pay with
    // card reaches the same payment, already paid.
    const refused = await page.goBack().then(
      () => "",
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/ERR_CACHE_MISS/);
    await expect(page).toHaveURL(/^chrome-error:/);
    await page.reload();
    await expect(page).toHaveURL(FUND_WALLET);
    await expect(cardConfirmation(page).locator(".charge-line")).toHaveText("You get: ₦1,000.00 - ₦15.00 = ₦985.00");
    await payWithCardButton(page).click();
    await expect(page.getByText(/This payment was paid/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Return to the merchant" }).click();
    await expect(page).toHaveURL("/dashboard");
  }
  expect(fundings(buyer.email)).toEqual({ count: 1, creditedKobo: 985_00 });
  expect(wallet(buyer.email).balanceKobo).toBe(985_00);
});

test("the same confirmation's Pay with card, sent again after paying, finds the paid payment and credits nothing more", async ({
  page,
  buyer,
  baseURL,
}) => {
  await openFundWallet(page, "card");
  await processCardFunding(page, "1000");
  const form = cardConfirmation(page).locator("form");
  const fields = {
    csrf: await form.locator('input[name="csrf"]').inputValue(),
    funding: await form.locator('input[name="funding"]').inputValue(),
  };
  await payWithCardButton(page).click();
  await checkoutAmount(page);
  const checkout = new URL(page.url()).pathname;
  await decideCheckout(page, "Pay");
  await expect(page).toHaveURL("/dashboard");
  expect(fundings(buyer.email)).toEqual({ count: 1, creditedKobo: 985_00 });

  // What a second tab or a double click would send: the same sealed confirmation.
  const again = await page.request.post(FUND_WALLET, {
    form: { csrf: fields.csrf, intent: "card-pay", funding: fields.funding },
    headers: { Origin: String(baseURL) },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  const location = new URL(again.headers()["location"] ?? "", String(baseURL));
  expect(location.pathname, "the same payment's checkout").toBe(checkout);

  await page.goto(location.pathname);
  await expect(page.getByText(/This payment was paid/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Return to the merchant" }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(fundings(buyer.email)).toEqual({ count: 1, creditedKobo: 985_00 });
  expect(wallet(buyer.email).balanceKobo).toBe(985_00);
});

test("Cancel at the checkout says 'Transaction failed!' and credits nothing", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: OPENING_KOBO });

  expect(await toCheckout(page, "1000")).toBe("₦1,000.00");
  const returnAddress = await decideCheckout(page, "Cancel");

  await expect(page).toHaveURL(FUND_WALLET);
  await expect(flashError(page, M.transactionFailed)).toHaveCount(1);
  await expect(flash(page, creditedMessage(985_00))).toHaveCount(0);
  expect(await shownBalance(page)).toBe(OPENING_KOBO);

  // Coming back to it later does not turn a cancelled payment into a credit.
  await page.goto(returnAddress);
  await expect(flashError(page, M.transactionFailed)).toHaveCount(1);
  expect(fundings(buyer.email)).toEqual({ count: 1, creditedKobo: OPENING_KOBO });
  expect(wallet(buyer.email).balanceKobo).toBe(OPENING_KOBO);
});

test(
  "card funding is in whole naira, so the wallet gets exactly what 'You get' promised",
  { tag: "@once" },
  async ({ page, buyer }) => {
    await openFundWallet(page, "card");
    // Kobo would make 'You get' (rounded up to the naira) promise more than the credit.
    await processCardFunding(page, "1050.50");
    await expectFieldError(cardAmount(page), WHOLE_NAIRA);
    await expect(cardAmount(page), "what was typed stays").toHaveValue("1050.50");
    await expect(cardConfirmation(page)).toHaveCount(0);

    await processCardFunding(page, "1099");
    const figures = cardFundingFigures(1_099_00);
    const promised = nairaOf(figures.youGetKobo);
    await expect(cardConfirmation(page).locator(".charge-line strong")).toHaveText(promised);
    await payWithCardButton(page).click();
    await decideCheckout(page, "Pay");
    await expect(page).toHaveURL("/dashboard");
    expect(nairaOf(fundings(buyer.email).creditedKobo)).toBe(promised);
  },
);

test("the three methods switch sections: in place with JavaScript, with Continue without it", async ({
  page,
  buyer,
}) => {
  await openFundWallet(page, "card");
  await expect(page.getByRole("radio", { name: "ATM card" })).toBeChecked();
  const continueButton = page.getByRole("button", { name: "Continue", exact: true });
  if (javaScriptOn()) {
    await expect(continueButton, "the radio buttons switch on their own").toHaveCount(0);
    // A value on window survives a client-side switch and is lost with a full page load.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  } else {
    await expect(continueButton).toBeVisible();
  }

  for (const method of ["transfer", "manual", "card"] as const) {
    await chooseMethod(page, method);
    for (const other of (["card", "transfer", "manual"] as const).filter((candidate) => candidate !== method)) {
      await expect(section(page, other), `${other} is hidden while ${method} is chosen`).toHaveCount(0);
    }
  }
  if (javaScriptOn()) {
    expect(await page.evaluate(() => "sameDocument" in window), "no full page load").toBe(true);
  }
});
