import { fileURLToPath } from "node:url";
import { type APIResponse, test as base, expect } from "@playwright/test";
import { type Portal, startPortal } from "../../support/portal-process.ts";
import { type Fault, FAULT_MARKER, type FaultUpstream, startFaultUpstream } from "./fault-upstream.ts";
import { testSessionSecret } from "./portals.ts";

// One fault upstream and one portal in front of it per Playwright worker, so faults injected
// by one test never reach another worker's. Every test starts and ends healed, with fresh
// call counts. `baseURL` is this portal, so `page` and `request` talk to it.

/** The checkout whose build/ the portal runs. */
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Short, so a slow upstream costs a test one second (the production default is 15 s): every
 * fault test meets "slow" once. Still several times the slowest healthy call here (a login's
 * password hash, tens of milliseconds, in this process), so on a loaded 2-core CI machine a
 * healthy call is not taken for a slow one (decision 047).
 */
export const UPSTREAM_TIMEOUT_MS = 1000;

type WorkerFixtures = {
  faults: FaultUpstream;
  faultPortal: Portal;
  upstreamTimeoutMs: number;
  /** The portal's TRANSACTION_PIN; the suite's portals ask for a PIN only once one is set. */
  transactionPin: "required" | "optional" | "off";
};

export const test = base.extend<{ healed: void }, WorkerFixtures>({
  // A spec that loads the portal hard (1,000 posts at once) sets a longer one with test.use, so
  // the upstream, in this same busy process, is not mistaken for a slow one.
  upstreamTimeoutMs: [UPSTREAM_TIMEOUT_MS, { scope: "worker", option: true }],
  transactionPin: ["optional", { scope: "worker", option: true }],
  faults: [
    async ({ upstreamTimeoutMs }, use) => {
      const faults = await startFaultUpstream({ slowMs: upstreamTimeoutMs + 1500 });
      await use(faults);
      await faults.close();
    },
    { scope: "worker" },
  ],
  faultPortal: [
    async ({ faults, upstreamTimeoutMs, transactionPin }, use) => {
      const portal = await startPortal(ROOT, {
        TRANSACTION_PIN: transactionPin,
        UPSTREAM_URL: faults.url,
        UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs),
        PRODUCT_NAME: "Payvend",
        // Known, so a test can sign in by minting a session cookie (tests/e2e/support/session.ts).
        SESSION_SECRET: testSessionSecret(),
        // Every test signs in from 127.0.0.1, as in playwright.config.ts.
        LOGIN_ATTEMPTS_PER_IP: "100000",
      });
      await use(portal);
      await portal.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ faultPortal }, use) => use(faultPortal.origin),
  healed: [
    async ({ faults, faultPortal }, use) => {
      faults.heal();
      faults.resetCounts();
      const logged = (await faultPortal.logText()).length;
      await use();
      faults.heal();
      // A fault may fail a page, never leave a failed promise that nothing awaited (server.ts logs those).
      const during = (await faultPortal.logText()).slice(logged);
      expect(during, "an unhandled rejection was logged").not.toContain('"event":"unhandled-rejection"');
    },
    { auto: true },
  ],
});

export { expect };

/**
 * How the portal answers a page it cannot render for each fault (decision 017): a timeout is
 * 504, an upstream that cannot be reached or cuts the connection (or says it is too busy) is
 * 503, and a 5xx or an answer that is not the call's shape (docs/upstream-api.md) is 502.
 */
export const PAGE_STATUS: Readonly<Record<Fault, 502 | 503 | 504>> = {
  slow: 504,
  "500": 502,
  "502": 502,
  "503": 502,
  "429": 503,
  reset: 503,
  html: 502,
  truncated: 502,
  "not-json": 502,
  empty: 502,
  "wrong-shape": 502,
};

/**
 * What must never reach a page: the upstream's address, its bodies (marked), a stack, a token.
 * Every bearer token the fault upstream has seen counts.
 */
export function expectNothingLeaked(html: string, faults: FaultUpstream): void {
  // Booleans, so a failure names what leaked instead of printing the whole document.
  const leaks: [string, boolean][] = [
    ["the upstream's address", html.includes(new URL(faults.url).host)],
    ["the upstream's body", html.includes(FAULT_MARKER)],
    ["a stack trace", /\bat \S+ \(\S+:\d+:\d+\)/.test(html)],
    ["an internal error name", /UpstreamError|ECONNRESET|ECONNREFUSED|node_modules|file:\/\//.test(html)],
    ["a session token", [...faults.tokensSeen()].some((token) => html.includes(token))],
  ];
  expect(leaks.filter(([, leaked]) => leaked).map(([what]) => what)).toEqual([]);
}

/** The portal's log lines about one request, by the X-Request-Id it answered with. */
export async function logLinesOf(portal: Portal, requestId: string): Promise<Record<string, unknown>[]> {
  const lines = (await portal.logText()).split("\n").filter((line) => line.includes(requestId));
  return lines.map((line): Record<string, unknown> => {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === "object" && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
  });
}

/** Waits until the log has the access line for the request (it is written when the response finishes). */
export async function expectLoggedWithRequestId(portal: Portal, answer: APIResponse, fault: Fault): Promise<void> {
  const requestId = answer.headers()["x-request-id"] ?? "";
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(async () => (await logLinesOf(portal, requestId)).map((line) => line["event"]), { timeout: 5000 })
    .toEqual(
      expect.arrayContaining(["request", expect.stringMatching(/^upstream\.(failed|fault|bad-response|rejected)$/)]),
    );
  const lines = await logLinesOf(portal, requestId);
  const access = lines.find((line) => line["event"] === "request");
  expect(access?.["status"], `the access line of a ${fault}`).toBe(answer.status());
}

/** app/purchases/confirm.server.ts: what a purchase whose outcome the portal does not know says. */
export const OUTCOME_UNKNOWN =
  "We did not get a clear answer about this purchase, so we cannot say yet whether it went through. Check your transactions before you try again.";
