import type { Browser, BrowserContext } from "@playwright/test";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../support/chromium.ts";

// The "slow" scenario: each page opened by Chromium on an emulated 2G and 3G link, with
// JavaScript off and on, each with and without `Save-Data: on` sent (decision 073), every
// visit in a fresh browser context (cold cache): when the page painted, when it hydrated, when a person can
// use it, and how many bytes the visit took. A page that hydrates is also opened as people reach
// it, from the page before it that ships no script (decision 094): the stylesheet then cached,
// its scripts not. Numbers only.

export type Network = {
  name: string;
  downKbps: number;
  upKbps: number;
  rttMs: number;
  /** Usable within this with JavaScript off. */
  goalMs: number;
  /** Hydrated within this, where a page hydrates; null where no goal is set. */
  hydratedGoalMs: number | null;
};

/** Chromium's emulation adds the latency to every request; throughputs are per direction. */
export const NETWORKS: readonly Network[] = [
  { name: "3G", downKbps: 1600, upKbps: 750, rttMs: 150, goalMs: 3000, hydratedGoalMs: null },
  { name: "2G", downKbps: 250, upKbps: 50, rttMs: 300, goalMs: 6000, hydratedGoalMs: 4500 },
];

export type SlowPage = { label: string; path: string; signedIn: boolean };

/** The page people open a hydrating page from: it ships no script, so it caches the stylesheet alone. */
const arrivedFrom = (page: SlowPage) => (page.signedIn ? "/dashboard" : "/");

/**
 * The public home page and every page a person opens to do something: each form, the lists
 * and the profile. Whether each ships a script is the page's own choice (`handle.hydrate`),
 * so the list names them all and the visit finds out.
 */
export const SLOW_PAGES: readonly SlowPage[] = [
  { label: "home", path: "/", signedIn: false },
  { label: "login", path: "/login", signedIn: false },
  { label: "register", path: "/register", signedIn: false },
  { label: "dashboard", path: "/dashboard", signedIn: true },
  { label: "airtime", path: "/dashboard/purchase-airtime", signedIn: true },
  { label: "data", path: "/dashboard/purchase-data", signedIn: true },
  { label: "tv", path: "/dashboard/pay-for-tv", signedIn: true },
  { label: "electricity", path: "/dashboard/pay-for-electricity", signedIn: true },
  { label: "exam pins", path: "/dashboard/purchase-exam-pins", signedIn: true },
  { label: "sms", path: "/dashboard/send-sms", signedIn: true },
  { label: "bulk", path: "/dashboard/bulk-purchase", signedIn: true },
  { label: "fund wallet", path: "/dashboard/fund-wallet", signedIn: true },
  { label: "transactions", path: "/dashboard/transactions", signedIn: true },
  { label: "statement", path: "/dashboard/statement", signedIn: true },
  { label: "profile", path: "/dashboard/profile", signedIn: true },
];

/**
 * How the browser asks: JavaScript off or on, whether it sends `Save-Data: on`, and the page it
 * came from in the same context (null: opened afresh).
 */
export type Mode = { javaScript: boolean; saveData: boolean; from: string | null };

const MODES: readonly Mode[] = [
  { javaScript: false, saveData: false, from: null },
  { javaScript: true, saveData: false, from: null },
  { javaScript: false, saveData: true, from: null },
  { javaScript: true, saveData: true, from: null },
];

type Kind = "html" | "css" | "js" | "other";

/** One visit; times in ms from the start of the navigation. */
export type Visit = {
  /** When the form can be filled: painted, parsed and, with JavaScript, hydrated. */
  usableMs: number;
  paintMs: number;
  parsedMs: number;
  /** null: JavaScript off, or a page that ships no script. */
  hydratedMs: number | null;
  bytes: Record<Kind, number>;
  requests: number;
};

export type SlowRow = { page: string; network: Network; mode: Mode; visit: Visit };

const KIND_OF_TYPE: Record<string, Kind> = { Document: "html", Stylesheet: "css", Script: "js" };

/**
 * Runs in the page (JavaScript on only: Playwright cannot run it otherwise): when React hydrated
 * the page's first control (it then carries a `__reactProps$` key; a page with no control in
 * its main content: the main element), in ms since the epoch; -1 once a page without script has
 * loaded; false until then. A page with script has React Router's context on `window` (its
 * script tags are gone once React has hydrated them, decision 095).
 */
function hydratedAt(): number | false {
  if (!("__reactRouterContext" in window)) return document.readyState === "complete" ? -1 : false;
  const control =
    document.querySelector("main :is(input:not([type=hidden]), select, textarea, button, a)") ??
    document.querySelector("main");
  if (control === null) return false;
  const hydrated = Object.keys(control).some((key) => key.startsWith("__reactProps$"));
  return hydrated ? performance.timeOrigin + performance.now() : false;
}

/** Chromium's page lifecycle, which it reports with JavaScript off too. */
const PARSED = "DOMContentLoaded";
const PAINTED = "firstContentfulPaint";

/** The Cookie header of a signed-in browser as cookies for a fresh context. */
function cookiesOf(header: string, origin: string) {
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes("="))
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    });
}

