import { z } from "zod";
import { LOCAL_MOBILE } from "../domain/phone.ts";

// Field rules shared by several forms. Conform turns empty inputs into undefined, so the
// "required" message is the one for a missing value; a value of spaces gets it too.
//
// Zod 4 runs every check of a field unless one says `abort: true`, so each check that can
// fail together with a later one aborts: a field shows one message, the first that applies
// in SPEC.md §5's order.

/** The inline e-mail rule of SPEC.md §5: letters, digits, dot, underscore or hyphen, an @,
 *  a domain, and a 2 to 4 letter ending. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** One wording for every bad e-mail address (decision 021). */
const INVALID_EMAIL = "Invalid email address";

export function email(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(254, { error: INVALID_EMAIL, abort: true })
    .regex(EMAIL_PATTERN, INVALID_EMAIL);
}

export function requiredText(message: string, max = 100) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `Use at most ${max} characters`);
}

export function password(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(128, "Use at most 128 characters");
}

/**
 * When to compare a password with its confirmation: once both have passed their own checks,
 * whatever the other fields hold. Zod's default skips it while a field is missing (the
 * mismatch then shows only on a second submit) and runs it beside a confirmation that
 * already has its own message.
 */
export function whenValid(...fields: readonly string[]) {
  return (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => {
      const [field] = issue.path ?? [];
      return field !== undefined && !fields.includes(String(field));
    });
}

const PHONE_REQUIRED = "Phone number is required";
const PHONE_TOO_SHORT = "Phone number is invalid";
export const PHONE_FORMAT = "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only";

/**
 * A Nigerian mobile number as SPEC.md §5 checks it: required; under 11 characters 'invalid';
 * otherwise exactly 11 digits in a mobile range, or the format message.
 */
export const phoneNumber = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .min(1, { error: PHONE_REQUIRED, abort: true })
  .min(11, { error: PHONE_TOO_SHORT, abort: true })
  .regex(LOCAL_MOBILE, PHONE_FORMAT);
