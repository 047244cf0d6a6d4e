import type { Page } from "@playwright/test";
import { atPath, expectFieldError, expectFieldValid, flash } from "./accounts-support.ts";
import { javaScriptOn, nairaOf } from "./dashboard-support.ts";
import { expect, test } from "./fixtures.ts";
import {
  badNumbersMessage,
  confirmationStep,
  confirmedCharge,
  expectBalance,
  expectErrorSummary,
  openPurchase,
  PURCHASE_MESSAGES as M,
  PURCHASE_PATHS,
  pressChange,
  pressConfirm,
  pressProcess,
  refusedMessage,
  shownBalance,
  smsRateKobo,
  summaryLines,
  summaryValue,
  TEST_NUMBERS,
  wallet,
  goBackAndConfirmAgain,
} from "./purchase-support.ts";

// SPEC.md §2 SMS page (live counter 'Page: n (x / 160) Characters', rate and total), §5 SMS
// rules and the total = numbers × pages × rate; DESIGN.md §5 (the counter on the
// confirmation without JavaScript) and §9; decisions 011 and 012 (every bad number listed,
// line breaks count once, a number typed twice is paid once).

const PATH = PURCHASE_PATHS.sms;
const RATE = smsRateKobo(0);
const SENDER = "PAYVEND";

/** A message of exactly `length` characters, readable, without line breaks. */
function messageOf(length: number): string {
  const words = "Your Payvend order is ready for pickup at our Ikeja office, open daily from 8am to 6pm. ";
  return words.repeat(Math.ceil(length / words.length)).slice(0, length);
}

function fields(page: Page) {
  return {
    sender: page.getByLabel("Sender ID", { exact: true }),
    phones: page.getByLabel("Phone numbers", { exact: true }),
    message: page.getByLabel("Message", { exact: true }),
    rate: page.getByLabel("SMS rate", { exact: true }),
    total: page.getByLabel("Total amount", { exact: true }),
  };
}

async function openSms(page: Page): Promise<void> {
  await openPurchase(page, PATH, "Send Bulk SMS");
}

async function fillSms(page: Page, { sender = SENDER, phones, message }: { sender?: string; phones: string; message: string }): Promise<void> {
  const form = fields(page);
  await form.sender.fill(sender);
  await form.phones.fill(phones);
  await form.message.fill(message);
}

/** What the counter says for a message of this many characters. */
function counterText(length: number): string {
  const pages = Math.max(1, Math.ceil(length / 160));
  return `Page: ${pages} (${length - (pages - 1) * 160} / 160) Characters`;
}

function plural(count: number): string {
  return `${count} number${count === 1 ? "" : "s"}`;
}

function deliveredMessage(count: number, chargeKobo: number): string {
  return `Your message from ${SENDER} was sent to ${plural(count)}. You were charged ${nairaOf(chargeKobo)}.`;
}

test("every SMS message is tied to its field and listed in the summary, and what was typed stays", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await openSms(page);
  const form = fields(page);

  await pressProcess(page);
  await expectErrorSummary(page, [M.senderRequired, M.phoneRequired, M.messageRequired]);
  await expectFieldError(form.sender, M.senderRequired);
  await expectFieldError(form.phones, M.phoneRequired);
  await expectFieldError(form.message, M.messageRequired);

  // Every bad number is named; a message of spaces is no message.
  const phones = "0803, 08012345678\n123,+2348012345678";
  await form.sender.fill(SENDER);
  await form.phones.fill(phones);
  await form.message.fill("   ");
  await pressProcess(page);
  const bad = badNumbersMessage(["0803", "123", "+2348012345678"]);
  await expectErrorSummary(page, [bad, M.messageRequired]);
  await expectFieldError(form.phones, bad);
  await expectFieldError(form.message, M.messageRequired);
  await expectFieldValid(form.sender);
  await expect(form.sender).toHaveValue(SENDER);
  await expect(form.phones).toHaveValue(phones);
  await expect(form.message).toHaveValue("   ");

  // One bad number is named on its own.
  await form.phones.fill("08012345678, 080123456789");
  await form.message.fill("Hello");
  await pressProcess(page);
  const one = badNumbersMessage(["080123456789"]);
  await expectErrorSummary(page, [one]);
  await expectFieldError(form.phones, one);
  await expect(form.message).toHaveValue("Hello");
  expect(wallet(buyer.email).debits).toBe(0);
});

