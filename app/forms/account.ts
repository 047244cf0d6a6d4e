import * as z from "zod/mini";
import { email, password, phoneNumber, requiredText, trimmedText, whenValid } from "./fields.ts";

// Every account form's rules and messages, verbatim from SPEC.md §5. The server and the
// browser validate with these same schemas.

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
    firstName: requiredText("First Name is required", 50),
    lastName: requiredText("Last Name is required", 50),
    email: email("Email field is required"),
    phone: phoneNumber,
    password: password("Password field is required"),
    confirmPassword: password("Confirm Password field is required"),
    hearUs: z.optional(z.enum(HEAR_ABOUT_US, { error: "Choose how you heard about us" })),
    referral: z.optional(trimmedText(100)),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      path: ["confirmPassword"],
      message: "Passwords do not match",
      when: whenValid("password", "confirmPassword"),
    }),
  );

/** No format check: a login only needs something to send, and the upstream judges it. */
export const loginSchema = z.object({
  email: requiredText("Email is required", 254),
  password: password("Password is required"),
  redirectTo: z.optional(z.string()),
});

export const forgotPasswordSchema = z.object({
  email: email("Email is required"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "The reset link is incomplete." }).check(z.minLength(1, "The reset link is incomplete.")),
    newPassword: password("New Password is required"),
    confirmPassword: password("Confirm Password is required"),
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      path: ["confirmPassword"],
      message: "The two passwords doesn't match",
      when: whenValid("newPassword", "confirmPassword"),
    }),
  );

const OTP_EMPTY = "Otp can not be empty. Please enter the otp sent to your email.";
const OTP_DIGIT = "Each box takes one digit";
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
 * Four boxes, one digit each, shown as one field with one message: SPEC.md §5's 'can not be
 * empty' while a box is empty, and only then a box that holds something other than a digit.
 * The first box also takes the whole code, the others left empty.
 */
export const otpSchema = z.pipe(
  z.object({ digit1: otpBox, digit2: otpBox, digit3: otpBox, digit4: otpBox }).check(
    z.superRefine((form, context) => {
      if (wholeCodeInFirstBox(form) !== null) return;
      if (OTP_BOXES.some((box) => !form[box])) {
        context.addIssue({ code: "custom", message: OTP_EMPTY, path: [] });
        return;
      }
      for (const box of OTP_BOXES) {
        if (!/^\d$/.test(form[box] ?? "")) context.addIssue({ code: "custom", message: OTP_DIGIT, path: [box] });
      }
    }),
  ),
  z.transform((form: Partial<Record<(typeof OTP_BOXES)[number], string>>) => ({
    otp: wholeCodeInFirstBox(form) ?? OTP_BOXES.map((box) => form[box] ?? "").join(""),
  })),
);

export const personalInfoSchema = z.object({
  firstName: requiredText("First Name is required", 50),
  lastName: requiredText("Last Name is required", 50),
  phone: phoneNumber,
});
