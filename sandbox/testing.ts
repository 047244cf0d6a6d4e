import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { openDatabase } from "./db.ts";
import { createSandbox } from "./handler.ts";
import type { Sandbox } from "./handler.ts";
import type { LogEntry } from "./log.ts";

// Shared by the sandbox's own tests; not a test file itself, so Vitest does not run it.

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface CallOptions {
  readonly body?: unknown;
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly logged: LogEntry[];
  // A second connection to the same file, for reading rows as they are stored.
  readonly db: DatabaseSync;
  advance(ms: number): void;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  close(): void;
}

export const testPortalOrigin = "https://portal.test";

export function startTestSandbox(): TestSandbox {
  const folder = mkdtempSync(join(tmpdir(), "sandbox-test-"));
  const databasePath = join(folder, "sandbox.db");
  const logged: LogEntry[] = [];
  let clock = Date.parse("2026-03-02T09:00:00.000Z");
  const sandbox = createSandbox({
    databasePath,
    portalOrigin: testPortalOrigin,
    now: () => clock,
    log: (entry) => logged.push(entry),
  });
  const db = openDatabase(databasePath);

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers = new Headers({ Accept: "application/json", ...options.headers });
    if (options.token !== undefined) {
      headers.set("Authorization", `Bearer ${options.token}`);
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    const response = await sandbox.handle(new Request(`http://sandbox.test${path}`, { method, headers, body }));
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers };
  }

  return {
    sandbox,
    logged,
    db,
    advance: (ms) => {
      clock += ms;
    },
    call,
    close: () => {
      db.close();
      sandbox.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function profileOf(body: unknown): Record<string, unknown> {
  const profile = isRecord(body) ? body["profile"] : undefined;
  if (!isRecord(profile)) {
    throw new Error(`No profile in ${JSON.stringify(body)}`);
  }
  return profile;
}
