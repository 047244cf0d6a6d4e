// Shared by the contract tests; not a test file itself, so Vitest does not run it. Each
// contract file reads the sandbox upstream as a client on the wire does: served over HTTP
// from a database in its own temp folder, answered as raw JSON.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { Log } from "../../sandbox/http/log.ts";
import { startSandboxServer } from "../../sandbox/serve.ts";
import type { SandboxServer } from "../../sandbox/serve.ts";

// Subcategory and Transaction (docs/upstream-api.md), every key sorted, as the wire must carry them.
export const SUBCATEGORY_KEYS = ["amount", "category_id", "description", "id", "image", "key", "products", "title"];
export const TRANSACTION_KEYS = [
  "amount",
  "created_at",
  "description",
  "description2",
  "exam_card",
  "id",
  "initial_balance",
  "meter_no",
  "new_balance",
  "phone_number",
  "plan",
  "response",
  "smart_no",
  "status",
  "subtotal",
  "token",
  "transaction_ref",
];

export interface WireCallOptions {
  readonly body?: unknown;
  // false sends no Authorization header even when the file has logged in.
  readonly auth?: boolean;
  // The Idempotency-Key header.
  readonly key?: string;
}

export interface WireAnswer {
  readonly response: Response;
  readonly body: unknown;
}

export interface WireSandbox {
  // The server's origin; read it inside a test or hook, once beforeAll has started it.
  readonly url: string;
  // A JSON call that expects a JSON answer, with the logged-in account's token unless
  // options.auth is false.
  call(method: string, path: string, options?: WireCallOptions): Promise<WireAnswer>;
}

export interface WireSandboxOptions {
  // The temp folder's name starts with this, so a leftover folder says which file made it.
  readonly folderPrefix: string;
  // An account to log in as in beforeAll; its token goes on every call.
  readonly login?: { readonly email: string; readonly password: string };
  readonly log?: Log;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function record(value: unknown): Record<string, unknown> {
  expect(isRecord(value)).toBe(true);
  return isRecord(value) ? value : {};
}

export function list(value: unknown): unknown[] {
  expect(Array.isArray(value)).toBe(true);
  return Array.isArray(value) ? value : [];
}

// Read as JSON prints it: 149503.21 * 100 is not an integer in floating point, but its
// text has two decimals, and the text is what the wire carries.
export function hasAtMostTwoDecimals(value: unknown): boolean {
  return typeof value === "number" && /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

// Registers the beforeAll that starts the sandbox (and logs in) and the afterAll that stops
// it and removes its folder; call it once, at the top level of a test file.
export function serveSandbox(options: WireSandboxOptions): WireSandbox {
  let server: SandboxServer | undefined;
  let folder: string | undefined;
  let token: string | undefined;

  function started(): SandboxServer {
    if (server === undefined) {
      throw new Error("The sandbox is not started yet: use it inside a test or hook.");
    }
    return server;
  }

  async function call(method: string, path: string, callOptions: WireCallOptions = {}): Promise<WireAnswer> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (callOptions.auth !== false && token !== undefined) headers["Authorization"] = `Bearer ${token}`;
    if (callOptions.body !== undefined) headers["Content-Type"] = "application/json";
    if (callOptions.key !== undefined) headers["Idempotency-Key"] = callOptions.key;
    const response = await fetch(`${started().url}${path}`, {
      method,
      headers,
      body: callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body),
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    return { response, body: JSON.parse(await response.text()) as unknown };
  }

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), options.folderPrefix));
    server = await startSandboxServer({
      port: 0,
      host: "127.0.0.1",
      databasePath: join(folder, "sandbox.db"),
      log: options.log ?? (() => undefined),
    });
    if (options.login !== undefined) {
      const login = await call("POST", "/v1/login/", { body: options.login });
      token = String(record(login.body)["key"]);
    }
  });

  afterAll(async () => {
    await server?.close();
    if (folder !== undefined) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  return {
    get url() {
      return started().url;
    },
    call,
  };
}
