import type { Page } from "@playwright/test";
import { discountOf, seedProvider, seedVariation, variationOption } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary, expectFieldError, flash } from "../support/forms.ts";
import { receiptEntries } from "../support/history.ts";
import { expectBalance, expectedCharge, nairaOf, percentText, wallet } from "../support/money.ts";
import { atPath, javaScriptOn } from "../support/page.ts";
import { confirmationStep, confirmedCharge, pressConfirm, summaryLines } from "../support/purchase.ts";
import {
  chooseProvider,
  expectVerified,
  formChargeLine,
  holdNextVerify,
  VERIFY_MESSAGES as M,
  openVerifyPage,
  PHONES,
  processButton,
  providerSelect,
  SMART_CARDS,
  verifiedDetails,
  VERIFY_PAGES,
  verifyButton,
} from "../support/verify.ts";
import { purchaseScenarios } from "./scenarios.ts";

// The cable page, its verify step and purchase result, its rules (verify without and with
// JavaScript); decisions 011, 013 and 024; docs/sandbox.md's smart cards.
// Every test buys with an account of its own.

const PATH = VERIFY_PAGES.cable.path;
const DSTV = seedProvider("cable", "DSTV");
const GOTV = seedProvider("cable", "GOTV");
const STARTIMES = seedProvider("cable", "STARTIMES");
const COMPACT = seedVariation(DSTV, "dstv-compact");

function fields(page: Page) {
  return {
    provider: providerSelect(page, "cable"),
    smartNo: page.getByLabel("Smart card / IUC number", { exact: true }),
    plan: page.getByLabel("Plan", { exact: true }),
    phone: page.getByLabel("Phone number", { exact: true }),
    amount: page.getByLabel(/^Amount/),
  };
}

/** Chooses the provider, types the card and verifies it; resolves once the customer shows. */
async function verifyCard(page: Page, provider: string, smartNo: string): Promise<void> {
  await chooseProvider(page, "cable", provider);
  await fields(page).smartNo.fill(smartNo);
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
}

/** The customer lines docs/sandbox.md gives for a card on a provider's current bouquet. */
function customerLines(name: string, bouquet: string, renewalKobo: number): [string, string][] {
  return [
    ["Customer name", name],
    ["Current bouquet", bouquet],
    ["Renewal amount", nairaOf(renewalKobo)],
  ];
}

/** A DStv Compact renewal for this card, up to the confirmation; what it says it will charge. */
async function toRenewalConfirmation(page: Page, smartNo: string): Promise<number> {
  await openVerifyPage(page, "cable");
  await verifyCard(page, "DSTV", smartNo);
  const form = fields(page);
  await form.plan.selectOption({ label: variationOption(COMPACT) });
  await form.phone.fill(PHONES.delivered);
  await processButton(page).click();
  const charge = await confirmedCharge(page);
  expect(charge).toBe(expectedCharge(COMPACT.amountKobo, discountOf(DSTV, 0)));
  return charge;
}

test("Verify asks for a provider and the Smart/IUC number, beside each field and in the summary; an unknown card is refused", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "cable");
  const form = fields(page);

  await verifyButton(page).click();
  await expectErrorSummary(page, [M.providerRequired, M.smartNoRequired]);
  await expectFieldError(form.provider, M.providerRequired);
  await expectFieldError(form.smartNo, M.smartNoRequired);

  await chooseProvider(page, "cable", "DSTV");
  await verifyButton(page).click();
  await expectErrorSummary(page, [M.smartNoRequired]);
  await expectFieldError(form.smartNo, M.smartNoRequired);

  await form.smartNo.fill(SMART_CARDS.unknown);
  await verifyButton(page).click();
  // The upstream's words, then what to check (decision 046; tests/e2e/purchase/cable-hints.spec.ts).
  await expectErrorSummary(page, [
    `${M.invalidSmartCard} Check the smart card number on your DStv decoder (10 digits), and that DStv is the provider you chose.`,
  ]);
  await expectFieldError(form.smartNo, M.invalidSmartCard);
  await expect(form.smartNo).toHaveValue(SMART_CARDS.unknown);
  await expect(verifiedDetails(page)).toHaveCount(0);
  await expect(processButton(page)).toBeDisabled();
  expect(wallet(buyer.email).debits).toBe(0);
});

