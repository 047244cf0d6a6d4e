import { z } from "zod";
import { email, password, phoneNumber, requiredText } from "./fields.ts";

// Every account form's rules and messages, verbatim from SPEC.md §5. The server and the
// browser validate with these same schemas.

export const HEAR_ABOUT_US = ["Friend or family", "Social media", "Search engine", "Radio or TV", "Agent or reseller", "Other"] as const;

export const registerSchema = z
  .object({
    firstName: requiredText("First Name is required", 50),
    lastName: requiredText("Last Name is required", 50),
    email: email("Email field is required"),
    phone: phoneNumber,
    password: password("Password field is required"),
    confirmPassword: password("Confirm Password field is required"),
    hearUs: z.enum(HEAR_ABOUT_US, { error: "Choose how you heard about us" }).optional(),
    referral: z.string().trim().max(100, "Use at most 100 characters").optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

export const loginSchema = z.object({
  email: z.string({ error: "Email is required" }).trim().max(254),
  password: z.string({ error: "Password is required" }).max(128),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({
  email: email("Email is required"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "The reset link is incomplete." }).min(1),
    newPassword: password("New Password is required"),
    confirmPassword: password("Confirm Password is required"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords doesn't match",
  });

const OTP_EMPTY = "Otp can not be empty. Please enter the otp sent to your email.";
const otpDigit = z.string({ error: OTP_EMPTY }).regex(/^\d$/, "Each box takes one digit");

/** Four boxes, one digit each; all four are required together. */
export const otpSchema = z
  .object({ digit1: otpDigit.optional(), digit2: otpDigit.optional(), digit3: otpDigit.optional(), digit4: otpDigit.optional() })
  .superRefine((form, context) => {
    if (!form.digit1 || !form.digit2 || !form.digit3 || !form.digit4) {
      context.addIssue({ code: "custom", message: OTP_EMPTY, path: [] });
    }
  })
  .transform((form) => ({ otp: `${form.digit1 ?? ""}${form.digit2 ?? ""}${form.digit3 ?? ""}${form.digit4 ?? ""}` }));

export const personalInfoSchema = z.object({
  firstName: requiredText("First Name is required", 50),
  lastName: requiredText("Last Name is required", 50),
  phone: phoneNumber,
});
