import * as z from "zod/mini";
import { HIGHEST_THRESHOLD_KOBO, LOWEST_THRESHOLD_KOBO } from "../domain/low-balance.ts";
import { m } from "../i18n/paraglide/messages.js";
import { password, phoneNumber, requiredText, whenValid } from "./account-fields.ts";
import { tooLong } from "./fields.ts";
import { nairaAmount } from "./amount.ts";

// The profile page's forms, told apart by `intent`; messages in the product's own wording, each a
// message function called when a value is checked (app/forms/fields.ts).

export const changePasswordSchema = z
  .object({
    oldPassword: password(m.valid_old_password_required),
    newPassword: password(m.valid_new_password_required),
    confirmPassword: password(m.valid_confirm_password_required),
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      path: ["confirmPassword"],
      error: () => m.valid_password_mismatch(),
      when: whenValid("newPassword", "confirmPassword"),
    }),
  );

/** The transaction PIN these forms carry when one is asked; checked against the store, not here. */
const pinField = { pin: z.optional(z.string()) };

export const bankDetailsSchema = z.object({
  ...pinField,
  accountName: requiredText(m.valid_account_name_required, 100),
  accountNumber: z
    .string({ error: () => m.valid_account_number_required() })
    .check(
      z.trim(),
      z.minLength(1, { error: () => m.valid_account_number_required(), abort: true }),
      z.regex(/^\d{10}$/, { error: () => m.valid_account_number_digits() }),
    ),
  bankName: requiredText(m.valid_bank_name_required, 100),
});

const WEBHOOK_REQUIRED = () => m.valid_webhook_required();
const WEBHOOK_HTTPS = () => m.valid_webhook_https();

/** A name on the internet, as Zod's `z.regexes.domain` has it: labels of letters, digits and hyphens, and a letter ending. */
const DOMAIN_NAME = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** An https URL on a named host, without a user name or password. */
function isNamedHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && DOMAIN_NAME.test(url.hostname) && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/**
 * An absolute https URL on a named host, without a user name or password (decision 021):
 * the upstream calls it from the internet, so "https:example.com", a bare host like
 * "localhost" and an IP address are refused with the rest. Plain checks, not `z.url`, which
 * the browser's reading of Zod does not have (decision 082); tabs and line breaks inside it
 * are dropped, as the URL parser drops them.
 */
export const webhookSchema = z.object({
  ...pinField,
  webhookUrl: z.pipe(
    z
      .string({ error: WEBHOOK_REQUIRED })
      .check(
        z.trim(),
        z.minLength(1, { error: WEBHOOK_REQUIRED, abort: true }),
        z.maxLength(500, { error: tooLong(500), abort: true }),
        z.regex(/^https:\/\/[^/\\]/i, { error: WEBHOOK_HTTPS, abort: true }),
        z.refine(isNamedHttpsUrl, { error: WEBHOOK_HTTPS }),
      ),
    z.transform((value: string) => value.replace(/[\t\n\r]/g, "")),
  ),
});

const ELEVEN_DIGITS = /^\d{11}$/;

const DOB_REQUIRED = () => m.valid_dob_required();
const DOB_NOT_REAL = () => m.valid_dob_not_real();

/** Today's date in Lagos (UTC+1 all year), where the user's birthday falls. */
function lagosToday(now: Date): string {
  return new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 10);
}

/**
 * A real calendar date, from 1900 up to today, for someone at least 18 years old. Dates are
 * compared as YYYY-MM-DD text, which sorts like the dates themselves; a 29 February birthday
 * comes of age on 1 March in other years.
 */
function adultDateOfBirth(now: Date) {
  const today = lagosToday(now);
  return z.string({ error: DOB_REQUIRED }).check(
    z.trim(),
    z.minLength(1, { error: DOB_REQUIRED, abort: true }),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => m.valid_dob_not_date(), abort: true }),
    z.refine(
      (value: string) => {
        const date = new Date(`${value}T00:00:00Z`);
        return (
          !Number.isNaN(date.getTime()) &&
          date.toISOString().startsWith(value) &&
          value >= "1900-01-01" &&
          value <= today
        );
      },
      { error: DOB_NOT_REAL, abort: true },
    ),
    z.refine((value: string) => `${Number(value.slice(0, 4)) + 18}${value.slice(4)}` <= today, {
      error: () => m.valid_dob_adult(),
    }),
  );
}

export function bvnSchema(now = new Date()) {
  return z.object({
    bvn: z
      .string({ error: () => m.valid_bvn_digits() })
      .check(z.trim(), z.regex(ELEVEN_DIGITS, { error: () => m.valid_bvn_digits() })),
    name: requiredText(m.valid_name_required, 100),
    dob: adultDateOfBirth(now),
    phone: phoneNumber,
  });
}

export const ninSchema = z.object({
  nin: z
    .string({ error: () => m.valid_nin_digits() })
    .check(z.trim(), z.regex(ELEVEN_DIGITS, { error: () => m.valid_nin_digits() })),
});

/** The low-balance warning's threshold in naira; left empty (or only spaces), no warning. */
export const lowBalanceSchema = z.object({
  threshold: z.pipe(
    z.transform((value: string | undefined) => (value?.trim() ? value : undefined)),
    z.optional(nairaAmount(LOWEST_THRESHOLD_KOBO, HIGHEST_THRESHOLD_KOBO)),
  ),
});

export const PROFILE_INTENTS = [
  "change-password",
  "bank-details",
  "webhook",
  "bvn",
  "nin",
  "set-pin",
  "change-pin",
  "low-balance",
  "shop",
] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];
