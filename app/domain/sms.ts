import { localMobile } from "./phone.ts";

// Bulk SMS rules (call 39, docs/upstream-api.md): 160 characters a page, at most 479 characters, a
// sender ID of at most 11, numbers separated by commas or line breaks, and the cost
// recipients × pages × rate. Shared by the live counter in the browser and the server.

export const SMS_PAGE_LENGTH = 160;
export const SMS_MAX_LENGTH = 479;
export const SENDER_ID_MAX_LENGTH = 11;
/** One purchase's recipients; a longer list is a mistake or a job for the API. */
export const SMS_MAX_RECIPIENTS = 1000;

/**
 * A form posts a textarea's line breaks as CRLF while the browser counts them as one
 * character; both sides count the message with LF only, so they agree.
 */
export function normaliseMessage(message: string): string {
  return message.replace(/\r\n?/g, "\n");
}

export type SmsCount = { pages: number; onLastPage: number; length: number };

/** "Page: n (x / 160)": x is how much of the current page is used. An empty message is one page. */
export function countSms(message: string): SmsCount {
  const { length } = normaliseMessage(message);
  const pages = Math.max(1, Math.ceil(length / SMS_PAGE_LENGTH));
  return { pages, onLastPage: length - (pages - 1) * SMS_PAGE_LENGTH, length };
}

export type RecipientList = { valid: string[]; invalid: string[] };

/**
 * The numbers of a list typed or pasted by a person: Nigerian mobile numbers as 080xxxxxxxx
 * or 23480xxxxxxxx, separated by commas or line breaks, spaces around them ignored, empty
 * entries skipped. A number given twice, in either form, is sent (and paid for) once, in
 * the form it was first written.
 */
export function parseRecipients(text: string): RecipientList {
  const entries = text
    .split(/[,\r\n]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const valid = new Map<string, string>();
  const invalid = new Set<string>();
  for (const entry of entries) {
    const local = localMobile(entry);
    if (local === null) invalid.add(entry);
    else if (!valid.has(local)) valid.set(local, entry);
  }
  return { valid: [...valid.values()], invalid: [...invalid] };
}

/** The total in kobo: recipients × pages × rate per page per recipient. */
export function smsTotalKobo(recipients: number, pages: number, rateKobo: number): number {
  for (const [name, value] of [
    ["recipients", recipients],
    ["pages", pages],
    ["rateKobo", rateKobo],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  const total = recipients * pages * rateKobo;
  if (!Number.isSafeInteger(total)) throw new RangeError("The SMS total is too large.");
  return total;
}