test("a verified card shows the customer, the current bouquet and the renewal amount, and opens plan, phone and Process", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "cable");
  await chooseProvider(page, "cable", "GOTV");
  const form = fields(page);
  await expect(form.plan).toBeDisabled();
  await expect(form.phone).toBeDisabled();
  await expect(form.amount).toBeDisabled();
  await expect(processButton(page)).toBeDisabled();

  await form.smartNo.fill(SMART_CARDS.delivered);
  await verifyButton(page).click();
  await expectVerified(page, customerLines("Adaeze Nwosu", "GOtv Max", seedVariation(GOTV, "gotv-max").amountKobo));
  await expect(form.smartNo).toHaveValue(SMART_CARDS.delivered);
  await expect(form.plan).toBeEnabled();
  await expect(form.phone).toBeEnabled();
  await expect(form.amount).toBeEnabled();
  // With JavaScript, Process waits for a plan too (not StarTimes); without it,
  // the server says so when pressed (next test).
  if (javaScriptOn()) {
    await expect(processButton(page)).toBeDisabled();
    await form.plan.selectOption({ label: variationOption(seedVariation(GOTV, "gotv-jolli")) });
  }
  await expect(processButton(page)).toBeEnabled();
});

test("Process needs a plan and a phone number (StarTimes aside)", async ({ page, signInBuyer }) => {
  await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "cable");
  await verifyCard(page, "DSTV", SMART_CARDS.delivered);
  const form = fields(page);

  await form.phone.fill(PHONES.delivered);
  if (javaScriptOn()) {
    // Process is only active once a plan is picked.
    await expect(processButton(page)).toBeDisabled();
    await form.plan.selectOption({ label: variationOption(COMPACT) });
    await expect(processButton(page)).toBeEnabled();
    await form.plan.selectOption({ index: 0 });
    await expect(processButton(page)).toBeDisabled();
  } else {
    await processButton(page).click();
    await expectErrorSummary(page, [M.planRequired]);
    await expectFieldError(form.plan, M.planRequired);
    // The verification holds: the customer is still shown and nothing typed was lost.
    await expect(verifiedDetails(page)).toBeVisible();
    await expect(form.phone).toHaveValue(PHONES.delivered);
  }

  await form.plan.selectOption({ label: variationOption(COMPACT) });
  await form.phone.fill("");
  await processButton(page).click();
  await expectErrorSummary(page, [M.phoneRequired]);
  await expectFieldError(form.phone, M.phoneRequired);
  await expect(form.plan.locator("option:checked")).toHaveText(variationOption(COMPACT));
  await expect(confirmationStep(page)).toHaveCount(0);
});

test("StarTimes pays an amount with no plan", async ({ page, signInBuyer }) => {
  const level = 3;
  const buyer = await signInBuyer({ level, balanceKobo: 5_000_00 });
  const charge = expectedCharge(1_000_00, discountOf(STARTIMES, level));
  await openVerifyPage(page, "cable");
  await verifyCard(page, "STARTIMES", SMART_CARDS.delivered);
  await expectVerified(
    page,
    customerLines("Adaeze Nwosu", "StarTimes Classic", seedVariation(STARTIMES, "startimes-classic").amountKobo),
  );
  const form = fields(page);
  await expect(form.plan.locator("option:checked")).toHaveText("No plan: pay an amount");
  await expect(processButton(page)).toBeEnabled();

  await form.phone.fill(PHONES.delivered);
  await form.amount.fill("50");
  await processButton(page).click();
  await expectErrorSummary(page, [M.cableMinimum]);
  await expectFieldError(form.amount, M.cableMinimum);

  await form.amount.fill("1,000");
  if (javaScriptOn()) await expect(formChargeLine(page)).toHaveText(`You will be charged ${nairaOf(charge)}`);
  await processButton(page).click();
  expect(await summaryLines(page)).toEqual([
    ["Provider", "STARTIMES"],
    ["Smart/IUC number", SMART_CARDS.delivered],
    ["Customer name", "Adaeze Nwosu"],
    ["Plan", "No plan (amount only)"],
    ["Phone number", PHONES.delivered],
    ["Amount", "₦1,000.00"],
    ["Discount", percentText(discountOf(STARTIMES, level))],
  ]);
  expect(await confirmedCharge(page)).toBe(charge);
  await pressConfirm(page);

  await expect(
    flash(
      page,
      `₦1,000.00 STARTIMES top-up for smart card ${SMART_CARDS.delivered}. You were charged ${nairaOf(charge)}.`,
    ),
  ).toBeAttached();
  await expectBalance(page, 5_000_00 - charge);
  expect(wallet(buyer.email).balanceKobo).toBe(5_000_00 - charge);
});

