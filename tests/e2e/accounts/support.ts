import { expect, type Locator, type Page } from "@playwright/test";
import { OTP_SUBJECT, type Person, RESET_SUBJECT } from "../support/accounts.ts";
import { sandboxDatabase } from "../support/sandbox.ts";

// The account specs' own pieces (the shared ones are in tests/e2e/support/accounts.ts): the
// sign-up form, the OTP boxes and the sandbox outbox's mails.
//
// Rate limits: every test reaches the server from 127.0.0.1, and the server's in-memory limits
// (app/guards/rate-limit.server.ts) allow per IP 30 registrations an hour, 30 forgot-password
// requests an hour and LOGIN_ATTEMPTS_PER_IP logins in 15 minutes (playwright.config.ts raises
// it: the purchase suites sign in once per test). The server is started fresh for each
// `playwright test` run, so the budget is per run, over both projects. This suite spends 10
// registrations (sign-up, pasted-code sign-up, the password reset's sign-up, duplicate e-mail,
// once per project, and the axe check's), 2 forgot-password requests, and about 40 logins. Tests whose subject is not sign-up itself
// start from an account written straight into the sandbox's SQLite file (createAccount
// in tests/e2e/support/accounts.ts), in the state registration leaves it (OTP not yet verified) or the one the OTP step
// leaves it.

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