test("the sender ID takes at most 11 characters and the message at most 479; longer ones are refused with the rule", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 1_000_00 });
  await openSms(page);
  const form = fields(page);

  // The browser stops the typing at the limits.
  await form.sender.fill("PAYVEND-ALERTS");
  await expect(form.sender).toHaveValue("PAYVEND-ALE");
  await form.message.fill(messageOf(500));
  await expect(form.message).toHaveValue(messageOf(479));

  // A browser that does not (an old one, or an edited page) meets the same rules.
  await form.sender.evaluate((input) => input.removeAttribute("maxlength"));
  await form.message.evaluate((textarea) => textarea.removeAttribute("maxlength"));
  await form.sender.fill("PAYVEND-ALERTS");
  await form.phones.fill(TEST_NUMBERS.delivered);
  await form.message.fill(messageOf(480));
  await pressProcess(page);
  await expectErrorSummary(page, [M.senderTooLong, M.messageTooLong]);
  await expectFieldError(form.sender, M.senderTooLong);
  await expectFieldError(form.message, M.messageTooLong);
  await expect(form.sender).toHaveValue("PAYVEND-ALERTS");
  await expect(form.phones).toHaveValue(TEST_NUMBERS.delivered);
  expect(wallet(buyer.email).debits).toBe(0);
});

test("a 2-page message to 3 numbers costs 3 × 2 × the rate, shown before Confirm and taken once", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ level: 0, balanceKobo: 100_00 });
  const message = messageOf(200);
  const charge = 3 * 2 * RATE;
  await openSms(page);
  const before = await shownBalance(page);
  expect(before).toBe(100_00);
  await expect(fields(page).rate).toHaveValue(`${nairaOf(RATE)} per page per number`);

  await fillSms(page, { phones: `${TEST_NUMBERS.delivered}, 08012345678\n2348098765432`, message });
  await pressProcess(page);
  expect(await summaryLines(page)).toEqual([
    ["Sender ID", SENDER],
    ["Recipients", "3"],
    ["Message", message],
    ["Pages", "Page: 2 (40 / 160) Characters"],
    ["SMS rate", `${nairaOf(RATE)} per page per number`],
    ["Total amount", nairaOf(charge)],
  ]);
  // ₦2.48 for Normal (README): 3 × 2 × ₦2.48 = ₦14.88.
  expect(await confirmedCharge(page)).toBe(14_88);
  expect(wallet(buyer.email).debits).toBe(0);

  await pressConfirm(page);
  await expect(flash(page, deliveredMessage(3, charge))).toBeAttached();
  await expect(page).toHaveURL(atPath(PATH));
  const form = fields(page);
  await expect(form.sender).toHaveValue("");
  await expect(form.phones).toHaveValue("");
  await expect(form.message).toHaveValue("");
  await expectBalance(page, before - charge);
  const after = wallet(buyer.email);
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(before - charge);
});

test("Change goes back to the form as it was filled", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 100_00 });
  const phones = "08012345678\n08098765432";
  const message = "Meeting moved to 3pm.\nBring your receipts.";
  await openSms(page);
  await fillSms(page, { sender: "ADA-STORES", phones, message });
  await pressProcess(page);
  await expect(summaryValue(page, "Recipients")).toHaveText("2");

  await pressChange(page);
  const form = fields(page);
  await expect(form.sender).toHaveValue("ADA-STORES");
  await expect(form.phones).toHaveValue(phones);
  await expect(form.message).toHaveValue(message);
  expect(wallet(buyer.email).debits).toBe(0);

  await pressProcess(page);
  await expect(summaryValue(page, "Sender ID")).toHaveText("ADA-STORES");
});

test("the pending number among the recipients: a warning with the network's message, and the wallet is charged", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 100_00 });
  const charge = 2 * 1 * RATE;
  await openSms(page);
  await fillSms(page, { phones: `08012345678, ${TEST_NUMBERS.pending}`, message: "Your order has shipped." });
  await pressProcess(page);
  expect(await confirmedCharge(page)).toBe(charge);
  await pressConfirm(page);

  const message =
    `Your message from ${SENDER} to 2 numbers is pending with the network. ` +
    `${nairaOf(charge)} has been taken from your wallet; check your transactions for the outcome.`;
  const toast = flash(page, message);
  await expect(toast).toBeAttached();
  await expect(toast).toHaveAttribute("data-type", "warning");
  await expect(page).toHaveURL(atPath(PATH));
  await expectBalance(page, 100_00 - charge);
  const after = wallet(buyer.email);
  expect(after.balanceKobo).toBe(100_00 - charge);
  expect(after.transactions.map((row) => row.status)).toEqual([0]);
});

