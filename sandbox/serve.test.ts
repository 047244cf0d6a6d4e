import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogEntry } from "./http/log.ts";
import { startSandboxServer } from "./serve.ts";
import type { SandboxServer } from "./serve.ts";

let server: SandboxServer;
let folder: string;
const logged: LogEntry[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "sandbox-serve-"));
  server = await startSandboxServer({
    port: 0,
    host: "127.0.0.1",
    databasePath: join(folder, "sandbox.db"),
    log: (entry) => logged.push(entry),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

// fetch normalises "/media/../x" to "/x" before sending; a raw request sends it as typed,
// which is what an attacker would do.
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path, method: "GET" }, (incoming) => {
      let body = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => {
        body += chunk;
      });
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("startSandboxServer", () => {
  it("answers call 1 over HTTP and logs the request", async () => {
    const response = await fetch(`${server.url}/v1/get-pages/`, { headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as Record<string, unknown>;
    expect(typeof body["about"]).toBe("string");
    expect(logged).toContainEqual(
      expect.objectContaining({ event: "request", method: "GET", path: "/v1/get-pages/", status: 200 }),
    );
  });

  it("passes a request body through to the handler", async () => {
    const response = await fetch(`${server.url}/v1/get-subcategory-list/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ignored: true }),
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ status: 405, message: "Method not allowed." });
  });

  it("serves provider badges as SVG", async () => {
    const response = await fetch(`${server.url}/media/providers/mtn.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toMatch(/<title[^>]*>MTN/);
  });

  it("answers a missing badge with 404", async () => {
    const response = await fetch(`${server.url}/media/providers/unknown.svg`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: "Not found." });
  });

  it.each([
    "/media/../package.json",
    "/media/%2e%2e/package.json",
    "/media/..%2fpackage.json",
    "/media/providers/..%2f..%2f..%2fpackage.json",
    "/media//etc/passwd",
    "/media/providers/",
  ])("refuses %s", async (path) => {
    const response = await rawGet(path);
    expect(response.status).toBe(404);
    expect(response.body).toBe('{"status":404,"message":"Not found."}');
  });
});

describe("request bodies", () => {
  it("refuses a body over 1 MiB with 413", async () => {
    const response = await fetch(`${server.url}/v1/get-pages/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 413, message: "Request body too large." });
  });
});
