import type { Page } from "@playwright/test";
import { catalogPlan, catalogProvider, discountOf, planLabel, planOption } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary, expectFieldError, expectFieldValid, flash } from "../support/forms.ts";
import { expectBalance, expectedCharge, nairaOf, percentText, shownBalance, wallet } from "../support/money.ts";
import { javaScriptOn } from "../support/page.ts";
import {
  chargeLine,
  confirmedCharge,
  PURCHASE_MESSAGES as M,
  openPurchase,
  pressConfirm,
  pressProcess,
  PURCHASE_PATHS,
  refusedMessage,
  summaryLines,
  summaryValue,
  TEST_NUMBERS,
} from "../support/purchase.ts";
import { purchaseScenarios } from "./scenarios.ts";

// The data page (the amount is the plan's, read-only), its purchase result and its
// rules: the server never trusts a price from the browser, provider → plans is a GET form
// without JavaScript and in place with it, one debit per confirmation; decisions 011 and 012.

const PATH = PURCHASE_PATHS.data;
const MTN = catalogProvider("data", "MTN");
const MTN_1GB = catalogPlan(MTN, "mtn-1gb-30");

function fields(page: Page) {
  return {
    provider: page.getByLabel("Provider", { exact: true }),
    plan: page.getByLabel("Plan", { exact: true }),
    phone: page.getByLabel("Phone number", { exact: true }),
    amount: page.getByLabel("Amount", { exact: true }),
  };
}

async function openData(page: Page): Promise<void> {
  await openPurchase(page, PATH, "Purchase Data");
}

/**
 * Chooses the network as a person would: without JavaScript with the "Show plans" button,
 * with it by choosing alone. Either way the form then lists the network's plans.
 */
async function chooseNetwork(page: Page, title: string): Promise<void> {
  const provider = catalogProvider("data", title);
  await fields(page).provider.selectOption({ label: title });
  if (!javaScriptOn()) await page.getByRole("button", { name: "Show plans", exact: true }).click();
  const first = provider.plans[0];
  if (first === undefined) throw new Error(`${title} has no plans in the seed`);
  await expect(fields(page).plan.getByRole("option", { name: planOption(provider, first), exact: true })).toHaveCount(
    1,
  );
}

async function fillData(
  page: Page,
  { network = "MTN", plan = MTN_1GB.variationCode, phone }: { network?: string; plan?: string; phone: string },
): Promise<void> {
  const provider = catalogProvider("data", network);
  await chooseNetwork(page, network);
  await fields(page).plan.selectOption({ label: planOption(provider, catalogPlan(provider, plan)) });
  await fields(page).phone.fill(phone);
}

function deliveredMessage(label: string, phone: string, chargeKobo: number): string {
  return `${label} data bundle sent to ${phone}. You were charged ${nairaOf(chargeKobo)}.`;
}

test("every data message is tied to its field and listed in the summary, and what was typed stays", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await openData(page);
  const form = fields(page);

  await pressProcess(page);
  await expectErrorSummary(page, [M.providerRequired, M.planRequired, M.phoneRequired]);
  await expectFieldError(form.provider, M.providerRequired);
  await expectFieldError(form.plan, M.planRequired);
  await expectFieldError(form.phone, M.phoneRequired);

  await chooseNetwork(page, "MTN");
  await form.phone.fill("0801234");
  await pressProcess(page);
  await expectErrorSummary(page, [M.planRequired, M.phoneFormat]);
  await expectFieldError(form.plan, M.planRequired);
  await expectFieldError(form.phone, M.phoneFormat);
  await expectFieldValid(form.provider);
  await expect(form.provider.locator("option:checked")).toHaveText("MTN");
  await expect(form.phone).toHaveValue("0801234");
  expect(wallet(buyer.email).debits).toBe(0);
});