test("the failing number among the recipients: the refusal on the form, what was typed kept, the wallet refunded", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 100_00 });
  const phones = `08012345678, ${TEST_NUMBERS.failed}, ${TEST_NUMBERS.pending}`;
  await openSms(page);
  await fillSms(page, { phones, message: "Your order has shipped." });
  await pressProcess(page);
  await pressConfirm(page);

  await expectErrorSummary(page, [refusedMessage(TEST_NUMBERS.failed, "sms")]);
  const form = fields(page);
  await expect(form.sender).toHaveValue(SENDER);
  await expect(form.phones).toHaveValue(phones);
  await expect(form.message).toHaveValue("Your order has shipped.");
  await expectBalance(page, 100_00);
  const after = wallet(buyer.email);
  expect(after.debits).toBe(1);
  expect(after.refunds).toBe(1);
  expect(after.balanceKobo).toBe(100_00);
});

test("reloading the page after a purchase does not buy again", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 100_00 });
  await openSms(page);
  await fillSms(page, { phones: TEST_NUMBERS.delivered, message: "Hello" });
  await pressProcess(page);
  await pressConfirm(page);
  await expect(flash(page, deliveredMessage(1, RATE))).toBeAttached();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Send Bulk SMS" })).toBeVisible();
  await expectBalance(page, 100_00 - RATE);
  await expect(flash(page, "was sent to")).toHaveCount(0);
  expect(wallet(buyer.email).debits).toBe(1);
});

test("going back to the confirmation after a purchase and confirming again does not buy again", async ({ page, signInBuyer }) => {
  const buyer = await signInBuyer({ balanceKobo: 100_00 });
  await openSms(page);
  await fillSms(page, { phones: TEST_NUMBERS.delivered, message: "Hello" });
  await pressProcess(page);
  await pressConfirm(page);
  await expect(flash(page, deliveredMessage(1, RATE))).toBeAttached();

  await goBackAndConfirmAgain(page, PATH);
  expect(wallet(buyer.email).debits, "debits from the wallet").toBe(1);
  await page.goto(PATH);
  await expectBalance(page, 100_00 - RATE);
});

test("the counter and total: live with JavaScript, on the confirmation without; a line break counts once, a repeated number is paid once", async ({
  page,
  signInBuyer,
}) => {
  const buyer = await signInBuyer({ balanceKobo: 100_00 });
  await openSms(page);
  const form = fields(page);
  // 160 characters with the line break as one: one page, on both sides of the wire.
  const onePage = `${messageOf(80)}\n${messageOf(79)}`;
  const phones = "08012345678, 08098765432\n08012345678";

  if (javaScriptOn()) {
    const counter = page.getByText(/^Page: \d+ \(\d+ \/ 160\) Characters$/);
    await expect(counter).toHaveText(counterText(0));
    await expect(form.total).toHaveValue("₦0.00");
    await form.phones.fill("08012345678, 08098765432, 2348031234567");
    await form.message.fill(messageOf(5));
    await expect(counter).toHaveText(counterText(5));
    await expect(form.total).toHaveValue(nairaOf(3 * 1 * RATE));
    await form.message.fill(messageOf(160));
    await expect(counter).toHaveText(counterText(160));
    await form.message.fill(messageOf(161));
    await expect(counter).toHaveText("Page: 2 (1 / 160) Characters");
    await expect(form.total).toHaveValue(nairaOf(3 * 2 * RATE));
    await form.message.fill(messageOf(321));
    await expect(counter).toHaveText("Page: 3 (1 / 160) Characters");
    await expect(form.total).toHaveValue(nairaOf(3 * 3 * RATE));
    // Fewer numbers, a smaller total; the same number twice counts once.
    await form.phones.fill(phones);
    await expect(form.total).toHaveValue(nairaOf(2 * 3 * RATE));
    await form.message.fill(onePage);
    await expect(counter).toHaveText("Page: 1 (160 / 160) Characters");
    await expect(form.total).toHaveValue(nairaOf(2 * 1 * RATE));
  } else {
    await expect(page.getByText("160 characters a page, at most 479.")).toBeVisible();
    await expect(page.getByText("The total is the number of recipients × pages × rate; you will see it before you confirm.")).toBeVisible();
    await expect(form.total).toHaveCount(0);
  }

  await fillSms(page, { phones, message: onePage });
  await pressProcess(page);
  await expect(summaryValue(page, "Recipients")).toHaveText("2");
  await expect(summaryValue(page, "Pages")).toHaveText("Page: 1 (160 / 160) Characters");
  await expect(summaryValue(page, "Total amount")).toHaveText(nairaOf(2 * 1 * RATE));
  expect(await confirmedCharge(page)).toBe(2 * 1 * RATE);
  await pressConfirm(page);
  await expect(flash(page, deliveredMessage(2, 2 * RATE))).toBeAttached();
  expect(wallet(buyer.email).balanceKobo).toBe(100_00 - 2 * RATE);
});
