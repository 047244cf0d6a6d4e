import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSandbox, type Sandbox } from "../../../sandbox/handler.ts";
import { toRequest, writeResponse } from "../../../sandbox/serve.ts";

// An upstream for tests that speaks docs/upstream-api.md by handing every call to the sandbox's own
// handler, and on command misbehaves for the calls a rule matches (docs/testing.md, "Testing against a
// misbehaving upstream").
// It runs inside the test's process, so each Playwright worker has its own, with its own
// rules, call counts and database: parallel workers never see each other's faults.

/**
 * What a matching call gets instead of a good answer. Where the upstream would have done the
 * work and only the answer is lost or garbled (slow, reset, truncated, empty, wrong-shape),
 * the call reaches the sandbox first, so a purchase is bought: the case where "failed" would
 * be a lie. The others stand for a proxy in front that answered without asking the upstream.
 */
export const FAULTS = [
  "slow",
  "500",
  "502",
  "503",
  "429",
  "reset",
  "html",
  "truncated",
  "not-json",
  "empty",
  "wrong-shape",
] as const;
export type Fault = (typeof FAULTS)[number];

/** A string matches paths starting with it; a RegExp is tested against the path. */
export type PathMatch = string | RegExp;
/** `times`: only the next so many matching calls misbehave (a blip); every one when absent. */
export type FaultOptions = { method?: string; times?: number };
type FaultRule = { fault: Fault; path: PathMatch; method?: string; remaining: number };

/** In every faulty body, so a test can say that none of it reached the page. */
export const FAULT_MARKER = "FAULT-INJECTED-7f3a";
/** The 429 envelope's message, which a form may show as the upstream's own words. */
export const TOO_MANY_REQUESTS = "Too many requests. Please try again in a minute.";
/** Looks like an upstream's stack trace; must never be shown either. */
const FAKE_STACK = `Error: ${FAULT_MARKER} at Object.handler (/srv/upstream/app.js:12:7)`;

export type FaultUpstream = {
  /** The base the portal's UPSTREAM_URL is set to. */
  readonly url: string;
  /** The sandbox behind it (its outbox, its tokens). */
  readonly sandbox: Sandbox;
  /** Its SQLite file, for reading the ledger and writing test accounts. */
  readonly databasePath: string;
  /** From now on, calls matching `path` (and `options.method`) get `fault`; the newest rule wins. */
  inject(fault: Fault, path: PathMatch, options?: FaultOptions): void;
  /** Back to normal: every rule dropped (the counts are kept). */
  heal(): void;
  /** How many calls matching `path` (and `method`) arrived since the start or the last resetCounts. */
  calls(path: PathMatch, method?: string): number;
  resetCounts(): void;
  /** Every bearer token the portal sent, so a test can say none of them reached a page. */
  tokensSeen(): ReadonlySet<string>;
  close(): Promise<void>;
};

export type FaultUpstreamOptions = {
  /** How long a "slow" call waits before it is answered; make it longer than UPSTREAM_TIMEOUT_MS. */
  slowMs: number;
};

function matches(rule: { path: PathMatch; method?: string }, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  return typeof rule.path === "string" ? path.startsWith(rule.path) : rule.path.test(path);
}

function pathOf(target: string): string {
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

function send(
  outgoing: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  outgoing.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body), ...headers });
  outgoing.end(body);
}

export async function startFaultUpstream(options: FaultUpstreamOptions): Promise<FaultUpstream> {
  const directory = await mkdtemp(join(tmpdir(), "fault-upstream-"));
  const databasePath = join(directory, "sandbox.db");
  // Quiet: a line per call would bury the test report.
  const sandbox = createSandbox({ databasePath, log: () => undefined });
  let rules: FaultRule[] = [];
  let counts = new Map<string, number>();
  const tokens = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let origin = "http://fault-upstream.invalid";

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function sandboxAnswer(incoming: IncomingMessage, method: string, target: string): Promise<Response> {
    return sandbox.handle(await toRequest(incoming, method, target, origin));
  }

  async function respond(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const method = incoming.method ?? "GET";
    const target = incoming.url ?? "/";
    const path = pathOf(target);
    const key = `${method} ${path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const bearer = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? "")?.[1];
    if (bearer !== undefined) tokens.add(bearer);

    const rule = rules.findLast((candidate) => candidate.remaining > 0 && matches(candidate, method, path));
    if (rule === undefined) {
      await writeResponse(outgoing, await sandboxAnswer(incoming, method, target), method === "HEAD");
      return;
    }
    rule.remaining -= 1;
    switch (rule.fault) {
      case "slow": {
        const answer = await sandboxAnswer(incoming, method, target);
        await wait(options.slowMs);
        if (!outgoing.destroyed) await writeResponse(outgoing, answer, false);
        return;
      }
      case "500":
      case "502":
      case "503":
        send(
          outgoing,
          Number(rule.fault),
          "application/json",
          JSON.stringify({ message: FAKE_STACK, detail: FAULT_MARKER }),
        );
        return;
      case "429":
        // The upstream's refusal envelope: its message is written for the user, so it carries no marker.
        send(outgoing, 429, "application/json", JSON.stringify({ status: 429, message: TOO_MANY_REQUESTS }), {
          "Retry-After": "30",
        });
        return;
      case "html":
        send(
          outgoing,
          200,
          "text/html",
          `<!doctype html><title>Bad gateway</title><h1>${FAULT_MARKER}</h1><pre>${FAKE_STACK}</pre>`,
        );
        return;
      case "not-json":
        send(outgoing, 200, "application/json", `${FAULT_MARKER} upstream worker crashed`);
        return;
      case "reset": {
        // Headers and the first bytes arrive, then the connection is cut.
        const body = Buffer.from(await (await sandboxAnswer(incoming, method, target)).arrayBuffer());
        outgoing.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length + 100 });
        outgoing.write(body.subarray(0, Math.ceil(body.length / 2)), () => outgoing.destroy());
        return;
      }
      case "truncated": {
        const body = await (await sandboxAnswer(incoming, method, target)).text();
        send(outgoing, 200, "application/json", body.slice(0, Math.ceil(body.length / 2)));
        return;
      }
      case "empty":
        await sandboxAnswer(incoming, method, target);
        send(outgoing, 200, "application/json", "");
        return;
      case "wrong-shape":
        // Valid JSON, yet no call of the upstream answers with an array of strings.
        await sandboxAnswer(incoming, method, target);
        send(outgoing, 200, "application/json", JSON.stringify([FAULT_MARKER, FAKE_STACK]));
        return;
    }
  }

  const server = createServer((incoming, outgoing) => {
    respond(incoming, outgoing).catch(() => outgoing.destroy());
  });
  // A portal under test keeps connections alive; closing must not wait for them.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("The fault upstream is not listening on a TCP port.");
  origin = `http://127.0.0.1:${address.port}`;

  return {
    url: origin,
    sandbox,
    databasePath,
    inject(fault, path, options = {}) {
      rules.push({
        fault,
        path,
        remaining: options.times ?? Infinity,
        ...(options.method === undefined ? {} : { method: options.method }),
      });
    },
    heal() {
      rules = [];
    },
    calls(path, method) {
      let total = 0;
      for (const [key, count] of counts) {
        const [callMethod = "", callPath = ""] = key.split(" ");
        if (matches({ path, method }, callMethod, callPath)) total += count;
      }
      return total;
    },
    resetCounts() {
      counts = new Map();
    },
    tokensSeen: () => tokens,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      sandbox.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
