import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Snapshot } from "./http.ts";
import { get, startBaseline } from "./http.ts";
import type { LoadResult, LoadSettings } from "./load.ts";
import { measure, stopLoad } from "./load.ts";
import type { MemoryTrace } from "./memory.ts";
import { cpuSeconds, sampleMemory, traceMemory } from "./memory.ts";
import type { MixResult, MixSettings } from "./mix.ts";
import { MixSetupError, measureMix, signInSessions } from "./mix.ts";
import { environmentOf, finalStage } from "../support/dockerfile.ts";
import type { Portal } from "../support/portal-process.ts";
import { PortalStartError } from "../support/portal-process.ts";
import type { PageReport } from "./report.ts";
import { cappedLine, csvLines, historyTable, memoryLine, mixReport, slowTable, table } from "./report.ts";
import { BARE_PATH, buildBarePage, startBarePage } from "./bare.ts";
import { beforeRoot, comparePages, comparisonTable } from "./compare.ts";
import { benchmarkHistory, LARGE_HISTORY, SMALL_HISTORY } from "./history.ts";
import type { BenchPortal, UpstreamPlacement } from "./upstream.ts";
import { startBenchPortal, UPSTREAM_PLACEMENTS } from "./upstream.ts";
import type { Network } from "./slow.ts";
import { measureSlowNetworks, NETWORKS } from "./slow.ts";
import { pageWeight } from "./weight.ts";

// `npm run bench`: the production build under load next to a bare node:http server that
// answers the same bytes, plus what each page weighs ("pages"); then many visitors at once
// on a mix of public pages, logins and dashboard pages ("load"); then the transactions page of
// a 100-row and a 10,000-row history ("history", its own portal); then each page in Chromium
// on an emulated 2G and 3G link ("slow"). Numbers only; nothing is asserted.
// The sandbox upstream runs in a process of its own unless BENCH_UPSTREAM=embedded (upstream.ts).

/**
 * Path and the status it must answer; anything else means the page is broken, not slow.
 * Signed-in pages are asked for with the session of a demo account signed in before the run.
 */
const PAGES: readonly { path: string; status: number; signedIn?: true }[] = [
  { path: "/", status: 200 },
  { path: "/pricing", status: 200 },
  { path: "/no-such-page", status: 404 },
  { path: "/dashboard", status: 200, signedIn: true },
  { path: "/dashboard/purchase-airtime", status: 200, signedIn: true },
  { path: "/dashboard/transactions", status: 200, signedIn: true },
];

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// The load scenario logs in many times a second from 127.0.0.1; the highest value the
// portal accepts keeps the per-address limit from locking the bench out.
const LOGIN_ATTEMPTS_PER_IP = "1000000";

const SCENARIOS = ["pages", "load", "history", "slow", "compare"] as const;
type Scenario = (typeof SCENARIOS)[number];
/** "compare" needs BENCH_BEFORE, so it runs only when asked for. */
const DEFAULT_SCENARIOS: readonly Scenario[] = ["pages", "load", "history", "slow"];

/** Stops the run with exit 1 and a message, no stack: bad settings, no build, a page that did not answer. */
class BenchError extends Error {
  override name = "BenchError";
}

function numberSetting(name: string, fallback: number, minimum: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < minimum)
    throw new BenchError(`${name} must be a number >= ${minimum}, got "${text}"`);
  return value;
}

function loadSettings(): LoadSettings {
  return {
    durationSeconds: numberSetting("BENCH_DURATION_SECONDS", 10, 1),
    connections: Math.round(numberSetting("BENCH_CONNECTIONS", 20, 1)),
    warmupSeconds: numberSetting("BENCH_WARMUP_SECONDS", 2, 0),
  };
}

function mixSettings(): MixSettings {
  return {
    connections: Math.round(numberSetting("BENCH_LOAD_CONNECTIONS", 50, 1)),
    durationSeconds: numberSetting("BENCH_LOAD_DURATION_SECONDS", 30, 1),
    // Long enough for V8's heap to grow to its working size on a busy 2-core machine, so the
    // measured run shows whether memory then stays flat rather than the heap settling in.
    warmupSeconds: numberSetting("BENCH_LOAD_WARMUP_SECONDS", 30, 0),
    sessions: Math.round(numberSetting("BENCH_LOAD_SESSIONS", 8, 1)),
  };
}

