import { discountedKobo } from "../money/money.ts";

// Bulk SMS rules shared by the price list (call 38), the purchase (call 39) and the demo
// history. They match the portal's own rules (pages of 160, recipients × pages × rate), because the upstream
// recomputes the total the portal sends and refuses it when the two disagree.

export const smsPageLength = 160;
export const smsMaxLength = 479;
export const senderMaxLength = 11;
export const smsMaxRecipients = 1000;

// The price of one page to one number before the caller's discount. The discount of the
// bulk-SMS provider is taken off this rate (call 38 states the result), not off the total,
// so recipients × pages × rate is the whole charge and the portal can show it exactly.
export const smsBaseRateKobo = 2_50;

// 080xxxxxxxx or 23480xxxxxxxx in the 07, 08 and 09 ranges, without "+".
const recipientPattern = /^(?:0|234)[789]\d{9}$/;

export function smsRateKobo(discountBasisPoints: number): number {
  return discountedKobo(smsBaseRateKobo, discountBasisPoints);
}

// A form posts a textarea's line breaks as CRLF while a browser counts each as one
// character; counting with LF only gives the same pages on both sides.
export function smsLength(message: string): number {
  return message.replace(/\r\n?/g, "\n").length;
}

// An empty message is still one page, as the portal's counter shows it.
export function smsPages(message: string): number {
  return Math.max(1, Math.ceil(smsLength(message) / smsPageLength));
}

export interface RecipientList {
  readonly valid: readonly string[];
  readonly invalid: readonly string[];
}

// Numbers separated by commas or line breaks, spaces around them ignored, empty entries
// skipped; a number given twice is sent, and paid for, once.
export function parseRecipients(text: string): RecipientList {
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const entry of text.split(/[,\r\n]+/)) {
    const trimmed = entry.trim();
    if (trimmed !== "") {
      (recipientPattern.test(trimmed) ? valid : invalid).add(trimmed);
    }
  }
  return { valid: [...valid], invalid: [...invalid] };
}

// "2348033333333" and "08033333333" are one line; the biller keys its test values on the
// local form.
export function localNumber(recipient: string): string {
  return recipient.startsWith("234") ? `0${recipient.slice(3)}` : recipient;
}
