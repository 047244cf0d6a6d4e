import { z } from "zod";
import { LOCAL_MOBILE } from "../domain/phone.ts";

// Field rules shared by several forms. Conform turns empty inputs into undefined, so the
// "required" message is the one for a missing value.

/** The inline e-mail rule of SPEC.md §5: letters, digits, dot, underscore or hyphen, an @,
 *  a domain, and a 2 to 4 letter ending. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

export function email(requiredMessage: string) {
  return z.string({ error: requiredMessage }).trim().regex(EMAIL_PATTERN, "Invalid email address").max(254, "Invalid email address");
}

export function requiredText(message: string, max = 100) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);
}

export function password(requiredMessage: string) {
  return z.string({ error: requiredMessage }).min(1, requiredMessage).max(128, "Use at most 128 characters");
}

/** A Nigerian mobile number as SPEC.md §5 checks it: required, 11 characters, digits only, in a mobile range. */
export const phoneNumber = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(11, "Phone number is invalid")
  .regex(LOCAL_MOBILE, "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only");
