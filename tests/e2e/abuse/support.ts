import { lagosClock } from "../support/dates.ts";
import { sandboxDatabase } from "../support/sandbox.ts";

// The abuse specs' own readers of a sandbox's file (tokens issued, e-mails sent, accounts
// made) and the lock message they expect; the forms posted over HTTP are in
// tests/e2e/support/http.ts, the portal of their own in tests/e2e/support/own-portal.ts.

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

/** The lock message (decision 009) for a lock of `minutes` starting between `from` and now. */
export function lockMessagesFor(minutes: number, from: Date): string[] {
  const earliest = from.getTime() + minutes * 60_000;
  const latest = Date.now() + minutes * 60_000;
  const times = new Set<string>();
  for (let at = earliest - 60_000; at <= latest + 60_000; at += 30_000) times.add(lagosClock(new Date(at)));
  return [...times].map((time) => `Too many attempts. Please try again after ${time}.`);
}
