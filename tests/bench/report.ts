import type { CsvRun, HistoryReport } from "./history.ts";
import type { LoadResult } from "./load.ts";
import type { MemoryPeak, RssSample } from "./memory.ts";
import type { MixResult, MixSettings } from "./mix.ts";
import type { SlowRow } from "./slow.ts";
import type { PageWeight } from "./weight.ts";

export type PageReport = {
  path: string;
  portal: LoadResult;
  baseline: LoadResult;
  weight: PageWeight;
};

const HEADER = [
  "page",
  "portal req/s",
  "portal p99 ms",
  "baseline req/s",
  "baseline p99 ms",
  "vs limit",
  "vs bare",
  "HTML raw/gz (sent)",
  "CSS raw/gz",
  "CSS sent br/gzip",
  "JS raw/gz",
  "JS sent br/gzip",
];
// Numbers right-aligned so columns of figures read at a glance.
const RIGHT_ALIGNED = [false, true, true, true, true, true, true, true, true, true, true, true];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function htmlCell(html: PageWeight["html"]): string {
  const encoding = html.sentEncoding === "gzip" ? "" : ` ${html.sentEncoding}`;
  return `${html.raw} / ${html.gzip} (${html.sent}${encoding})`;
}

function cssCell(css: PageWeight["css"]): string {
  return `${css.raw} / ${css.gzip} (${plural(css.files, "file")})`;
}

function jsCell(js: PageWeight["js"]): string {
  const inline = js.inline > 0 ? ` + ${js.inline} inline` : "";
  return `${js.raw} / ${js.gzip} (${plural(js.files, "file")}${inline})`;
}

/** Bytes sent for br, then for gzip; a mark when a file came back in neither (as from a server that compresses nothing). */
function sentCell(kind: PageWeight["css"] | PageWeight["js"]): string {
  if (kind.files === 0) return "-";
  const { br, gzip } = kind.sent;
  const mark = br.encoded === 0 && gzip.encoded === 0 ? " identity" : "";
  return `${br.bytes} / ${gzip.bytes}${mark}`;
}

const ratio = (part: number, whole: number) => (whole > 0 ? (part / whole).toFixed(3) : "n/a");

function row(page: PageReport, bareRequestsPerSecond: number): string[] {
  return [
    page.path,
    Math.round(page.portal.requestsPerSecond).toString(),
    page.portal.p99Ms.toString(),
    Math.round(page.baseline.requestsPerSecond).toString(),
    page.baseline.p99Ms.toString(),
    ratio(page.portal.requestsPerSecond, page.baseline.requestsPerSecond),
    ratio(page.portal.requestsPerSecond, bareRequestsPerSecond),
    htmlCell(page.weight.html),
    cssCell(page.weight.css),
    sentCell(page.weight.css),
    jsCell(page.weight.js),
    sentCell(page.weight.js),
  ];
}

