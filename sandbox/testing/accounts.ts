import type { LogEntry } from "../log.ts";
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

// The newest e-mail log line to an address, which carries the OTP or link in the sandbox.
export function lastEmail(test: TestSandbox, to: string): LogEntry {
  const entry = test.logged.findLast((line) => line["event"] === "email" && line["to"] === to);
  if (entry === undefined) {
    throw new Error(`No e-mail to ${to} was logged.`);
  }
  return entry;
}

export function lastOtp(test: TestSandbox, to: string): string {
  return String(lastEmail(test, to)["otp"]);
}

export function lastResetToken(test: TestSandbox, to: string): string {
  const link = new URL(String(lastEmail(test, to)["link"]));
  return link.searchParams.get("token") ?? "";
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
