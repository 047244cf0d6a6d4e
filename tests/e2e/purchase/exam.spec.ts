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
  JAMB_PROFILE,
  VERIFY_MESSAGES as M,
  openVerifyPage,
  PHONES,
  postAsScript,
  processButton,
  providerSelect,
  sealedFields,
  verifiedDetails,
  VERIFY_PAGES,
  verifyButton,
} from "../support/verify.ts";
import { purchaseScenarios } from "./scenarios.ts";

// The exam page, its purchase result (the Pin Details advice, the provider reset too), its
// submit and verify rules; decisions 011 and 013 (no variant is
// "Amount is required!" on the Variant field); docs/sandbox.md: JAMB profile 0123456789, exam PINs
// decided by phone number. Every test buys with an account of its own.

const PATH = VERIFY_PAGES.exam.path;
const WAEC = seedProvider("exam", "WAEC");
const JAMB = seedProvider("exam", "JAMB");
const WAEC_CHECKER = seedVariation(WAEC, "waec-result-checker");
const UTME_MOCK = seedVariation(JAMB, "utme-mock");

function fields(page: Page) {
  return {
    provider: providerSelect(page, "exam"),
    variant: page.getByLabel("Variant", { exact: true }),
    profileId: page.getByLabel("Profile ID", { exact: true }),
    phone: page.getByLabel("Phone number", { exact: true }),
  };
}

/** JAMB, a variant and the known profile ID, verified; resolves once the name shows. */
async function verifyJamb(page: Page): Promise<void> {
  await chooseProvider(page, "exam", "JAMB");
  const form = fields(page);
  await form.variant.selectOption({ label: variationOption(UTME_MOCK) });
  await form.profileId.fill(JAMB_PROFILE.known);
  await verifyButton(page).click();
  await expectVerified(page, [["Customer name", "Ifeanyi Obi"]]);
}

/** A WAEC result checker PIN for this phone, up to the confirmation; what it says it will charge. */
async function toWaecConfirmation(page: Page, phone: string): Promise<number> {
  await openVerifyPage(page, "exam");
  await chooseProvider(page, "exam", "WAEC");
  const form = fields(page);
  await form.variant.selectOption({ label: variationOption(WAEC_CHECKER) });
  await form.phone.fill(phone);
  await processButton(page).click();
  const charge = await confirmedCharge(page);
  expect(charge).toBe(expectedCharge(WAEC_CHECKER.amountKobo, discountOf(WAEC, 0)));
  return charge;
}

/** The same, through Confirm. */
async function buyWaecChecker(page: Page, phone: string): Promise<number> {
  const charge = await toWaecConfirmation(page, phone);
  await pressConfirm(page);
  return charge;
}

test("Process waits for an exam type, then asks for the phone and the variant ('Amount is required!') in the product's order", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "exam");
  const form = fields(page);
  // Process waits for an exam type. Without JavaScript the page cannot know one
  // chosen since it loaded, so Process stays on and the server asks for it (decision 024).
  if (javaScriptOn()) await expect(processButton(page)).toBeDisabled();
  await expect(form.variant.getByRole("option")).toHaveText(["Choose an exam first"]);
  // Only JAMB asks for a profile ID.
  await expect(form.profileId).toHaveCount(0);

  await chooseProvider(page, "exam", "WAEC");
  await expect(processButton(page)).toBeEnabled();
  await expect(form.variant).toBeEnabled();
  await expect(form.variant.getByRole("option")).toHaveText([
    "Choose a variant",
    ...WAEC.variations.map(variationOption),
  ]);
  await expect(form.profileId).toHaveCount(0);
  await expect(verifyButton(page)).toHaveCount(0);

  await processButton(page).click();
  await expectErrorSummary(page, [M.phoneRequired, M.amountRequired]);
  await expectFieldError(form.phone, M.phoneRequired);
  await expectFieldError(form.variant, M.amountRequired);

  await form.phone.fill(PHONES.delivered);
  await processButton(page).click();
  await expectErrorSummary(page, [M.amountRequired]);
  await expectFieldError(form.variant, M.amountRequired);
  await expect(form.phone).toHaveValue(PHONES.delivered);
  await expect(confirmationStep(page)).toHaveCount(0);
});

