import type { OutboxMessage } from "../accounts/outbox.ts";
import { type TestSandbox, isRecord } from "./sandbox.ts";

// Accounts: register, sign in, read the e-mails the sandbox sends.
// Shared by the sandbox's own tests; not a test file itself, so Vitest does not run it.

export interface NewAccount {
  readonly email: string;
  readonly password: string;
}

export function registration(email: string, password = "Sturdy-pass-1"): Record<string, unknown> {
  return {
    first_name: "Ifeoma",
    last_name: "Nnamdi",
    username: email,
    email,
    password,
    password2: password,
    profile: { phone_no: "08123456789", referred_by: "", hear_us: "Twitter" },
  };
}

export async function registerAccount(test: TestSandbox, email = "ifeoma@example.com"): Promise<NewAccount> {
  const body = registration(email);
  const answer = await test.call("POST", "/v1/register/", { body });
  if (answer.status !== 200) {
    throw new Error(`Registration failed: ${JSON.stringify(answer.body)}`);
  }
  return { email, password: String(body["password"]) };
}

export async function logIn(test: TestSandbox, email: string, password: string): Promise<string> {
  const answer = await test.call("POST", "/v1/login/", { body: { email, password } });
  const key = isRecord(answer.body) ? answer.body["key"] : undefined;
  if (answer.status !== 200 || typeof key !== "string") {
    throw new Error(`Login failed: ${JSON.stringify(answer.body)}`);
  }
  return key;
}

// The newest e-mail to an address, read from the outbox as a tester would: the log says only
// that it went.
export function lastEmail(test: TestSandbox, to: string): OutboxMessage {
  const [mail] = test.sandbox.outbox({ to: [to], limit: 1 });
  if (mail === undefined) {
    throw new Error(`No e-mail to ${to} is in the outbox.`);
  }
  return mail;
}

export function lastOtp(test: TestSandbox, to: string): string {
  const code = /verification code is (\d{4})\b/.exec(lastEmail(test, to).body)?.[1];
  if (code === undefined) {
    throw new Error(`The newest e-mail to ${to} has no verification code.`);
  }
  return code;
}

export function lastResetLink(test: TestSandbox, to: string): URL {
  const link = /https?:\/\/\S+/.exec(lastEmail(test, to).body)?.[0];
  if (link === undefined) {
    throw new Error(`The newest e-mail to ${to} has no link.`);
  }
  return new URL(link);
}

export function lastResetToken(test: TestSandbox, to: string): string {
  return lastResetLink(test, to).searchParams.get("token") ?? "";
}

export function profileOf(body: unknown): Record<string, unknown> {
  const profile = isRecord(body) ? body["profile"] : undefined;
  if (!isRecord(profile)) {
    throw new Error(`No profile in ${JSON.stringify(body)}`);
  }
  return profile;
}

export function userIdOf(test: TestSandbox, email: string): number {
  const id = test.db.prepare("SELECT id FROM users WHERE email = ?").get(email)?.["id"];
  if (typeof id !== "number") {
    throw new Error(`No user ${email}.`);
  }
  return id;
}

// Adds a NIN straight to the row, as call 14 would, so call 44 will open an account.
export function giveNin(test: TestSandbox, userId: number, nin = "12345678901"): void {
  test.db.prepare("UPDATE users SET nin = ? WHERE id = ?").run(nin, userId);
}
