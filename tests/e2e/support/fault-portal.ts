import { fileURLToPath } from "node:url";
import { type APIRequestContext, type APIResponse, expect, test as base } from "@playwright/test";
import {
  fieldValue as inputValue,
  formHeaders,
  postFormWithHeaders,
  postLogin,
  unescapeHtml,
} from "../e2e/abuse/support.ts";
import { type Credentials } from "../e2e/accounts/support.ts";
import { testSessionSecret } from "../e2e/sign-in.ts";
import { type Portal, startPortal } from "../support/portal-process.ts";
import { FAULT_MARKER, type Fault, type FaultUpstream, startFaultUpstream } from "./fault-upstream.ts";

// One fault upstream and one portal in front of it per Playwright worker, so faults injected
// by one test never reach another worker's. Every test starts and ends healed, with fresh
// call counts. `baseURL` is this portal, so `page` and `request` talk to it.

/** The checkout whose build/ the portal runs. */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

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
        // Known, so a test can sign in by minting a session cookie (tests/e2e/sign-in.ts).
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

/** The words of a document, without its markup, scripts or styles. */
export function textOf(html: string): string {
  const body = html.replace(/<(script|style)\b[^]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ");
  return unescapeHtml(body).replace(/\s+/g, " ").trim();
}

/** The hidden CSRF token of a page's form, as a browser would send it back. */
export function csrfOf(html: string): string {
  return inputValue(html, "csrf");
}

/** A form post as a browser on the portal sends it: same origin, no redirects followed. */
export function postForm(
  request: APIRequestContext,
  origin: string,
  path: string,
  form: Record<string, string>,
): Promise<APIResponse> {
  return postFormWithHeaders(request, path, form, formHeaders(origin));
}

/**
 * What a form field holds as the page was sent: an input's value, a textarea's text, a
 * select's chosen option; undefined when the field is not on the page.
 */
export function shownValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (input !== undefined) return unescapeHtml(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "");
  const textarea = new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  if (textarea !== null) return unescapeHtml(textarea[1] ?? "");
  const select = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([^]*?)</select>`).exec(html)?.[1];
  if (select === undefined) return undefined;
  const chosen = /<option\b[^>]*\bvalue="([^"]*)"[^>]*\bselected=""/.exec(select)?.[1];
  return chosen === undefined ? "" : unescapeHtml(chosen);
}

/** Signs `request` in over HTTP (its cookie jar keeps the session); a new account lands on /otp. */
export async function signInOver(
  request: APIRequestContext,
  origin: string,
  account: Credentials,
  landing = "/dashboard",
): Promise<void> {
  const answer = await postLogin(request, origin, account);
  expect(answer.status(), `login of ${account.email}`).toBe(302);
  expect(answer.headers()["location"]).toBe(landing);
}

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

export const AIRTIME = "/dashboard/purchase-airtime";
export const AIRTIME_PURCHASE = "/v1/purchase-airtime/";

/** Opens the airtime page and presses Process over HTTP: the sealed confirmation to post back. */
export async function processAirtime(
  request: APIRequestContext,
  origin: string,
  order: { phone: string; amount: string },
): Promise<{ csrf: string; confirmation: string }> {
  const page = await (await request.get(AIRTIME)).text();
  const csrf = csrfOf(page);
  const answer = await postForm(request, origin, AIRTIME, {
    csrf,
    provider: "1",
    phone: order.phone,
    amount: order.amount,
    key: inputValue(page, "key"),
  });
  expect(answer.status()).toBe(200);
  return { csrf, confirmation: inputValue(await answer.text(), "confirmation") };
}

/** Confirm, as the confirmation step's form posts it. */
export function confirmAirtime(
  request: APIRequestContext,
  origin: string,
  fields: { csrf: string; confirmation: string },
): Promise<APIResponse> {
  return postForm(request, origin, AIRTIME, {
    csrf: fields.csrf,
    intent: "confirm",
    confirmation: fields.confirmation,
  });
}