/** Visits per page, network and mode in the slow scenario; its times are their median. */
function slowRuns(): number {
  return Math.round(numberSetting("BENCH_SLOW_RUNS", 3, 1));
}

/** The slow scenario's networks, by name (BENCH_SLOW_NETWORKS=2G); all of them by default. */
function slowNetworks(): Network[] {
  const text = process.env.BENCH_SLOW_NETWORKS;
  if (text === undefined || text.trim() === "") return [...NETWORKS];
  const names = NETWORKS.map((network) => network.name);
  return text.split(",").map((part) => {
    const network = NETWORKS.find((known) => known.name === part.trim());
    if (!network) throw new BenchError(`BENCH_SLOW_NETWORKS must list ${names.join(" and/or ")}; got "${text}"`);
    return network;
  });
}

function upstreamPlacement(): UpstreamPlacement {
  const text = process.env.BENCH_UPSTREAM?.trim() ?? "";
  if (text === "") return "process";
  const placement = UPSTREAM_PLACEMENTS.find((known) => known === text);
  if (!placement) throw new BenchError(`BENCH_UPSTREAM must be ${UPSTREAM_PLACEMENTS.join(" or ")}, got "${text}"`);
  return placement;
}

function scenarios(): Set<Scenario> {
  const text = process.env.BENCH_SCENARIOS;
  if (text === undefined || text.trim() === "") return new Set(DEFAULT_SCENARIOS);
  const chosen = new Set<Scenario>();
  for (const name of text.split(",").map((part) => part.trim())) {
    const scenario = SCENARIOS.find((known) => known === name);
    if (!scenario)
      throw new BenchError(`BENCH_SCENARIOS must list ${SCENARIOS.join(" and/or ")}, comma-separated; got "${text}"`);
    chosen.add(scenario);
  }
  return chosen;
}

/**
 * With BENCH_CPU_PROF=<directory>, each portal the bench starts writes a V8 CPU profile there
 * when it stops (`node --cpu-prof`), to open in Chrome's DevTools: where the CPU of the mix goes.
 * The image's own NODE_OPTIONS, for the capped run, are kept.
 */
function profiled(settings: Record<string, string>): Record<string, string> {
  const directory = process.env.BENCH_CPU_PROF?.trim() ?? "";
  if (directory === "") return settings;
  const options = [settings.NODE_OPTIONS, "--cpu-prof", `--cpu-prof-dir=${directory}`].filter(Boolean).join(" ");
  return { ...settings, NODE_OPTIONS: options };
}

/** The benchmark measures a build, it never makes one: stale or missing output is the user's call. */
function requireBuild(): void {
  const needed = ["build/server/index.js", "build/client"];
  const missing = needed.filter((path) => !existsSync(`${ROOT}${path}`));
  if (missing.length > 0)
    throw new BenchError(
      `${missing.join(" and ")} not found. Run \`npm run build\` first, then \`npm run bench\` again.`,
    );
}

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);

function upstreamWords(upstream: UpstreamPlacement): string {
  return upstream === "process"
    ? "the sandbox as a server of its own (node sandbox/serve.ts), its CPU counted apart"
    : "the embedded sandbox, inside the portal's process";
}

/** One page to measure: where, what it must answer, and the headers that go with it. */
type Target = { label: string; server: Portal; path: string; status: number; headers: Record<string, string> };

