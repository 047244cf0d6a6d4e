import * as z from "zod/mini";
import { m } from "../i18n/paraglide/messages.js";
import { email, password, phoneNumber, requiredText, whenValid } from "./account-fields.ts";
import { trimmedText } from "./fields.ts";

// Every account form's rules and messages, in the product's own wording. The server and the
// browser validate with these same schemas; each message is a message function, called when
// a value is checked, so it is in the language of that request (or page).

export const HEAR_ABOUT_US = [
  "Friend or family",
  "Social media",
  "Search engine",
  "Radio or TV",
  "Agent or reseller",
  "Other",
] as const;

export const registerSchema = z
  .object({
    firstName: requiredText(m.valid_first_name_required, 50),
    lastName: requiredText(m.valid_last_name_required, 50),
    email: email(m.valid_email_field_required),
    phone: phoneNumber,
    password: password(m.valid_password_field_required),
    confirmPassword: password(m.valid_confirm_password_field_required),
    hearUs: z.optional(z.enum(HEAR_ABOUT_US, { error: () => m.valid_hear_us_choose() })),
    referral: z.optional(trimmedText(100)),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      path: ["confirmPassword"],
      error: () => m.valid_passwords_mismatch(),
      when: whenValid("password", "confirmPassword"),
    }),
  );

/** No format check: a login only needs something to send, and the upstream judges it. */
export const loginSchema = z.object({
  email: requiredText(m.valid_email_required, 254),
  password: password(m.valid_password_required),
  redirectTo: z.optional(z.string()),
});

export const forgotPasswordSchema = z.object({
  email: email(m.valid_email_required),
});

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: () => m.valid_reset_link_incomplete() })
      .check(z.minLength(1, { error: () => m.valid_reset_link_incomplete() })),
    newPassword: password(m.valid_reset_new_password_required),
    confirmPassword: password(m.valid_reset_confirm_password_required),
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      path: ["confirmPassword"],
      error: () => m.valid_reset_passwords_mismatch(),
      when: whenValid("newPassword", "confirmPassword"),
    }),
  );

const OTP_EMPTY = () => m.valid_otp_empty();
const OTP_DIGIT = () => m.valid_otp_digit();
const OTP_BOXES = ["digit1", "digit2", "digit3", "digit4"] as const;
const otpBox = z.optional(z.string({ error: OTP_EMPTY }));

/**
 * A whole code in the first box and nothing in the others: pasted or autofilled into it
 * without JavaScript, which cannot spread it over the boxes (decision 046). Spaces a paste
 * brings along are dropped.
 */
function wholeCodeInFirstBox(form: Partial<Record<(typeof OTP_BOXES)[number], string>>): string | null {
  const first = (form.digit1 ?? "").replace(/\s/g, "");
  const rest = [form.digit2, form.digit3, form.digit4].every((box) => !box);
  return rest && /^\d{4}$/.test(first) ? first : null;
}

/**
 * Four boxes, one digit each, shown as one field with one message: the OTP's 'can not be
 * empty' while a box is empty, and only then a box that holds something other than a digit.
 * The first box also takes the whole code, the others left empty.
 */
export const otpSchema = z.pipe(
  z.object({ digit1: otpBox, digit2: otpBox, digit3: otpBox, digit4: otpBox }).check(
    z.superRefine((form, context) => {
      if (wholeCodeInFirstBox(form) !== null) return;
      if (OTP_BOXES.some((box) => !form[box])) {
        context.addIssue({ code: "custom", message: OTP_EMPTY(), path: [] });
        return;
      }
      for (const box of OTP_BOXES) {
        if (!/^\d$/.test(form[box] ?? "")) context.addIssue({ code: "custom", message: OTP_DIGIT(), path: [box] });
      }
    }),
  ),
  z.transform((form: Partial<Record<(typeof OTP_BOXES)[number], string>>) => ({
    otp: wholeCodeInFirstBox(form) ?? OTP_BOXES.map((box) => form[box] ?? "").join(""),
  })),
);

export const personalInfoSchema = z.object({
  firstName: requiredText(m.valid_first_name_required, 50),
  lastName: requiredText(m.valid_last_name_required, 50),
  phone: phoneNumber,
});
