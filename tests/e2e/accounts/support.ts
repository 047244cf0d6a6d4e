import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { expect, type Locator, type Page } from "@playwright/test";
import { hashPassword } from "../../../sandbox/accounts/secrets.ts";
import { insertUser } from "../../../sandbox/accounts/users.ts";
import { escapeRegExp } from "../support.ts";

// Shared pieces of the account-flow tests (tests/e2e/accounts*.spec.ts).
//
// Rate limits: every test reaches the server from 127.0.0.1, and the server's in-memory limits
// (app/guards/rate-limit.server.ts) allow per IP 30 registrations an hour, 30 forgot-password
// requests an hour and LOGIN_ATTEMPTS_PER_IP logins in 15 minutes (playwright.config.ts raises
// it: the purchase suites sign in once per test). The server is started fresh for each
// `playwright test` run, so the budget is per run, over both projects. This suite spends 10
// registrations (sign-up, pasted-code sign-up, the password reset's sign-up, duplicate e-mail,
// once per project, and the axe check's), 2 forgot-password requests, and about 40 logins. Tests whose subject is not sign-up itself
// start from an account written straight into the sandbox's SQLite file (createAccount
// below), in the state registration leaves it (OTP not yet verified) or the one the OTP step
// leaves it.

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

export type Credentials = { readonly email: string; readonly password: string };

export type Person = Credentials & {
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
};

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

function sandboxDatabase(path = process.env.E2E_SANDBOX_DB): DatabaseSync {
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path);
  // The server writes to the same file; wait for its lock instead of failing.
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

/**
 * The sign-up form filled in as `person` would type it; `overrides` put a different value in
 * a field (by its label) to see how the form takes it.
 */
export async function fillRegistration(
  page: Page,
  person: Person,
  overrides: Readonly<Record<string, string>> = {},
): Promise<void> {
  const typed: [string, string][] = [
    ["First name", person.firstName],
    ["Last name", person.lastName],
    ["Email", person.email],
    ["Phone number", person.phone],
    ["Password", person.password],
    ["Confirm password", person.password],
  ];
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(overrides[label] ?? value);
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

/** Whom the upstream has `email` as referred by (its profile's referred_by), or null. */
export function referredByOf(email: string): string | null {
  const db = sandboxDatabase();
  try {
    const row = db.prepare("SELECT referred_by FROM users WHERE email = ?").get(email);
    const referredBy = row?.["referred_by"];
    return typeof referredBy === "string" ? referredBy : null;
  } finally {
    db.close();
  }
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

/** For toHaveURL: the page is at this path, whatever its query string. */
export function atPath(path: string): (url: URL) => boolean {
  return (url) => url.pathname === path;
}

export async function logIn(page: Page, credentials: Credentials, from = "/login"): Promise<void> {
  await page.goto(from);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** The dashboard's top bar: full name, profile link, Logout. */
export function topBar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Account" });
}

/**
 * A flash message (app/components/toast.tsx). CSS hides it after 3 seconds, which takes it out
 * of the accessibility tree, so it is looked up with hidden elements included.
 */
export function flash(page: Page, message: string): Locator {
  return page.getByRole("status", { includeHidden: true }).filter({ hasText: message });
}

export function flashError(page: Page, message: string): Locator {
  return page.getByRole("alert", { includeHidden: true }).filter({ hasText: message });
}

/** The message is tied to the field: it is invalid and the message is its description. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

export async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

/** The "There is a problem" summary at the top of a form. */
export function errorSummary(page: Page): Locator {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
}

/**
 * Reads /sandbox/outbox (newest e-mail first) in a second tab of the same browser: it lists the
 * mails of the accounts this browser signed up, or asked a new code for while signed in, and
 * the demo accounts' (decision 069).
 */
async function withOutbox<T>(page: Page, read: (outbox: Page) => Promise<T>): Promise<T> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto("/sandbox/outbox");
    await expect(outbox.getByRole("heading", { level: 1, name: "Sandbox outbox" })).toBeVisible();
    return await read(outbox);
  } finally {
    await outbox.close();
  }
}

/** The e-mails to one address with one subject, newest first. */
function emails(outbox: Page, subject: string, to: string): Locator {
  return outbox.getByRole("article", { name: `${subject} to ${to}`, exact: true });
}

export function countEmails(page: Page, subject: string, to: string): Promise<number> {
  return withOutbox(page, (outbox) => emails(outbox, subject, to).count());
}

/** The code in the newest verification e-mail to this address. */
export function newestOtp(page: Page, to: string): Promise<string> {
  return withOutbox(page, async (outbox) => {
    const body = emails(outbox, OTP_SUBJECT, to)
      .first()
      .getByText(/verification code is \d{4}\b/);
    const match = /verification code is (\d{4})\b/.exec(await body.innerText());
    if (!match?.[1]) throw new Error(`No verification code for ${to} in the outbox.`);
    return match[1];
  });
}

/** The path and query of the reset link in the newest reset e-mail to this address. */
export function newestResetLink(page: Page, to: string): Promise<string> {
  return withOutbox(page, async (outbox) => {
    const link = emails(outbox, RESET_SUBJECT, to).first().getByRole("link");
    const href = await link.getAttribute("href");
    if (!href) throw new Error(`No reset link for ${to} in the outbox.`);
    // The link carries the portal's public origin; the test's baseURL is where it runs.
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  });
}

/** The four boxes of /otp. */
export function otpBoxes(page: Page): [Locator, Locator, Locator, Locator] {
  const box = (position: number) => page.getByRole("textbox", { name: `Digit ${position} of 4` });
  return [box(1), box(2), box(3), box(4)];
}

export async function fillOtp(page: Page, code: string): Promise<void> {
  const boxes = otpBoxes(page);
  for (const [index, box] of boxes.entries()) {
    // Emptied first, as a person would: a code the upstream could not judge comes back as
    // typed, and in Chromium a digit typed over a selected one in these narrow boxes leaves
    // the box empty (reported; see the OTP test).
    await box.clear();
    await box.fill(code[index] ?? "");
  }
}

/**
 * With JavaScript on: resolves once React has hydrated this element, so its handlers run.
 * React marks each hydrated DOM node with a `__reactProps$...` property; nothing on the page
 * shows the moment otherwise, and acting earlier would test the no-JavaScript fallback. A page
 * that ships no script (docs/pages-and-scripts.md, held by pages-and-scripts.http.spec.ts)
 * works as it does without JavaScript, so there is nothing to wait for.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        element.evaluate(
          (node) =>
            document.querySelector('script[type="module"]') === null ||
            Object.keys(node).some((key) => key.startsWith("__reactProps$")),
        ),
      { message: "the page hydrates" },
    )
    .toBe(true);
}

/**
 * axe's WCAG 2.0, 2.1 and 2.2 A and AA violations on the page: with JavaScript off, the
 * document as first shown (tests/e2e/support.ts); with it on, the live page, for the states
 * JavaScript makes (a dialog, a live update; tagged @js-only). The same document as first
 * shown is js-off's check, not done twice (decision 047).
 */