test("JAMB: Verify asks for the Profile ID, refuses an unknown one, and a verified one shows the name and opens Process", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "exam");
  await chooseProvider(page, "exam", "JAMB");
  const form = fields(page);
  await expect(form.profileId).toBeVisible();
  await expect(processButton(page)).toBeDisabled();

  // The variant is asked about too: decision 013 names it by its amount.
  await verifyButton(page).click();
  await expectErrorSummary(page, [M.amountRequired, M.profileIdRequired]);
  await expectFieldError(form.variant, M.amountRequired);
  await expectFieldError(form.profileId, M.profileIdRequired);

  await form.variant.selectOption({ label: variationOption(UTME_MOCK) });
  await verifyButton(page).click();
  await expectErrorSummary(page, [M.profileIdRequired]);
  await expectFieldError(form.profileId, M.profileIdRequired);
  await expect(form.variant.locator("option:checked")).toHaveText(variationOption(UTME_MOCK));

  await form.profileId.fill(JAMB_PROFILE.unknown);
  await verifyButton(page).click();
  await expectErrorSummary(page, [M.invalidProfile]);
  await expectFieldError(form.profileId, M.invalidProfile);
  await expect(form.profileId).toHaveValue(JAMB_PROFILE.unknown);
  await expect(processButton(page)).toBeDisabled();

  await form.profileId.fill(JAMB_PROFILE.known);
  await verifyButton(page).click();
  await expectVerified(page, [["Customer name", "Ifeanyi Obi"]]);
  await expect(form.profileId).toHaveValue(JAMB_PROFILE.known);
  await expect(processButton(page)).toBeEnabled();
});

test("a JAMB PIN through the confirmation step: the summary, the level's charge, the toast with the serial and PIN, the balance, a reset form", async ({
  page,
  signInBuyer,
}) => {
  const level = 3;
  const buyer = await signInBuyer({ level, balanceKobo: 10_000_00 });
  const charge = expectedCharge(UTME_MOCK.amountKobo, discountOf(JAMB, level));
  await openVerifyPage(page, "exam");
  await verifyJamb(page);
  const form = fields(page);
  await form.phone.fill(PHONES.delivered);
  await expect(formChargeLine(page)).toHaveText(
    javaScriptOn()
      ? `You will be charged ${nairaOf(charge)}`
      : `Your discount on JAMB is ${percentText(discountOf(JAMB, level))}; you will see the exact charge before you confirm.`,
  );
  await processButton(page).click();

  expect(await summaryLines(page)).toEqual([
    ["Exam", "JAMB"],
    ["Variant", UTME_MOCK.name],
    ["Profile ID", JAMB_PROFILE.known],
    ["Customer name", "Ifeanyi Obi"],
    ["Phone number", PHONES.delivered],
    ["Amount", nairaOf(UTME_MOCK.amountKobo)],
    ["Discount", percentText(discountOf(JAMB, level))],
  ]);
  expect(await confirmedCharge(page)).toBe(charge);
  expect(wallet(buyer.email).debits).toBe(0);

  await pressConfirm(page);
  const toast = flash(
    page,
    `Your JAMB ${UTME_MOCK.name} is ready: the serial and PIN are under Exam Card in your transaction history. ` +
      `You were charged ${nairaOf(charge)}. Serial JMB`,
  );
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(/\. Serial JMB\d{9}, PIN \d{12}\./);
  await expect(toast).not.toContainText(M.pinAdvice);
  await expect(toast).toHaveAttribute("data-type", "success");
  await expect(toast.getByRole("link", { name: "View receipt" })).toBeVisible();
  await expect(page).toHaveURL(atPath(PATH));
  await expectBalance(page, 10_000_00 - charge);
  const after = wallet(buyer.email);
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(10_000_00 - charge);

  // The form resets, the exam type too.
  await expect(form.provider).toHaveValue("");
  await expect(form.profileId).toHaveCount(0);
  await expect(verifiedDetails(page)).toHaveCount(0);
  await expect(form.phone).toHaveValue("");
  // With JavaScript Process waits for an exam again; without it the server would ask for one.
  if (javaScriptOn()) await expect(processButton(page)).toBeDisabled();
});

test("a WAEC PIN needs no verification, is bought with the level's charge, and its serial and PIN are on the result and the receipt", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 5_000_00 });
  const charge = await buyWaecChecker(page, PHONES.delivered);

  // The result says where the PIN is once, then gives it (decision 075).
  const toast = flash(
    page,
    `Your ${WAEC_CHECKER.name} is ready: the serial and PIN are under Exam Card in your transaction history. You were charged ${nairaOf(charge)}. Serial WRN`,
  );
  await expect(toast).toBeVisible();
  const card = /\. Serial (WRN\d{9}), PIN (\d{12})\./.exec(await toast.innerText());
  expect(card, "the serial and PIN on the result").not.toBeNull();
  await expect(toast).not.toContainText(M.pinAdvice);
  await expectBalance(page, 5_000_00 - charge);
  expect(wallet(buyer.email).balanceKobo).toBe(5_000_00 - charge);
  await expect(fields(page).provider).toHaveValue("");

  await toast.getByRole("link", { name: "View receipt" }).click();
  const receipt = await receiptEntries(page);
  expect(receipt.get("Exam card")).toBe(`Serial ${card?.[1]}, PIN ${card?.[2]}.`);
});