async function snapshot({ server, path, status, headers }: Target): Promise<Snapshot> {
  let page: Snapshot;
  try {
    page = await get(`${server.origin}${path}`, headers);
  } catch (error) {
    throw new BenchError(`GET ${path} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (page.status !== status) {
    throw new BenchError(
      `GET ${path} answered ${page.status}, expected ${status}\n--- server output (last lines) ---\n${await server.logTail()}`,
    );
  }
  return page;
}

/** Say so when a run saw errors or other statuses than the snapshot: its numbers mean less. */
function warnIfOff(label: string, result: LoadResult, status: number): void {
  const others = Object.entries(result.statuses).filter(([code]) => code !== String(status));
  if (result.errors > 0) progress(`warning: ${label}: ${result.errors} connection errors or timeouts`);
  if (others.length > 0)
    progress(
      `warning: ${label}: answers other than ${status}: ${others.map(([code, count]) => `${code} x${count}`).join(", ")}`,
    );
}

/** The target against a bare node:http server answering its bytes, after a warm-up each. */
async function measureTarget(target: Target, settings: LoadSettings): Promise<PageReport> {
  const page = await snapshot(target);
  const url = `${target.server.origin}${target.path}`;
  const { weight, problems } = await pageWeight(url, page.body, target.headers);
  for (const problem of problems) progress(`warning: ${target.label}: ${problem}`);
  const baseline = await startBaseline(new Map([[target.path, page]]));
  try {
    progress(`${target.label}: portal`);
    const portalResult = await measure(url, settings, target.headers);
    warnIfOff(`${target.label} portal`, portalResult, target.status);
    progress(`${target.label}: baseline`);
    const baselineResult = await measure(`${baseline.origin}${target.path}`, settings);
    warnIfOff(`${target.label} baseline`, baselineResult, target.status);
    return { path: target.label, portal: portalResult, baseline: baselineResult, weight };
  } finally {
    await baseline.close();
  }
}

async function benchmarkPages(portal: Portal, settings: LoadSettings): Promise<void> {
  progress("building and starting the bare React Router page");
  await buildBarePage(ROOT);
  const bare = await startBarePage(ROOT);
  try {
    const [session = ""] = await signInSessions(portal.origin, 1);
    const targets = PAGES.map(({ path, status, signedIn }): Target => ({
      label: signedIn ? `${path} (signed in)` : path,
      server: portal,
      path,
      status,
      headers: signedIn ? { Cookie: session } : {},
    }));
    targets.push({ label: "bare React Router page", server: bare, path: BARE_PATH, status: 200, headers: {} });
    const reports: PageReport[] = [];
    for (const target of targets) reports.push(await measureTarget(target, settings));

    const { connections, durationSeconds, warmupSeconds } = settings;
    process.stdout.write(
      `\n${connections} connections, ${durationSeconds} s per run after a ${warmupSeconds} s warm-up; bytes; gz = gzip -9, (sent) = what the portal sends for Accept-Encoding: gzip; sent br/gzip = what it sends for the CSS and JS files when asked for br (as Chrome over HTTPS), then for gzip alone (files under 1 KB come back unencoded; inline scripts are in the HTML's bytes), identity when it compressed none; limit = the same bytes from a bare node:http server; bare = a one-route React Router page of the same versions (tests/bench/bare)\n\n`,
    );
    process.stdout.write(`${table(reports, reports.at(-1)?.portal.requestsPerSecond ?? 0)}\n`);
  } catch (error) {
    if (error instanceof MixSetupError) throw new BenchError(error.message);
    throw error;
  } finally {
    await bare.stop();
  }
}

async function benchmarkSlow(portal: Portal, networks: readonly Network[], runs: number): Promise<void> {
  let session: string;
  try {
    [session = ""] = await signInSessions(portal.origin, 1);
  } catch (error) {
    if (error instanceof MixSetupError) throw new BenchError(error.message);
    throw error;
  }
  const rows = await measureSlowNetworks(portal.origin, session, networks, runs, progress);
  const emulated = networks
    .map(({ name, downKbps, upKbps, rttMs }) => `${name} ${downKbps} kbit/s down, ${upKbps} up, ${rttMs} ms latency`)
    .join("; ");
  process.stdout.write(
    `\nSlow networks: Chromium with CDP network emulation (${emulated}), a fresh context per visit (cold cache), median of ${runs} visits. painted = first contentful paint; on vs off = the paint with JavaScript on against off, met within 10 % or 0.15 s; hydrated = the page's first control has React's props (- : the page loaded no script); script, HTML = kB (1,000 bytes) of the JavaScript-on visit as encoded on the wire, headers included; all = every byte of the visit until the network is idle; usable = painted and parsed (DOMContentLoaded). Save-Data: on = every request of the visit sends the header; from /dashboard (or /) = a page that hydrates opened from that page, which ships no script, in the same context: the stylesheet cached, the scripts not, as people reach it\n\n${slowTable(rows)}\n`,
  );
}

type LoadRun = { result: MixResult; rssPeak: number | undefined };

/** Starts counting a process's CPU seconds; the returned function gives those used since (undefined without a process or /proc). */
function cpuSince(pid: number | undefined): () => Promise<number | undefined> {
  if (pid === undefined) return () => Promise.resolve(undefined);
  const before = cpuSeconds(pid);
  return async () => {
    const [start, end] = [await before, await cpuSeconds(pid)];
    return start === undefined || end === undefined ? undefined : end - start;
  };
}

async function benchmarkLoad(portal: BenchPortal, settings: MixSettings, heading: string): Promise<LoadRun> {
  progress(`load (${heading}): signing ${settings.sessions} sessions in`);
  let sessions: string[];
  try {
    sessions = await signInSessions(portal.origin, settings.sessions);
  } catch (error) {
    if (!(error instanceof MixSetupError)) throw error;
    throw new BenchError(`${error.message}\n--- server output (last lines) ---\n${await portal.logTail()}`);
  }
  progress(
    `load (${heading}): ${settings.warmupSeconds} s warm-up, then ${settings.durationSeconds} s measured, ${settings.connections} connections`,
  );
  // Memory is traced from the end of the warm-up on: what it does after that is the question.
  let trace: MemoryTrace | undefined;
  let portalCpu = cpuSince(undefined);
  let upstreamCpu = cpuSince(undefined);
  const result = await measureMix(portal.origin, sessions, settings, () => {
    trace = traceMemory(portal.pid);
    portalCpu = cpuSince(portal.pid);
    upstreamCpu = cpuSince(portal.upstreamPid);
  });
  const samples = trace ? await trace.stop() : [];
  const [portalCpuSeconds, upstreamCpuSeconds] = [await portalCpu(), await upstreamCpu()];
  if (result.connectionErrors > 0 || result.unexpectedAnswers > 0) {
    progress(
      `warning: load: ${result.connectionErrors} connection errors and ${result.unexpectedAnswers} unexpected answers (see the table)`,
    );
  }
  process.stdout.write(
    `\n${heading}\n\n${mixReport(result, settings, { samples, portalCpuSeconds, upstreamCpuSeconds }, LOGIN_ATTEMPTS_PER_IP)}\n`,
  );
  const rssPeak = samples.length > 0 ? Math.max(...samples.map((sample) => sample.mebibytes)) : undefined;
  return { result, rssPeak };
}

/** How the Docker image runs Node: its heap sizes and glibc's allocator settings, from the Dockerfile's ENV. */
async function imageSettings(): Promise<Record<string, string>> {
  const environment = environmentOf(await finalStage(ROOT));
  const settings = Object.fromEntries(
    Object.entries(environment).filter(([name]) => name === "NODE_OPTIONS" || name.startsWith("MALLOC_")),
  );
  if (!settings.NODE_OPTIONS)
    throw new BenchError("the Dockerfile sets no NODE_OPTIONS, so there is no capped run to make");
  return settings;
}

/** The load mix again on a portal started as the Docker image starts it, against the uncapped run. */
async function benchmarkCappedLoad(
  upstream: UpstreamPlacement,
  settings: MixSettings,
  uncapped: LoadRun,
): Promise<void> {
  const image = await imageSettings();
  const named = Object.entries(image)
    .map(([name, value]) => `${name}="${value}"`)
    .join(" ");
  progress(`starting a second portal with ${named}, as the Docker image runs it`);
  const portal = await startBenchPortal(ROOT, upstream, profiled({ LOGIN_ATTEMPTS_PER_IP, ...image }));
  try {
    const capped = await benchmarkLoad(portal, settings, `Capped: ${named}, as the Docker image sets them`);
    process.stdout.write(`\n${cappedLine(uncapped, capped)}\n`);
  } finally {
    await portal.stop();
  }
}

async function benchmarkOnePortal(
  chosen: Set<Scenario>,
  upstream: UpstreamPlacement,
  pages: LoadSettings,
  load: MixSettings,
  slow: { networks: readonly Network[]; runs: number },
): Promise<void> {
  progress(
    `starting the portal (node server.ts, production build, LOGIN_ATTEMPTS_PER_IP=${LOGIN_ATTEMPTS_PER_IP}) on ${upstreamWords(upstream)}`,
  );
  const portal = await startBenchPortal(ROOT, upstream, profiled({ LOGIN_ATTEMPTS_PER_IP }));
  // Ctrl-C must not leave a server holding the port behind.
  const interrupted = () => {
    stopLoad();
    void portal.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const sampler = sampleMemory(portal.pid);
  let uncapped: LoadRun | undefined;
  try {
    if (chosen.has("pages")) await benchmarkPages(portal, pages);
    if (chosen.has("slow")) await benchmarkSlow(portal, slow.networks, slow.runs);
    if (chosen.has("load")) uncapped = await benchmarkLoad(portal, load, "Uncapped: Node's default heap size");
    process.stdout.write(`\n${memoryLine(await sampler.stop())}\n`);
  } finally {
    await sampler.stop();
    await portal.stop();
  }
  if (uncapped) await benchmarkCappedLoad(upstream, load, uncapped);
}

/** The signed-in pages of BENCH_BEFORE's build and of this one, side by side (compare.ts). */
async function benchmarkComparison(upstream: UpstreamPlacement, settings: LoadSettings): Promise<void> {
  let root: string | null;
  try {
    root = beforeRoot();
  } catch (error) {
    throw new BenchError(error instanceof Error ? error.message : String(error));
  }
  if (root === null) throw new BenchError("BENCH_SCENARIOS=compare needs BENCH_BEFORE, a checkout with a build");
  progress(`compare: starting the portal of ${root} and this one`);
  const before = await startBenchPortal(root, upstream, { LOGIN_ATTEMPTS_PER_IP });
  try {
    const after = await startBenchPortal(ROOT, upstream, { LOGIN_ATTEMPTS_PER_IP });
    try {
      const comparisons = await comparePages(before, after, settings, progress);
      process.stdout.write(
        `\nSigned-in pages, before = ${root}, after = this checkout; ${settings.connections} connections, two ${settings.durationSeconds} s runs each, alternated\n\n${comparisonTable(comparisons)}\n`,
      );
    } finally {
      await after.stop();
    }
  } finally {
    await before.stop();
  }
}

async function main(): Promise<number> {
  const chosen = scenarios();
  const upstream = upstreamPlacement();
  const pages = loadSettings();
  const load = mixSettings();
  const slow = { networks: slowNetworks(), runs: slowRuns() };
  requireBuild();
  process.stdout.write(`Upstream: ${upstreamWords(upstream)} (BENCH_UPSTREAM=${upstream})\n`);
  if (chosen.has("pages") || chosen.has("load") || chosen.has("slow"))
    await benchmarkOnePortal(chosen, upstream, pages, load, slow);
  if (chosen.has("compare")) await benchmarkComparison(upstream, pages);
  if (chosen.has("history")) {
    const start = (settings: Record<string, string>) =>
      startBenchPortal(ROOT, upstream, { LOGIN_ATTEMPTS_PER_IP, ...settings });
    const { pages: reports, csv } = await benchmarkHistory(start, pages, progress);
    process.stdout.write(
      `\nHistory: the transactions page signed in as an account with ${SMALL_HISTORY} and one with ${LARGE_HISTORY} transactions, ${pages.connections} connections, ${pages.durationSeconds} s each\n\n${historyTable(reports)}\n\n${csvLines(csv)}\n`,
    );
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof BenchError || error instanceof PortalStartError) {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