test("a renewal through the confirmation step: the summary, the level's charge, the success toast, the balance, a cleared form", async ({
  page,
  signInBuyer,
}) => {
  const level = 2;
  const buyer = await signInBuyer({ level, balanceKobo: 30_000_00 });
  const charge = expectedCharge(COMPACT.amountKobo, discountOf(DSTV, level));
  await openVerifyPage(page, "cable");
  await verifyCard(page, "DSTV", SMART_CARDS.delivered);
  await expectVerified(page, customerLines("Adaeze Nwosu", "DStv Compact", COMPACT.amountKobo));
  const form = fields(page);
  await form.plan.selectOption({ label: variationOption(COMPACT) });
  await form.phone.fill(PHONES.delivered);
  // The exact charge live with JavaScript, the discount in words without.
  await expect(formChargeLine(page)).toHaveText(
    javaScriptOn()
      ? `You will be charged ${nairaOf(charge)}`
      : `Your discount on DSTV is ${percentText(discountOf(DSTV, level))}; you will see the exact charge before you confirm.`,
  );
  await processButton(page).click();

  expect(await summaryLines(page)).toEqual([
    ["Provider", "DSTV"],
    ["Smart/IUC number", SMART_CARDS.delivered],
    ["Customer name", "Adaeze Nwosu"],
    ["Plan", "DStv Compact"],
    ["Phone number", PHONES.delivered],
    ["Amount", nairaOf(COMPACT.amountKobo)],
    ["Discount", percentText(discountOf(DSTV, level))],
  ]);
  expect(await confirmedCharge(page)).toBe(charge);
  expect(wallet(buyer.email).debits).toBe(0);

  await pressConfirm(page);
  const toast = flash(
    page,
    `DStv Compact renewed for smart card ${SMART_CARDS.delivered}. You were charged ${nairaOf(charge)}.`,
  );
  await expect(toast).toBeAttached();
  await expect(toast).toHaveAttribute("data-type", "success");
  await expect(page).toHaveURL(atPath(PATH));
  await expectBalance(page, 30_000_00 - charge);
  const after = wallet(buyer.email);
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(30_000_00 - charge);

  // After a successful cable purchase the form is cleared.
  await expect(form.provider).toHaveValue("");
  await expect(form.smartNo).toHaveValue("");
  await expect(verifiedDetails(page)).toHaveCount(0);
  await expect(form.phone).toHaveValue("");
  await expect(processButton(page)).toBeDisabled();

  // The toast leads to the receipt, which shows the card.
  await toast.getByRole("link", { name: "View receipt" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  const entries = await receiptEntries(page);
  expect(entries.get("Card No")).toBe(SMART_CARDS.delivered);
  expect(entries.get("Charged")).toBe(nairaOf(charge));
  expect(entries.get("Status")).toBe("Confirmed");
});

test("changing the provider after Verify asks for Verify again and keeps what was typed; nothing is bought meanwhile", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "cable");
  await verifyCard(page, "DSTV", SMART_CARDS.delivered);
  await fields(page).phone.fill(PHONES.delivered);
  // With JavaScript the change happens in place: a marker on the window survives it.
  if (javaScriptOn()) await page.evaluate(() => Reflect.set(window, "keptAcrossChange", true));

  await chooseProvider(page, "cable", "GOTV");
  const form = fields(page);
  const again = page.getByRole("status").filter({ hasText: M.verifyAgain.cable });
  if (!javaScriptOn()) {
    // Without JavaScript the page hears of the change with the next press.
    await processButton(page).click();
    await expectErrorSummary(page, [M.verifyCableFirst]);
  }
  await expect(again).toBeVisible();
  await expect(verifiedDetails(page)).toHaveCount(0);
  await expect(page.getByText("Adaeze Nwosu")).toHaveCount(0);
  await expect(form.provider.locator("option:checked")).toHaveText("GOTV");
  await expect(form.smartNo).toHaveValue(SMART_CARDS.delivered);
  await expect(form.phone).toHaveValue(PHONES.delivered);
  await expect(form.plan).toBeDisabled();
  await expect(processButton(page)).toBeDisabled();
  // GOtv's plans now, not DStv's.
  await expect(form.plan.getByRole("option", { name: variationOption(seedVariation(GOTV, "gotv-max")) })).toHaveCount(
    1,
  );
  await expect(form.plan.getByRole("option", { name: variationOption(COMPACT) })).toHaveCount(0);
  if (javaScriptOn()) expect(await page.evaluate(() => Reflect.get(window, "keptAcrossChange"))).toBe(true);

  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await expect(again).toHaveCount(0);
  await expect(form.phone).toHaveValue(PHONES.delivered);
  expect(wallet(buyer.email).debits, "debits from the wallet").toBe(0);
});

