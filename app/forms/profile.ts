import { z } from "zod";
import { password, phoneNumber, requiredText } from "./fields.ts";

// The profile page's forms, told apart by `intent`; messages verbatim from SPEC.md §5.

export const changePasswordSchema = z
  .object({
    oldPassword: password("Old password is required!"),
    newPassword: password("New password is required!"),
    confirmPassword: password("Confirm password is required!"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: "Password does not match" });

export const bankDetailsSchema = z.object({
  accountName: requiredText("Account Name is required!", 100),
  accountNumber: z
    .string({ error: "Account Number is required!" })
    .trim()
    .regex(/^\d{10}$/, "Account Number must be 10 digits"),
  bankName: requiredText("Bank Name is required!", 100),
});

export const webhookSchema = z.object({
  webhookUrl: z
    .string({ error: "Webhook Url is required!" })
    .trim()
    .max(500, "Use at most 500 characters")
    .pipe(z.url({ protocol: /^https$/, error: "Enter an absolute https URL, e.g. https://example.com/webhook" })),
});

const ELEVEN_DIGITS = /^\d{11}$/;

/** A real calendar date in the past, for someone at least 18 years old. */
function adultDateOfBirth(today: Date) {
  return z
    .string({ error: "Date of birth is required" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of birth as a date")
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, "Enter a real date of birth")
    .refine((value) => {
      const eighteenYearsAgo = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()));
      return new Date(`${value}T00:00:00Z`) <= eighteenYearsAgo;
    }, "You must be at least 18 years old")
    .refine((value) => value >= "1900-01-01", "Enter a real date of birth");
}

export function bvnSchema(today = new Date()) {
  return z.object({
    bvn: z.string({ error: "BVN Number must be exactly 11 digits" }).trim().regex(ELEVEN_DIGITS, "BVN Number must be exactly 11 digits"),
    name: requiredText("Name is required", 100),
    dob: adultDateOfBirth(today),
    phone: phoneNumber,
  });
}

export const ninSchema = z.object({
  nin: z.string({ error: "NIN must be exactly 11 digits" }).trim().regex(ELEVEN_DIGITS, "NIN must be exactly 11 digits"),
});

export const PROFILE_INTENTS = ["change-password", "bank-details", "webhook", "bvn", "nin"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];
