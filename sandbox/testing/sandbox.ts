import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { openDatabase } from "../store/db.ts";
import { createSandbox } from "../handler.ts";
import type { Sandbox } from "../handler.ts";
import type { LogEntry } from "../http/log.ts";

// A sandbox on a temporary database, called as the portal calls it.
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
  readonly databasePath: string;
  advance(ms: number): void;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  // Closes the sandbox and opens a new one on the same file and clock, as a restart does.
  reopen(): void;
  close(): void;
}

export interface TestSandboxOptions {
  readonly settleAfterMs?: number;
}

export const testPortalOrigin = "https://portal.test";

export function startTestSandbox(options: TestSandboxOptions = {}): TestSandbox {
  const folder = mkdtempSync(join(tmpdir(), "sandbox-test-"));
  const databasePath = join(folder, "sandbox.db");
  const logged: LogEntry[] = [];
  let clock = Date.parse("2026-03-02T09:00:00.000Z");
  const open = (): Sandbox =>
    createSandbox({
      databasePath,
      portalOrigin: testPortalOrigin,
      now: () => clock,
      settleAfterMs: options.settleAfterMs,
      log: (entry) => logged.push(entry),
    });
  let sandbox = open();
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
    get sandbox() {
      return sandbox;
    },
    logged,
    db,
    databasePath,
    advance: (ms) => {
      clock += ms;
    },
    call,
    reopen: () => {
      sandbox.close();
      sandbox = open();
    },
    close: () => {
      db.close();
      sandbox.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
