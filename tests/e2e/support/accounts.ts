import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { hashPassword } from "../../../sandbox/accounts/secrets.ts";
import { insertUser } from "../../../sandbox/accounts/users.ts";
import { fundWallet } from "./money.ts";
import { sandboxDatabase } from "./sandbox.ts";

// Accounts for the browser tests: the account messages, the sandbox's demo accounts, new people
// and accounts written straight into the sandbox's SQLite file (a buyer with a level and a funded
// wallet), tokens revoked, and the login page filled in.

// The product's account messages and the upstream's own words (sandbox/calls/*.ts), verbatim.
export const MESSAGES = {
  firstNameRequired: "First Name is required",
  lastNameRequired: "Last Name is required",
  registerEmailRequired: "Email field is required",
  phoneRequired: "Phone number is required",
  passwordRequired: "Password field is required",
  confirmPasswordRequired: "Confirm Password field is required",
  invalidEmail: "Invalid email address",
  phoneTooShort: "Phone number is invalid",
  phoneDigitsOnly: "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only",
  passwordsDoNotMatch: "Passwords do not match",
  duplicateEmail: "A user with that email already exists.",
  loginEmailRequired: "Email is required",
  loginPasswordRequired: "Password is required",
  badCredentials: "Unable to log in with provided credentials.",
  otpEmpty: "Otp can not be empty. Please enter the otp sent to your email.",
  otpWrong: "Invalid or expired OTP.",
  otpResent: "Otp resent to your email box.",
  detailsSaved: "Your details are saved. Please log in.",
  forgotEmailRequired: "Email is required",
  resetLinkSent: "An Email has been sent to your email address, please follow the instructions to reset your password",
  newPasswordRequired: "New Password is required",
  resetConfirmRequired: "Confirm Password is required",
  resetMismatch: "The two passwords doesn't match",
  resetDone: "Password reset done successfully",
  resetLinkUsed: "The reset link is invalid or has expired.",
  logoutQuestion: "Are you sure you want to logout?",
  sessionExpired: "Session Expired!, please login again",
  signedOutElsewhere: "You were signed out from another device. Please log in again.",
} as const;

export const OTP_SUBJECT = "Your Payvend verification code";

export const RESET_SUBJECT = "Reset your Payvend password";

/** A demo account of the sandbox (sandbox/seed/demo-accounts.ts). Never used for wrong passwords. */
export const DEMO = {
  email: "normal@payvend.test",
  password: "Demo-pass-2026",
  fullName: "Chinedu Okafor",
} as const;

export type DemoAccount = Credentials & {
  readonly fullName: string;
  readonly phone: string;
  readonly level: string;
  readonly balance: string;
};

const DEMO_PASSWORD = "Demo-pass-2026";

/** Never changed by these tests: no purchase, no profile form, no wrong password. */
export const RESELLER: DemoAccount = {
  email: "reseller@payvend.test",
  password: DEMO_PASSWORD,
  fullName: "Oluwaseun Adeyemi",
  phone: "08050000003",
  level: "Reseller",
  balance: "₦150,000.00",
};

export const NORMAL: DemoAccount = {
  email: "normal@payvend.test",
  password: DEMO_PASSWORD,
  fullName: "Chinedu Okafor",
  phone: "08030000001",
  level: "Normal",
  balance: "₦5,000.00",
};

export type Credentials = { readonly email: string; readonly password: string };

export type Person = Credentials & {
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
};

export type UserLevel = 0 | 1 | 2 | 3;

/** Unique across tests, projects, workers and runs. */
export function uniqueEmail(tag: string): string {
  return `user-${tag}-${Date.now()}-${randomBytes(4).toString("hex")}@example.com`;
}

/** Someone who has not signed up yet. */
export function newPerson(tag: string): Person {
  const suffix = randomBytes(2).toString("hex");
  return {
    firstName: `Ada${suffix}`,
    lastName: "Okonkwo",
    email: uniqueEmail(tag),
    phone: "08031234567",
    password: `Strong-pass-${suffix}`,
  };
}

/** The sign-up form's fields for `person` as a browser posts them, honeypot left empty. */
export function registrationFields(person: Person): Record<string, string> {
  return {
    website: "",
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    password: person.password,
    confirmPassword: person.password,
  };
}

/**
 * An account written straight into the sandbox's database, as the register call would leave
 * it (`verified: false`, waiting for the OTP) or as the OTP step leaves it (`verified: true`).
 * Used where sign-up is not what the test is about, so the per-IP sign-up limit is kept for
 * the tests that are. `database` is another sandbox's file (the fault upstream's).
 */
export async function createAccount(
  tag: string,
  { verified, database }: { verified: boolean; database?: string },
): Promise<Person> {
  const person = newPerson(tag);
  const passwordHash = await hashPassword(person.password);
  const db = sandboxDatabase(database);
  try {
    insertUser(db, {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      passwordHash,
      phoneNo: person.phone,
      level: 0,
      otpVerified: verified,
      referredBy: null,
      hearUs: null,
      dateJoined: new Date().toISOString(),
    });
  } finally {
    db.close();
  }
  return person;
}

/** A verified account of this level whose wallet was funded with `balanceKobo`. */
export async function createBuyer(
  tag: string,
  { level = 0, balanceKobo, database }: { level?: UserLevel; balanceKobo: number; database?: string },
): Promise<Person> {
  const person = await createAccount(tag, { verified: true, database });
  const db = sandboxDatabase(database);
  try {
    db.prepare("UPDATE users SET level = ? WHERE email = ?").run(level, person.email);
  } finally {
    db.close();
  }
  if (balanceKobo > 0) fundWallet(person.email, balanceKobo, database);
  return person;
}

/** What an expired or revoked upstream token looks like: every token of the user revoked. */
export function revokeTokens(email: string): number {
  const db = sandboxDatabase();
  try {
    const result = db
      .prepare(
        `UPDATE auth_tokens SET revoked_at = ?
         WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)`,
      )
      .run(new Date().toISOString(), email);
    return Number(result.changes);
  } finally {
    db.close();
  }
}

export async function logIn(page: Page, credentials: Credentials, from = "/login"): Promise<void> {
  await page.goto(from);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}