/** A markdown table, padded so it also reads well as plain text in a terminal. */
function markdownTable(header: readonly string[], rightAligned: readonly boolean[], body: readonly string[][]): string {
  const rows = [header, ...body];
  const widths = header.map((_, column) => Math.max(3, ...rows.map((cells) => (cells[column] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (rightAligned[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (rightAligned[column] ? ` ${"-".repeat(width - 1)}: ` : ` ${"-".repeat(width)} `)).join("|")}|`;
  return [line(header), rule, ...body.map(line)].join("\n");
}

/** "vs limit": req/s as a share of the bare node:http server's; "vs bare": of the bare React Router page's. */
export function table(pages: readonly PageReport[], bareRequestsPerSecond: number): string {
  return markdownTable(
    HEADER,
    RIGHT_ALIGNED,
    pages.map((page) => row(page, bareRequestsPerSecond)),
  );
}

const mebibytes = (value: number | undefined) => (value === undefined ? "n/a" : `${value.toFixed(1)} MiB`);

export function memoryLine(peak: MemoryPeak): string {
  return `Peak RSS of the portal: ${mebibytes(peak.highWater)} (VmHWM over its whole life; highest VmRSS sampled every 200 ms: ${mebibytes(peak.sampled)})`;
}

const MIX_HEADER = ["kind", "request", "count", "p99 ms", "unexpected answers"];
const MIX_RIGHT_ALIGNED = [false, false, true, true, false];

function unexpectedCell(unexpected: Record<string, number>): string {
  const entries = Object.entries(unexpected);
  return entries.length === 0 ? "none" : entries.map(([answer, count]) => `${answer} x${count}`).join(", ");
}

/** RSS every `step` seconds of the run (the sample nearest each mark), to show a trend at a glance. */
function rssSeries(samples: readonly RssSample[], step: number): string {
  const last = samples.at(-1);
  if (!last) return "n/a";
  const marks: string[] = [];
  for (let mark = 0; mark <= last.seconds + step / 2; mark += step) {
    const nearest = samples.reduce((best, sample) =>
      Math.abs(sample.seconds - mark) < Math.abs(best.seconds - mark) ? sample : best,
    );
    marks.push(nearest.mebibytes.toFixed(0));
  }
  return marks.join(" ");
}

function rssLines(samples: readonly RssSample[]): string[] {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return ["Portal RSS during the load: n/a (no /proc)"];
  const peak = Math.max(...samples.map((sample) => sample.mebibytes));
  const change = last.mebibytes - first.mebibytes;
  return [
    `Portal RSS during the load: ${mebibytes(first.mebibytes)} after the warm-up, ${mebibytes(last.mebibytes)} at the end (${change >= 0 ? "+" : ""}${change.toFixed(1)} MiB), peak ${mebibytes(peak)}`,
    `RSS in MiB every 5 s of the load: ${rssSeries(samples, 5)}`,
  ];
}

/** What the portal process (and the sandbox's, when it has its own) used during the measured load. */
export type PortalUsage = {
  samples: readonly RssSample[];
  portalCpuSeconds: number | undefined;
  upstreamCpuSeconds: number | undefined;
};

function cpuFigures(result: MixResult, settings: MixSettings, cpu: number): string {
  const requests = result.steps.reduce((sum, step) => sum + step.count, 0);
  const perRequest = requests > 0 ? ` = ${((cpu * 1000) / requests).toFixed(1)} ms per request` : "";
  return `${cpu.toFixed(1)} s in ${settings.durationSeconds} s (${(cpu / settings.durationSeconds).toFixed(2)} cores)${perRequest}`;
}

function cpuLines(result: MixResult, settings: MixSettings, usage: PortalUsage): string[] {
  if (usage.portalCpuSeconds === undefined) return ["Portal CPU during the load: n/a (no /proc)"];
  const lines = [
    `Portal CPU during the load: ${cpuFigures(result, settings, usage.portalCpuSeconds)}; on a shared machine req/s follow the CPU the portal got`,
  ];
  if (usage.upstreamCpuSeconds !== undefined)
    lines.push(
      `Sandbox upstream's own process, not counted above: ${cpuFigures(result, settings, usage.upstreamCpuSeconds)}`,
    );
  return lines;
}

export function mixReport(result: MixResult, settings: MixSettings, usage: PortalUsage, loginLimit: string): string {
  const { connections, durationSeconds, warmupSeconds, sessions } = settings;
  const errors = result.connectionErrors + result.unexpectedAnswers;
  const rows = result.steps.map((step) => [
    step.kind,
    step.label,
    String(step.count),
    String(step.p99Ms),
    unexpectedCell(step.unexpected),
  ]);
  return [
    `Load: ${connections} connections for ${durationSeconds} s after a ${warmupSeconds} s warm-up, each going round the requests below (gzip asked for except on the login page); dashboard pages on ${plural(sessions, "session")} signed in before the run, logins for the demo accounts.`,
    `LOGIN_ATTEMPTS_PER_IP=${loginLimit} for this portal: all bench traffic comes from one address, which the default limit (300 per 15 minutes) would lock out.`,
    "",
    `Throughput ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`,
    `Errors: ${errors} (${result.connectionErrors} connection errors, of which ${result.timeouts} timeouts; ${result.unexpectedAnswers} unexpected answers)`,
    "",
    markdownTable(MIX_HEADER, MIX_RIGHT_ALIGNED, rows),
    "",
    ...rssLines(usage.samples),
    ...cpuLines(result, settings, usage),
  ].join("\n");
}

/** The capped load mix against the uncapped one: the share of throughput kept and the memory it took. */
export function cappedLine(
  uncapped: { result: MixResult; rssPeak: number | undefined },
  capped: { result: MixResult; rssPeak: number | undefined },
): string {
  const kept = ratio(capped.result.requestsPerSecond, uncapped.result.requestsPerSecond);
  return `Capped against uncapped: ${Math.round(capped.result.requestsPerSecond)} against ${Math.round(uncapped.result.requestsPerSecond)} req/s (${kept} of the throughput), p99 ${capped.result.p99Ms} against ${uncapped.result.p99Ms} ms, RSS peak ${mebibytes(capped.rssPeak)} against ${mebibytes(uncapped.rssPeak)}`;
}

const HISTORY_HEADER = ["transactions page", "100 rows req/s", "p99 ms", "10,000 rows req/s", "p99 ms", "cost ×"];
const HISTORY_RIGHT_ALIGNED = [false, true, true, true, true, true];

/** The transactions pages of a short and a long history; "cost ×" is how many times dearer the long one is. */
export function historyTable(reports: readonly HistoryReport[]): string {
  const rows = reports.map(({ path, small, large }) => [
    path.replace("/dashboard/transactions", "") || "(default)",
    Math.round(small.requestsPerSecond).toString(),
    small.p99Ms.toString(),
    Math.round(large.requestsPerSecond).toString(),
    large.p99Ms.toString(),
    large.requestsPerSecond > 0 ? (small.requestsPerSecond / large.requestsPerSecond).toFixed(2) : "n/a",
  ]);
  return markdownTable(HISTORY_HEADER, HISTORY_RIGHT_ALIGNED, rows);
}

/** The CSV downloads of the long history: size, time and the portal's memory around each. */
export function csvLines(runs: readonly CsvRun[]): string {
  return runs
    .map(
      (run) =>
        `CSV of 10,000 rows (${run.label}): ${(run.bytes / 1024).toFixed(0)} KiB in ${run.ms.toFixed(0)} ms; portal RSS ${mebibytes(run.rssBefore)} before, peak ${mebibytes(run.rssPeak)}`,
    )
    .join("\n");
}

const SLOW_HEADER = [
  "page",
  "network",
  "request",
  "painted JS off s",
  "painted JS on s",
  "on vs off",
  "hydrated s",
  "script kB",
  "HTML kB",
  "all kB JS off / on",
  "requests JS on",
  "usable JS off s",
];
const SLOW_RIGHT_ALIGNED = [false, false, false, true, true, false, false, true, true, true, true, false];

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const kilobytes = (bytes: number) => (bytes / 1000).toFixed(1);
const total = ({ html, css, js, other }: SlowRow["visit"]["bytes"]) => html + css + js + other;

/** The paint with JavaScript on against off: met within 10 % or 0.15 s of it (decision 073). */
function paintCell(off: number, on: number): string {
  const met = on <= Math.max(off * 1.1, off + 150);
  return `${on >= off ? "+" : "-"}${seconds(Math.abs(on - off))} ${met ? "met" : "MISSED"}`;
}

function hydratedCell(hydratedMs: number | null, goalMs: number | null): string {
  if (hydratedMs === null) return "-";
  if (goalMs === null) return seconds(hydratedMs);
  return `${seconds(hydratedMs)} ${hydratedMs <= goalMs ? "met" : "MISSED"} (${seconds(goalMs)})`;
}

function requestWords({ saveData, from }: SlowRow["mode"]): string {
  if (from !== null) return `from ${from}`;
  return saveData ? "Save-Data: on" : "plain";
}

/**
 * The slow-network visits, a page's JavaScript-off and -on visits on one row, and a second row
 * for the same page asked for with `Save-Data: on`. Goals are printed as met or MISSED and
 * fail nothing: usable with JavaScript off, the paint with it on against off, hydrated.
 */
export function slowTable(rows: readonly SlowRow[]): string {
  const find = (like: SlowRow, javaScript: boolean) =>
    rows.find(
      (row) =>
        row.page === like.page &&
        row.network === like.network &&
        row.mode.saveData === like.mode.saveData &&
        row.mode.from === like.mode.from &&
        row.mode.javaScript === javaScript,
    );
  const body = rows.flatMap((row): string[][] => {
    const on = row.mode.javaScript ? undefined : find(row, true);
    if (on === undefined) return [];
    const { network, visit: off } = row;
    const goal = `${seconds(network.goalMs).replace(/\.00$/, "")} s`;
    return [
      [
        row.page,
        network.name,
        requestWords(row.mode),
        seconds(off.paintMs),
        seconds(on.visit.paintMs),
        paintCell(off.paintMs, on.visit.paintMs),
        hydratedCell(on.visit.hydratedMs, network.hydratedGoalMs),
        kilobytes(on.visit.bytes.js),
        kilobytes(on.visit.bytes.html),
        `${kilobytes(total(off.bytes))} / ${kilobytes(total(on.visit.bytes))}`,
        String(on.visit.requests),
        `${seconds(off.usableMs)} ${off.usableMs <= network.goalMs ? "met" : "MISSED"} (${goal})`,
      ],
    ];
  });
  return markdownTable(SLOW_HEADER, SLOW_RIGHT_ALIGNED, body);
}