async function visit(
  context: BrowserContext,
  url: string,
  from: string | null,
  network: Network,
  javaScript: boolean,
  timeoutMs: number,
): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.rttMs,
    downloadThroughput: (network.downKbps * 1000) / 8,
    uploadThroughput: (network.upKbps * 1000) / 8,
  });
  // On the same line, so the visit starts as it would after a tap on that page's link.
  if (from !== null) await page.goto(new URL(from, url).href, { waitUntil: "load", timeout: timeoutMs });
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  // The document's request: where the visit's clock starts (monotonic s, and wall-clock s).
  let start: { loaderId: string; timestamp: number; wallTime: number } | undefined;
  const lifecycle = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (start === undefined && event.type === "Document")
      start = { loaderId: event.loaderId, timestamp: event.timestamp, wallTime: event.wallTime };
  });
  cdp.on("Page.lifecycleEvent", (event) => {
    if (event.loaderId === start?.loaderId && !lifecycle.has(event.name)) lifecycle.set(event.name, event.timestamp);
  });
  const kinds = new Map<string, Kind>();
  const bytes: Record<Kind, number> = { html: 0, css: 0, js: 0, other: 0 };
  let requests = 0;
  cdp.on("Network.responseReceived", (event) => kinds.set(event.requestId, KIND_OF_TYPE[event.type ?? ""] ?? "other"));
  cdp.on("Network.loadingFinished", (event) => {
    bytes[kinds.get(event.requestId) ?? "other"] += event.encodedDataLength;
    requests += 1;
  });

  await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
  const hydrated = javaScript
    ? Number(await (await page.waitForFunction(hydratedAt, undefined, { polling: 10, timeout: timeoutMs })).jsonValue())
    : -1;
  // What the visit downloads after that (route discovery, a favicon) counts in its bytes.
  await page.waitForLoadState("networkidle", { timeout: timeoutMs });
  const deadline = Date.now() + timeoutMs;
  while (!(lifecycle.has(PARSED) && lifecycle.has(PAINTED)) && Date.now() < deadline) await sleep(50);
  await page.close();
  const [parsed, painted] = [lifecycle.get(PARSED), lifecycle.get(PAINTED)];
  if (start === undefined || parsed === undefined || painted === undefined)
    throw new Error(`${url}: Chromium reported no ${PARSED} or ${PAINTED} for the page`);
  const since = (timestamp: number) => (timestamp - (start?.timestamp ?? timestamp)) * 1000;
  const hydratedMs = hydrated === -1 ? null : hydrated - start.wallTime * 1000;
  return {
    usableMs: Math.max(since(parsed), since(painted), hydratedMs ?? 0),
    paintMs: since(painted),
    parsedMs: since(parsed),
    hydratedMs,
    bytes,
    requests,
  };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Each run a fresh context, so a cold cache; times are the runs' medians, bytes the first run's. */
async function measurePage(
  browser: Browser,
  origin: string,
  page: SlowPage,
  cookie: string,
  network: Network,
  mode: Mode,
  runs: number,
): Promise<Visit> {
  const visits: Visit[] = [];
  const { javaScript } = mode;
  // A browser in data-saver mode sends the header with every request, the page's files included.
  const extraHTTPHeaders: Record<string, string> = mode.saveData ? { "Save-Data": "on" } : {};
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders });
    try {
      if (page.signedIn) await context.addCookies(cookiesOf(cookie, origin));
      visits.push(await visit(context, `${origin}${page.path}`, mode.from, network, javaScript, 60_000));
    } finally {
      await context.close();
    }
  }
  const [first] = visits;
  if (first === undefined) throw new Error("no runs");
  const hydrated = visits.flatMap((one) => (one.hydratedMs === null ? [] : [one.hydratedMs]));
  return {
    usableMs: median(visits.map((one) => one.usableMs)),
    paintMs: median(visits.map((one) => one.paintMs)),
    parsedMs: median(visits.map((one) => one.parsedMs)),
    hydratedMs: hydrated.length === 0 ? null : median(hydrated),
    bytes: first.bytes,
    requests: first.requests,
  };
}

const modeWords = ({ javaScript, saveData, from }: Mode) =>
  `JavaScript ${javaScript ? "on" : "off"}${saveData ? ", Save-Data: on" : ""}${from === null ? "" : `, from ${from}`}`;

/**
 * Every page on each network in every mode; `cookie` signs the dashboard pages in. A page's
 * modes are measured one after the other, so a busy moment on the machine weighs on its
 * JavaScript-off and -on figures alike rather than on one column.
 */
export async function measureSlowNetworks(
  origin: string,
  cookie: string,
  networks: readonly Network[],
  runs: number,
  progress: (message: string) => void,
): Promise<SlowRow[]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const rows: SlowRow[] = [];
    for (const network of networks) {
      for (const page of SLOW_PAGES) {
        const measure = async (mode: Mode) => {
          progress(`slow: ${page.label} on ${network.name}, ${modeWords(mode)}`);
          const measured = await measurePage(browser, origin, page, cookie, network, mode, runs);
          rows.push({ page: page.label, network, mode, visit: measured });
          return measured;
        };
        let hydrates = false;
        for (const mode of MODES) {
          const measured = await measure(mode);
          if (mode.javaScript && measured.hydratedMs !== null) hydrates = true;
        }
        if (!hydrates) continue;
        const from = arrivedFrom(page);
        for (const javaScript of [false, true]) await measure({ javaScript, saveData: false, from });
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}
