import { expect, type Locator, type Page } from "@playwright/test";
import { koboOf } from "./money.ts";
import { javaScriptOn, whenInteractive } from "./page.ts";

// The wallet purchases without a verify step (airtime, data, bulk SMS) as a person meets them:
// their pages, messages and test numbers, the Process and Confirm steps, and the confirmation's
// summary.

/** The confirmation step (app/components/purchase/confirmation.tsx). */
export function confirmationStep(page: Page): Locator {
  return page.getByRole("article", { name: "Confirm your purchase" });
}

/** One line of the confirmation's summary, by its label. */
export function summaryValue(page: Page, label: string): Locator {
  return confirmationStep(page)
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");
}

/** 'You will be charged ₦...' on the confirmation step, in kobo. */
export async function confirmedCharge(page: Page): Promise<number> {
  await expect(confirmationStep(page)).toBeVisible();
  return koboOf(await confirmationStep(page).locator(".charge-line strong").innerText());
}

export const PURCHASE_PATHS = {
  airtime: "/dashboard/purchase-airtime",
  data: "/dashboard/purchase-data",
  sms: "/dashboard/send-sms",
} as const;

/** docs/sandbox.md "Sandbox test values": what the simulated biller does with each number. */
export const TEST_NUMBERS = {
  delivered: "08011111111",
  pending: "08022222222",
  failed: "08033333333",
} as const;

/** The product's purchase messages verbatim, and decision 012's where it gives none. */
export const PURCHASE_MESSAGES = {
  providerRequired: "Select a provider from the list",
  phoneRequired: "Phone number is required!",
  phoneFormat: "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only",
  amountRequired: "Amount is required!",
  amountNotNaira: "Enter the amount in naira, e.g. 500",
  airtimeMinimum: "Amount can not be less than ₦100",
  planRequired: "Select a plan from the list",
  senderRequired: "Sender ID is required!",
  senderTooLong: "Sender ID can not be more than 11 characters",
  messageRequired: "Message is required!",
  messageTooLong: "Message can not be more than 479 characters",
} as const;

/** Decision 012: every bad SMS number is listed. */
export function badNumbersMessage(numbers: readonly string[]): string {
  const lead = numbers.length === 1 ? "This number is" : "These numbers are";
  return `${lead} not valid: ${numbers.join(", ")}. Use numbers like 08012345678 or 2348012345678, without +.`;
}

/** The upstream's words (sandbox/calls/airtime.ts, data.ts and sms.ts) for the biller's refusal. */
export function refusedMessage(number: string, product: "airtime" | "data" | "sms"): string {
  return product === "sms"
    ? `The biller could not send this message to ${number}. Your wallet has been refunded.`
    : `The biller could not complete this purchase for ${number}. Your wallet has been refunded.`;
}

// The page.

/**
 * Opens a purchase page and, with JavaScript on, waits until it is React's, so what the
 * test types next meets the enhanced form.
 */
export async function openPurchase(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await whenInteractive(page.getByRole("button", { name: "Process", exact: true }));
}

export function pressProcess(page: Page): Promise<void> {
  return page.getByRole("button", { name: "Process", exact: true }).click();
}

/** Confirm on the confirmation step; the step is gone once the answer has arrived. */
export async function pressConfirm(page: Page): Promise<void> {
  await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(confirmationStep(page)).toHaveCount(0);
}

export async function pressChange(page: Page): Promise<void> {
  await confirmationStep(page).getByRole("button", { name: "Change", exact: true }).click();
  await expect(confirmationStep(page)).toHaveCount(0);
}

/** The summary's lines, label and value, top to bottom. */
export async function summaryLines(page: Page): Promise<[string, string][]> {
  const step = confirmationStep(page);
  await expect(step).toBeVisible();
  const terms = await step.locator("dl dt").allInnerTexts();
  const values = await step.locator("dl dd").allInnerTexts();
  return terms.map((term, index) => [term.trim(), (values[index] ?? "").trim()]);
}

/** 'You will be charged ₦...' on the form (with JavaScript, as the user types). */
export function chargeLine(page: Page): Locator {
  return page.locator("form .charge-line");
}

/**
 * After a purchase, Back and then whatever the browser offers to send again. With JavaScript
 * the confirmation replaced the form in place, not in the history, so Back reaches the page
 * before it, with no confirmation to press. Without it the confirmation was a POST's answer,
 * kept from no cache: Chromium shows "Confirm Form Resubmission", and its reload posts the
 * form again, as a person pressing Back then Reload does; Confirm is pressed once more.
 * The caller then checks the money was taken once.
 */
export async function goBackAndConfirmAgain(page: Page, path: string): Promise<void> {
  if (javaScriptOn()) {
    await page.goBack();
    await expect(page).not.toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(confirmationStep(page)).toHaveCount(0);
    return;
  }
  await page.goBack().catch(() => undefined);
  await expect(page).toHaveURL(/^chrome-error:/);
  await page.reload();
  await expect(confirmationStep(page)).toBeVisible();
  await pressConfirm(page);
}