test("a purchase: the plan's price, the confirmation, and Confirm buys it once", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ level: 0, balanceKobo: 5_000_00 });
  const charge = expectedCharge(MTN_1GB.amountKobo, discountOf(MTN, 0));
  await openData(page);
  const before = await shownBalance(page);
  expect(before).toBe(5_000_00);

  await fillData(page, { phone: TEST_NUMBERS.delivered });
  if (javaScriptOn()) {
    // The read-only amount is the chosen plan's price.
    await expect(fields(page).amount).toHaveValue(nairaOf(MTN_1GB.amountKobo));
  }
  await pressProcess(page);
  expect(await summaryLines(page)).toEqual([
    ["Provider", "MTN"],
    ["Plan", planLabel(MTN, MTN_1GB)],
    ["Phone number", TEST_NUMBERS.delivered],
    ["Amount", "₦970.00"],
    ["Discount", percentText(discountOf(MTN, 0))],
  ]);
  expect(await confirmedCharge(page)).toBe(charge);
  expect(wallet(buyer.email).debits).toBe(0);

  await pressConfirm(page);
  await expect(flash(page, deliveredMessage(planLabel(MTN, MTN_1GB), TEST_NUMBERS.delivered, charge))).toBeAttached();
  await expect(page).toHaveURL(PATH);
  const form = fields(page);
  await expect(form.provider).toHaveValue("");
  await expect(form.plan).toHaveValue("");
  await expect(form.phone).toHaveValue("");
  await expectBalance(page, before - charge);
  const after = wallet(buyer.email);
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(before - charge);
});

test("choosing a network: its plans in place with JavaScript, through 'Show plans' without; the charge live or the discount stated", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 5_000_00 });
  const airtel = catalogProvider("data", "Airtel");
  const glo = catalogProvider("data", "Glo");
  const twoGb = catalogPlan(airtel, "airtel-2gb-30");
  const eightGb = catalogPlan(airtel, "airtel-8gb-30");
  await openData(page);
  const form = fields(page);

  if (javaScriptOn()) {
    await expect(page.getByRole("button", { name: "Show plans" })).toHaveCount(0);
    // A full page load would drop this.
    await page.evaluate(() => Reflect.set(window, "__noReload", true));
    await form.phone.fill("08051234567");
    await chooseNetwork(page, "Airtel");
    await form.plan.selectOption({ label: planOption(airtel, twoGb) });
    await expect(form.amount).toHaveValue(nairaOf(twoGb.amountKobo));
    await expect(chargeLine(page)).toHaveText(
      `You will be charged ${nairaOf(expectedCharge(twoGb.amountKobo, discountOf(airtel, 0)))}`,
    );
    await form.plan.selectOption({ label: planOption(airtel, eightGb) });
    await expect(form.amount).toHaveValue(nairaOf(eightGb.amountKobo));
    await expect(chargeLine(page)).toHaveText(
      `You will be charged ${nairaOf(expectedCharge(eightGb.amountKobo, discountOf(airtel, 0)))}`,
    );

    // Another network: its own plans, the plan chosen afresh, the number typed kept.
    await chooseNetwork(page, "Glo");
    await expect(form.plan).toHaveValue("");
    await expect(form.plan.getByRole("option", { name: /^Airtel / })).toHaveCount(0);
    await expect(form.phone).toHaveValue("08051234567");
    expect(await page.evaluate(() => Reflect.get(window, "__noReload")), "no full page load").toBe(true);
    await chooseNetwork(page, "Airtel");
  } else {
    await expect(chargeLine(page)).toHaveText("Choose a network to see its plans and your discount.");
    await chooseNetwork(page, "Airtel");
    // The discount in words under the plan, since the exact charge needs the server.
    await expect(chargeLine(page)).toHaveText(
      `Your discount on Airtel data is ${percentText(discountOf(airtel, 0))}; you will see the exact charge before you confirm.`,
    );
    await chooseNetwork(page, "Glo");
    await expect(chargeLine(page)).toHaveText(
      `Your discount on Glo data is ${percentText(discountOf(glo, 0))}; you will see the exact charge before you confirm.`,
    );
    await chooseNetwork(page, "Airtel");
    await form.phone.fill("08051234567");
  }
  await form.plan.selectOption({ label: planOption(airtel, eightGb) });
  await pressProcess(page);
  await expect(summaryValue(page, "Amount")).toHaveText(nairaOf(eightGb.amountKobo));
  expect(await confirmedCharge(page)).toBe(expectedCharge(eightGb.amountKobo, discountOf(airtel, 0)));
});

