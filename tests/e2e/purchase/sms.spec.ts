import type { Page } from "@playwright/test";
import { smsRateKobo } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary, expectFieldError, expectFieldValid, flash } from "../support/forms.ts";
import { expectBalance, nairaOf, shownBalance, wallet } from "../support/money.ts";
import { atPath, javaScriptOn } from "../support/page.ts";
import {
  badNumbersMessage,
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
import { type Outcome, purchaseScenarios } from "./scenarios.ts";

// The SMS page (live counter 'Page: n (x / 160) Characters', rate and total), its rules and
// the total = numbers × pages × rate (the counter on the confirmation without JavaScript),
// one debit per confirmation; decisions 011 and 012 (every bad number listed,
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

async function fillSms(
  page: Page,
  { sender = SENDER, phones, message }: { sender?: string; phones: string; message: string },
): Promise<void> {
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

test("every SMS message is tied to its field and listed in the summary, and what was typed stays", async ({
  page,
  signInBuyer,
}) => {
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

test("the sender ID takes at most 11 characters and the message at most 479; longer ones are refused with the rule", async ({
  page,
  signInBuyer,
}) => {
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

test("a 2-page message to 3 numbers costs 3 × 2 × the rate, shown before Confirm and taken once", async ({
  page,
  signInBuyer,
}) => {
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
  // ₦2.48 for Normal (docs/sandbox.md): 3 × 2 × ₦2.48 = ₦14.88.
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
    await expect(
      page.getByText("The total is the number of recipients × pages × rate; you will see it before you confirm."),
    ).toBeVisible();
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

/** What each sandbox test value is sent with: the recipients (it among them) and a one-page message. */
const ORDERS: Record<Outcome, { phones: string; count: number; message: string }> = {
  delivered: { phones: TEST_NUMBERS.delivered, count: 1, message: "Hello" },
  pending: { phones: `08012345678, ${TEST_NUMBERS.pending}`, count: 2, message: "Your order has shipped." },
  failed: {
    phones: `08012345678, ${TEST_NUMBERS.failed}, ${TEST_NUMBERS.pending}`,
    count: 3,
    message: "Your order has shipped.",
  },
};

const CHANGED = {
  sender: "ADA-STORES",
  phones: "08012345678\n08098765432",
  message: "Meeting moved to 3pm.\nBring your receipts.",
};

purchaseScenarios({
  path: PATH,
  heading: "Send Bulk SMS",
  balanceKobo: 100_00,
  target: "number among the recipients",
  upstream: "network",
  async toConfirmation(page, outcome) {
    const { phones, count, message } = ORDERS[outcome];
    await openSms(page);
    await fillSms(page, { phones, message });
    await pressProcess(page);
    const charge = await confirmedCharge(page);
    expect(charge).toBe(count * 1 * RATE);
    return charge;
  },
  landing: atPath(PATH),
  pendingMessage: (charge) =>
    `Your message from ${SENDER} to 2 numbers is pending with the network. ` +
    `${nairaOf(charge)} has been taken from your wallet; check your transactions for the outcome.`,
  refusal: refusedMessage(TEST_NUMBERS.failed, "sms"),
  async expectFailedFormKept(page) {
    const form = fields(page);
    await expect(form.sender).toHaveValue(SENDER);
    await expect(form.phones).toHaveValue(ORDERS.failed.phones);
    await expect(form.message).toHaveValue(ORDERS.failed.message);
  },
  repeats: {
    deliveredMessage: (charge) => deliveredMessage(1, charge),
    deliveredWords: "was sent to",
  },
  change: {
    async fill(page) {
      await openSms(page);
      await fillSms(page, CHANGED);
    },
    summary: ["Recipients", "2"],
    async expectKept(page) {
      const form = fields(page);
      await expect(form.sender).toHaveValue(CHANGED.sender);
      await expect(form.phones).toHaveValue(CHANGED.phones);
      await expect(form.message).toHaveValue(CHANGED.message);
    },
    again: ["Sender ID", CHANGED.sender],
  },
});