test("changing the exam type clears the verification and the customer's name, and keeps the Profile ID typed", async ({
  page,
  signInBuyer,
}) => {
  await signInBuyer({ balanceKobo: 1_000_00 });
  await openVerifyPage(page, "exam");
  await verifyJamb(page);
  if (javaScriptOn()) await page.evaluate(() => Reflect.set(window, "keptAcrossChange", true));

  await chooseProvider(page, "exam", "WAEC");
  const form = fields(page);
  await expect(verifiedDetails(page)).toHaveCount(0);
  await expect(page.getByText("Ifeanyi Obi")).toHaveCount(0);
  await expect(form.profileId).toHaveCount(0);
  await expect(form.variant.getByRole("option", { name: variationOption(WAEC_CHECKER) })).toHaveCount(1);
  await expect(form.variant.getByRole("option", { name: variationOption(UTME_MOCK) })).toHaveCount(0);

  // Back on JAMB, the profile has to be verified again; the number typed is still there.
  await chooseProvider(page, "exam", "JAMB");
  await expect(form.profileId).toHaveValue(JAMB_PROFILE.known);
  await expect(verifiedDetails(page)).toHaveCount(0);
  await expect(processButton(page)).toBeDisabled();
  if (javaScriptOn()) expect(await page.evaluate(() => Reflect.get(window, "keptAcrossChange"))).toBe(true);
});

test("a Profile ID changed after Verify is not bought: with JavaScript Process turns off at once, without it the server says verify first", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 10_000_00 });
  await openVerifyPage(page, "exam");
  await verifyJamb(page);
  const form = fields(page);
  await form.phone.fill(PHONES.delivered);
  await expect(processButton(page)).toBeEnabled();

  await form.profileId.fill(JAMB_PROFILE.unknown);
  if (javaScriptOn()) {
    await expect(processButton(page)).toBeDisabled();
    await expect(verifiedDetails(page)).toHaveCount(0);
    // The variant is part of what was verified too.
    await form.profileId.fill(JAMB_PROFILE.known);
    await expect(processButton(page)).toBeEnabled();
    await form.variant.focus();
    await form.variant.selectOption({ label: variationOption(seedVariation(JAMB, "de")) });
    await expect(processButton(page)).toBeDisabled();
  } else {
    await processButton(page).click();
    await expectErrorSummary(page, [M.verifyProfileFirst]);
    await expectFieldError(form.profileId, M.verifyProfileFirst);
    await expect(form.profileId).toHaveValue(JAMB_PROFILE.unknown);
    await expect(confirmationStep(page)).toHaveCount(0);
  }
  expect(wallet(buyer.email).debits).toBe(0);
});

test(
  "forged posts: a JAMB purchase with no verification, and a Verify with no exam, are refused",
  { tag: "@once" },
  async ({ page, signInBuyer, baseURL }) => {
    const buyer = await signInBuyer({ balanceKobo: 10_000_00 });
    await openVerifyPage(page, "exam");
    await chooseProvider(page, "exam", "JAMB");
    const { csrf, verification } = await sealedFields(page);
    expect(verification).toBe("");

    const purchase = await postAsScript(
      page,
      PATH,
      {
        csrf,
        intent: "process",
        provider: String(JAMB.id),
        variant: UTME_MOCK.variationCode,
        profileId: JAMB_PROFILE.known,
        phone: PHONES.delivered,
      },
      String(baseURL),
    );
    expect(purchase.status()).toBe(400);
    const purchaseBody = await purchase.text();
    expect(purchaseBody).toContain(M.verifyProfileFirst);
    expect(purchaseBody).not.toContain('name="confirmation"');

    const verify = await postAsScript(
      page,
      PATH,
      { csrf, intent: "verify", variant: UTME_MOCK.variationCode, profileId: JAMB_PROFILE.known },
      String(baseURL),
    );
    expect(verify.status()).toBe(400);
    const verifyBody = await verify.text();
    expect(verifyBody).toContain(M.providerRequired);
    expect(verifyBody).not.toContain("Ifeanyi Obi");
    expect(wallet(buyer.email).debits).toBe(0);
  },
);

purchaseScenarios({
  path: PATH,
  heading: VERIFY_PAGES.exam.heading,
  balanceKobo: 5_000_00,
  target: "phone",
  upstream: "provider",
  toConfirmation: (page, outcome) => toWaecConfirmation(page, PHONES[outcome]),
  landing: atPath(PATH),
  pendingMessage: (charge) =>
    `Your ${WAEC_CHECKER.name} purchase is pending with the provider. ` +
    `${nairaOf(charge)} has been taken from your wallet; check your transactions for the outcome.`,
  pendingLacks: M.pinAdvice,
  refusal: `The biller could not complete this purchase for ${PHONES.failed}. Your wallet has been refunded.`,
  async expectFailedFormKept(page) {
    const form = fields(page);
    await expect(form.provider.locator("option:checked")).toHaveText(/^WAEC \(/);
    await expect(form.variant.locator("option:checked")).toHaveText(variationOption(WAEC_CHECKER));
    await expect(form.phone).toHaveValue(PHONES.failed);
  },
});
