import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type APIRequestContext, type APIResponse, test as base, expect } from "@playwright/test";
import { type Portal, startPortal } from "../../support/portal-process.ts";
import type { Credentials } from "../accounts/support.ts";

// Shared pieces of the request-level hardening tests (abuse-*.http.spec.ts,
// session-*.http.spec.ts, security-headers.http.spec.ts): forms posted as a script or an
// attacker would post them, the session cookie read as its owner's browser holds it, and a
// portal of their own where the main test server's settings would hide what is tested.

/** React escapes these in attribute values; a hidden field's value is read back through them. */
export function unescapeHtml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The value of the first `<input name="...">` in a document (hidden fields have no label). */
export function fieldValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  const value = input === undefined ? undefined : /\bvalue="([^"]*)"/.exec(input)?.[1];
  if (value === undefined) throw new Error(`no input named ${name} with a value in the page`);
  return unescapeHtml(value);
}

/** Headers a browser on this site sends with a form post; `extra` adds a client address or scheme. */
export function formHeaders(origin: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: origin, ...extra };
}

/** Loads a page and returns the CSRF token its forms carry (the cookie lands in `request`). */
export async function pageCsrf(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await request.get(path, { headers });
  expect(response.status(), `GET ${path}`).toBe(200);
  return fieldValue(await response.text(), "csrf");
}

/** A form post as the page would send it, without following the redirect. */
export function postFormWithHeaders(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<APIResponse> {
  return request.post(path, { form, headers, maxRedirects: 0 });
}

/** The login form, filled and posted from its own page. */
export async function postLogin(
  request: APIRequestContext,
  origin: string,
  credentials: Credentials,
  extra: Record<string, string> = {},
): Promise<APIResponse> {
  const csrf = await pageCsrf(request, "/login", extra);
  return postFormWithHeaders(
    request,
    "/login",
    { csrf, website: "", email: credentials.email, password: credentials.password },
    formHeaders(origin, extra),
  );
}

/** Signed in, or the test stops here with what the login answered. */
export async function logInByRequest(
  request: APIRequestContext,
  origin: string,
  credentials: Credentials,
  extra: Record<string, string> = {},
): Promise<void> {
  const response = await postLogin(request, origin, credentials, extra);
  expect(response.status(), `login of ${credentials.email}`).toBe(302);
}

/** The session cookie's name=value as the browser (`request`) holds it now, or null. */
export async function sessionCookie(request: APIRequestContext): Promise<{ name: string; value: string } | null> {
  const { cookies } = await request.storageState();
  const cookie = cookies.find((candidate) => candidate.name === "__session" || candidate.name === "__Host-session");
  return cookie === undefined ? null : { name: cookie.name, value: cookie.value };
}

function sandboxDatabase(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  // The server writes to the same file; wait for its lock instead of failing.
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

/** The main test server's sandbox database (playwright.config.ts). */
export function mainSandboxDb(): string {
  const path = process.env.E2E_SANDBOX_DB;
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  return path;
}

/** How many login tokens the upstream ever issued to this user: one per login that reached it. */
export function tokensIssued(databasePath: string, email: string): number {
  const db = sandboxDatabase(databasePath);
  try {
    const row = db
      .prepare("SELECT COUNT(*) AS n FROM auth_tokens WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .get(email);
    return Number(row?.["n"] ?? 0);
  } finally {
    db.close();
  }
}

/** Whether the upstream holds the user's e-mail as verified by OTP. */
export function otpVerified(databasePath: string, email: string): boolean {
  const db = sandboxDatabase(databasePath);
  try {
    return (
      Number(db.prepare("SELECT otp_verification FROM users WHERE email = ?").get(email)?.["otp_verification"]) === 1
    );
  } finally {
    db.close();
  }
}

/** Whether the upstream holds an account for this e-mail. */
export function accountExists(databasePath: string, email: string): boolean {
  const db = sandboxDatabase(databasePath);
  try {
    return db.prepare("SELECT 1 AS found FROM users WHERE email = ?").get(email) !== undefined;
  } finally {
    db.close();
  }
}

/** How many e-mails (OTP codes, reset links) the upstream ever sent to this address. */
export function emailsSentTo(databasePath: string, email: string): number {
  const db = sandboxDatabase(databasePath);
  try {
    return Number(db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_email = ?").get(email)?.["n"] ?? 0);
  } finally {
    db.close();
  }
}

/** "3:04 pm" in Nigeria (UTC+1 all year), as the lock message tells the time. */
export function lagosClock(date: Date): string {
  const minutes = (date.getUTCHours() * 60 + date.getUTCMinutes() + 60) % (24 * 60);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

/** The lock message (decision 009) for a lock of `minutes` starting between `from` and now. */
export function lockMessagesFor(minutes: number, from: Date): string[] {
  const earliest = from.getTime() + minutes * 60_000;
  const latest = Date.now() + minutes * 60_000;
  const times = new Set<string>();
  for (let at = earliest - 60_000; at <= latest + 60_000; at += 30_000) times.add(lagosClock(new Date(at)));
  return [...times].map((time) => `Too many attempts. Please try again after ${time}.`);
}

export const SECRET = "hardening-suite-session-secret-0123456789";

export type OwnPortal = Portal & { databasePath: string };

/**
 * One portal per worker for what the main test server cannot show: it trusts the loopback
 * proxy (so a test can say the request came over HTTPS, or from another client address),
 * allows the fewest logins per address the settings accept (10), and signs with a secret the
 * tests know.
 */
export const test = base.extend<Record<never, never>, { ownPortal: OwnPortal }>({
  ownPortal: [
    async ({}, use) => {
      const directory = await mkdtemp(join(tmpdir(), "hardening-"));
      const databasePath = join(directory, "sandbox.db");
      const portal = await startPortal(process.cwd(), {
        TRUST_PROXY: "loopback",
        LOGIN_ATTEMPTS_PER_IP: "10",
        SESSION_SECRET: SECRET,
        SANDBOX_DB: databasePath,
      });
      try {
        await use({ ...portal, databasePath });
      } finally {
        await portal.stop();
        await rm(directory, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
});

export { expect };