test("a tampered form cannot change the price: another network's plan is refused, a posted amount is ignored", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 2_000_00 });
  const charge = expectedCharge(MTN_1GB.amountKobo, discountOf(MTN, 0));
  await openData(page);
  await chooseNetwork(page, "MTN");
  const form = fields(page);

  // MTN's ₦970 plan renamed in the page to Airtel's ₦490 one.
  await form.plan
    .locator(`option[value="${MTN_1GB.variationCode}"]`)
    .evaluate((option) => option.setAttribute("value", "airtel-750mb-7"));
  await form.plan.selectOption({ label: planOption(MTN, MTN_1GB) });
  await form.phone.fill(TEST_NUMBERS.delivered);
  await pressProcess(page);
  await expectErrorSummary(page, [M.planRequired]);
  await expectFieldError(form.plan, M.planRequired);

  // The real plan, with a price of ₦1 slipped into the form.
  await openData(page);
  await chooseNetwork(page, "MTN");
  await page.locator("form#data").evaluate((element) => {
    for (const [name, value] of [
      ["amount", "1"],
      ["variation_amount", "1"],
      ["price", "1"],
    ] as const) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      element.append(input);
    }
  });
  await form.plan.selectOption({ label: planOption(MTN, MTN_1GB) });
  await form.phone.fill(TEST_NUMBERS.delivered);
  await pressProcess(page);
  await expect(summaryValue(page, "Amount")).toHaveText(nairaOf(MTN_1GB.amountKobo));
  expect(await confirmedCharge(page)).toBe(charge);
  await pressConfirm(page);
  await expectBalance(page, 2_000_00 - charge);
  expect(wallet(buyer.email).balanceKobo).toBe(2_000_00 - charge);
});

const GLO = catalogProvider("data", "Glo");
const GLO_2_5GB = catalogPlan(GLO, "glo-2-5gb-30");

purchaseScenarios({
  path: PATH,
  heading: "Purchase Data",
  balanceKobo: 2_000_00,
  target: "number",
  upstream: "provider",
  // MTN 1GB for each sandbox test number.
  async toConfirmation(page, outcome) {
    await openData(page);
    await fillData(page, { phone: TEST_NUMBERS[outcome] });
    await pressProcess(page);
    const charge = await confirmedCharge(page);
    expect(charge).toBe(expectedCharge(MTN_1GB.amountKobo, discountOf(MTN, 0)));
    return charge;
  },
  landing: PATH,
  pendingMessage: (charge) =>
    `Your ${planLabel(MTN, MTN_1GB)} data bundle for ${TEST_NUMBERS.pending} is pending with the provider. ` +
    `${nairaOf(charge)} has been taken from your wallet; check your transactions for the outcome.`,
  refusal: refusedMessage(TEST_NUMBERS.failed, "data"),
  async expectFailedFormKept(page) {
    const form = fields(page);
    await expect(form.provider.locator("option:checked")).toHaveText("MTN");
    await expect(form.plan.locator("option:checked")).toHaveText(planOption(MTN, MTN_1GB));
    await expect(form.phone).toHaveValue(TEST_NUMBERS.failed);
  },
  repeats: {
    deliveredMessage: (charge) => deliveredMessage(planLabel(MTN, MTN_1GB), TEST_NUMBERS.delivered, charge),
    deliveredWords: "data bundle sent to",
  },
  change: {
    balanceKobo: 5_000_00,
    async fill(page) {
      await openData(page);
      await fillData(page, { network: "Glo", plan: GLO_2_5GB.variationCode, phone: "08051234567" });
    },
    summary: ["Plan", planLabel(GLO, GLO_2_5GB)],
    // The network's plans listed, the plan still chosen.
    async expectKept(page) {
      const form = fields(page);
      await expect(form.provider.locator("option:checked")).toHaveText("Glo");
      await expect(form.plan.locator("option:checked")).toHaveText(planOption(GLO, GLO_2_5GB));
      await expect(form.phone).toHaveValue("08051234567");
      await expect(form.amount).toHaveValue(nairaOf(GLO_2_5GB.amountKobo));
    },
    again: ["Amount", nairaOf(GLO_2_5GB.amountKobo)],
  },
});