test("a card changed after Verify is not bought: with JavaScript Process turns off at once, without it the server says verify first", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 20_000_00 });
  await openVerifyPage(page, "cable");
  await chooseProvider(page, "cable", "DSTV");
  const form = fields(page);
  await form.smartNo.fill(SMART_CARDS.delivered);
  if (javaScriptOn()) {
    // "Verifying..." while the answer is awaited.
    const verify = await holdNextVerify(page);
    await verifyButton(page).click();
    await verify.held;
    await expect(page.getByRole("button", { name: "Verifying..." })).toBeDisabled();
    verify.release();
  } else {
    await verifyButton(page).click();
  }
  await expect(verifiedDetails(page)).toBeVisible();
  await form.plan.selectOption({ label: variationOption(COMPACT) });
  await form.phone.fill(PHONES.delivered);
  await expect(processButton(page)).toBeEnabled();

  await form.smartNo.fill(SMART_CARDS.pending);
  if (javaScriptOn()) {
    await expect(processButton(page)).toBeDisabled();
    await expect(verifiedDetails(page)).toHaveCount(0);
    await expect(form.plan).toBeDisabled();
    await expect(form.phone).toBeDisabled();
  } else {
    await processButton(page).click();
    await expectErrorSummary(page, [M.verifyCableFirst]);
    await expectFieldError(form.smartNo, M.verifyCableFirst);
    await expect(form.smartNo).toHaveValue(SMART_CARDS.pending);
    await expect(confirmationStep(page)).toHaveCount(0);
  }
  expect(wallet(buyer.email).debits).toBe(0);
});

purchaseScenarios({
  path: PATH,
  heading: VERIFY_PAGES.cable.heading,
  balanceKobo: 20_000_00,
  target: "card",
  upstream: "provider",
  toConfirmation: (page, outcome) => toRenewalConfirmation(page, SMART_CARDS[outcome]),
  landing: atPath(PATH),
  pendingMessage: (charge) =>
    `Your DStv Compact renewal for smart card ${SMART_CARDS.pending} is pending with the provider. ` +
    `${nairaOf(charge)} has been taken from your wallet; check your transactions for the outcome.`,
  refusal: `The biller could not complete this purchase for smart card ${SMART_CARDS.failed}. Your wallet has been refunded.`,
  async expectFailedFormKept(page) {
    const form = fields(page);
    await expect(form.provider.locator("option:checked")).toHaveText("DSTV");
    await expect(form.smartNo).toHaveValue(SMART_CARDS.failed);
    await expect(form.plan.locator("option:checked")).toHaveText(variationOption(COMPACT));
    await expect(form.phone).toHaveValue(PHONES.delivered);
    await expectVerified(page, customerLines("Halima Yusuf", "DStv Compact", COMPACT.amountKobo));
  },
  forged: {
    claim: "for a card that was not verified",
    async verify(page) {
      await openVerifyPage(page, "cable");
      await verifyCard(page, "DSTV", SMART_CARDS.delivered);
    },
    fields: {
      provider: String(DSTV.id),
      smartNo: SMART_CARDS.unknown,
      plan: COMPACT.variationCode,
      phone: PHONES.delivered,
    },
    refusal: M.verifyCableFirst,
  },
});
