import { expect, test } from "../support/fixtures.ts";
import { expectFieldError, flash } from "../support/forms.ts";
import { checkoutAmount } from "../support/funding.ts";
import { processAirtime } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { confirmWithPin, PIN, setPinOver, WRONG_PIN } from "../support/pin.ts";
import { profileForm } from "../support/profile.ts";
import { confirmationStep, openPurchase, pressProcess, PURCHASE_PATHS, summaryValue } from "../support/purchase.ts";

// Decision 056: once a person has a transaction PIN, Confirm asks for it, in one field that works
// with JavaScript off; a wrong one keeps the confirmation as it was and buys nothing.

test.use({ buyerAccount: { balanceKobo: 5_000_00 } });

test("Confirm asks for the PIN; a wrong one keeps the confirmation, the right one buys", async ({ page, buyer }) => {
  await page.goto("/dashboard/profile#transaction-pin");
  const pinForm = profileForm(page, "Transaction PIN");
  await whenInteractive(pinForm.getByRole("button", { name: "Set PIN" }));
  await pinForm.getByLabel("New PIN").fill("2580");
  await pinForm.getByLabel("Confirm PIN").fill("2580");
  await pinForm.getByRole("button", { name: "Set PIN" }).click();
  await expect(flash(page, "Your transaction PIN is set.")).toBeAttached();

  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Phone number", { exact: true }).fill("08012345678");
  await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
  await pressProcess(page);
  const pin = confirmationStep(page).getByLabel("Transaction PIN");
  await expect(pin).toHaveAttribute("type", "password");
  await expect(pin).toHaveAttribute("inputmode", "numeric");
  await expect(pin).toHaveAttribute("autocomplete", "off");
  // With JavaScript the step replaces the form in place: the PIN is what to type next.
  if (javaScriptOn()) await expect(pin).toBeFocused();

  await pin.fill("1470");
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expectFieldError(confirmationStep(page).getByLabel("Transaction PIN"), "Wrong PIN. 4 tries left.");
  await expect(summaryValue(page, "Phone")).toContainText("08012345678");
  expect(wallet(buyer.email).debits).toBe(0);

  await confirmationStep(page).getByLabel("Transaction PIN").fill("2580");
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(confirmationStep(page)).toHaveCount(0);
  await expect.poll(() => wallet(buyer.email).debits).toBe(1);
});

test(
  "a page that opens on the confirmation hydrates it as the server drew it, and Confirm buys in place",
  { tag: "@js-only" },
  async ({ page, buyer, baseURL }) => {
    // Process posted as a document (pressed before the script ran): the step's script loads
    // apart (decision 089), so the page must hydrate on it without a mismatch.
    expect((await setPinOver(page.request, String(baseURL))).status()).toBe(302);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
    await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Phone number", { exact: true }).fill("08012345678");
    await page.getByLabel("Amount (₦)", { exact: true }).fill("500");
    await page.locator("form.purchase-form").evaluate((form: HTMLFormElement) => {
      const intent = Object.assign(document.createElement("input"), {
        type: "hidden",
        name: "intent",
        value: "process",
      });
      form.append(intent);
      form.submit();
    });

    const step = confirmationStep(page);
    await whenInteractive(step.getByRole("button", { name: "Confirm", exact: true }));
    await expect(step.getByLabel("Transaction PIN")).toBeFocused();
    await step.getByLabel("Transaction PIN").fill(PIN);
    await step.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(step).toHaveCount(0);
    await expect.poll(() => wallet(buyer.email).debits).toBe(1);
    expect(problems).toEqual([]);
  },
);

test(
  "while wrong PINs lock buying, the confirmation says so before any try, with Forgot PIN, and the card still pays",
  { tag: "@once" },
  async ({ page, buyer, baseURL }) => {
    // Locked the way a guesser would lock it: five wrong PINs posted to a Confirm (decision 069).
    const origin = String(baseURL);
    expect((await setPinOver(page.request, origin)).status()).toBe(302);
    const order = { phone: "08011111111", amount: "500" };
    const posted = await processAirtime(page.request, origin, order);
    for (let wrong = 1; wrong <= 5; wrong += 1) {
      expect((await confirmWithPin(page.request, origin, posted, WRONG_PIN)).status(), `wrong PIN ${wrong}`).toBe(400);
    }

    await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
    await page.getByLabel("Provider", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Phone number", { exact: true }).fill(order.phone);
    await page.getByLabel("Amount (₦)", { exact: true }).fill(order.amount);
    await pressProcess(page);
    const step = confirmationStep(page);
    await expect(step.getByText(/^Buying is locked until \d{1,2}:\d{2} [ap]m after 5 wrong PINs$/)).toBeVisible();
    await expect(step.getByText("To buy before then, set a new PIN with your account password:")).toBeVisible();
    await expect(step.getByRole("link", { name: "Forgot PIN", exact: true })).toHaveAttribute(
      "href",
      "/dashboard/profile/forgot-pin",
    );
    await expect(step.getByLabel("Transaction PIN")).toHaveCount(0);
    await expect(step.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
    await expect(step.getByRole("button", { name: "Change", exact: true })).toBeVisible();

    // The card's money is not the wallet's: it says so, and goes to the checkout without a PIN.
    await expect(step).toContainText("Paying by card needs no PIN: the money comes from your card, not your wallet.");
    await step.getByRole("button", { name: "Pay ₦507.50 by card", exact: true }).click();
    expect(await checkoutAmount(page)).toBe("₦507.50");
    expect(wallet(buyer.email).debits).toBe(0);
  },
);
