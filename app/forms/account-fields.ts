import * as z from "zod/mini";
import { LOCAL_MOBILE } from "../domain/phone.ts";
import { m } from "../i18n/paraglide/messages.js";
import { type Message, PHONE_FORMAT, tooLong } from "./fields.ts";

// The account and settings forms' field rules (sign-up, sign-in, passwords, PINs, profile,
// funding): apart from fields.ts, which the purchase forms use too, so a product page's script
// does not carry them (decision 082, amended). Messages are thunks, as in fields.ts.

/** The inline e-mail rule (decision 021): letters, digits, dot, underscore or hyphen, an @,
 *  a domain, and a 2 to 4 letter ending. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** One wording for every bad e-mail address (decision 021). */
const INVALID_EMAIL: Message = () => m.valid_email_invalid();

type Rule = readonly [passes: (value: string) => boolean, message: Message];

const filled = (value: string) => value !== "";

/**
 * A text field whose rules are checked in the product's order, reporting only the first that
 * fails. Not Zod's chain: it runs every check unless one aborts, and an aborted field (or a
 * missing one, a type error) also stops the form's own cross-field check, so a mismatched
 * password confirmation would go unreported beside a short phone number. A missing value
 * is read as "" and meets the first rule, the required one.
 */
function textField(rules: readonly Rule[], { trim = true } = {}) {
  return z.pipe(
    // Typed as the form sends it; anything else (a file in a text field's place) reads as "".
    z.transform((value: string | undefined) => (typeof value !== "string" ? "" : trim ? value.trim() : value)),
    // Already text after the step above: the rules are its only checks.
    z.custom<string>().check(
      z.superRefine((value, context) => {
        const failed = rules.find(([passes]) => !passes(value));
        if (failed) context.addIssue({ code: "custom", message: failed[1](), input: value });
      }),
    ),
  );
}

export function email(requiredMessage: Message) {
  return textField([
    [filled, requiredMessage],
    [(value) => value.length <= 254 && EMAIL_PATTERN.test(value), INVALID_EMAIL],
  ]);
}

export function requiredText(message: Message, max = 100) {
  return textField([
    [filled, message],
    [(value) => value.length <= max, tooLong(max)],
  ]);
}

/** Not trimmed: spaces are characters of a password like any other. */
export function password(requiredMessage: Message) {
  return textField(
    [
      [filled, requiredMessage],
      [(value) => value.length <= 128, tooLong(128)],
    ],
    { trim: false },
  );
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

const PHONE_REQUIRED: Message = () => m.valid_phone_required();
const PHONE_TOO_SHORT: Message = () => m.valid_phone_invalid();

/**
 * A Nigerian mobile number as the forms check it: required; under 11 characters 'invalid';
 * otherwise exactly 11 digits in a mobile range, or the format message.
 */
export const phoneNumber = textField([
  [filled, PHONE_REQUIRED],
  [(value) => value.length >= 11, PHONE_TOO_SHORT],
  [(value) => LOCAL_MOBILE.test(value), PHONE_FORMAT],
]);
