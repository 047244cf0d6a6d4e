import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { LoadResult, LoadSettings } from "./load.ts";
import { measure } from "./load.ts";
import { cpuSeconds } from "./memory.ts";
import { signInSessions } from "./mix.ts";
import type { BenchPortal } from "./upstream.ts";

// "compare": the signed-in pages of another checkout's build (BENCH_BEFORE, e.g. main) and of
// this one, in one run on one machine, so a change's cost is read against the same load the
// machine was under. Each page is measured before, after, before, after, and each side's two
// runs averaged, so a burst of other work on a shared machine falls on both sides.

const COMPARED_PAGES = ["/dashboard", "/dashboard/purchase-airtime", "/dashboard/transactions"] as const;

/** The other checkout, which must hold a build of its own. */
export function beforeRoot(): string | null {
  const text = process.env.BENCH_BEFORE?.trim() ?? "";
  if (text === "") return null;
  const root = resolve(text);
  if (!existsSync(`${root}/build/server/index.js`)) throw new Error(`BENCH_BEFORE: no build in ${root}`);
  return `${root}/`;
}

type Side = { portal: BenchPortal; session: string };
type Summary = { requestsPerSecond: number; cpuMsPerRequest: number | undefined };
type Comparison = { path: string; before: Summary; after: Summary };

type Run = { requestsPerSecond: number; cpuMsPerRequest: number | undefined };

/** One measured run, after a warm-up of its own, with the portal's CPU time over the measured part only. */
async function measureRun(
  side: Side,
  path: string,
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<Run> {
  const url = `${side.portal.origin}${path}`;
  const headers = { Cookie: side.session };
  if (settings.warmupSeconds > 0) {
    await measure(url, { ...settings, durationSeconds: settings.warmupSeconds, warmupSeconds: 0 }, headers);
  }
  const cpuBefore = await cpuSeconds(side.portal.pid);
  const result: LoadResult = await measure(url, { ...settings, warmupSeconds: 0 }, headers);
  const cpuAfter = await cpuSeconds(side.portal.pid);
  const others = Object.entries(result.statuses).filter(([status]) => status !== "200");
  if (result.errors > 0 || others.length > 0) {
    const answers = others.map(([status, count]) => `${status} x${count}`).join(", ") || "none";
    progress(`warning: ${path} on ${side.portal.origin}: ${result.errors} errors, other answers: ${answers}`);
  }
  const requests = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
  const cpuMsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || requests === 0
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / requests;
  return { requestsPerSecond: result.requestsPerSecond, cpuMsPerRequest };
}

export async function comparePages(
  before: BenchPortal,
  after: BenchPortal,
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<Comparison[]> {
  const [beforeSession = ""] = await signInSessions(before.origin, 1);
  const [afterSession = ""] = await signInSessions(after.origin, 1);
  const sides = { before: { portal: before, session: beforeSession }, after: { portal: after, session: afterSession } };
  const comparisons: Comparison[] = [];
  for (const path of COMPARED_PAGES) {
    const runs: Record<"before" | "after", Run[]> = { before: [], after: [] };
    for (const round of [1, 2]) {
      for (const name of ["before", "after"] as const) {
        const run = await measureRun(sides[name], path, settings, progress);
        const cpu = run.cpuMsPerRequest === undefined ? "" : `, ${run.cpuMsPerRequest.toFixed(2)} ms CPU a request`;
        progress(`compare: ${path}, ${name}, round ${round}: ${run.requestsPerSecond.toFixed(0)} req/s${cpu}`);
        runs[name].push(run);
      }
    }
    comparisons.push({ path, before: summary(runs.before), after: summary(runs.after) });
  }
  return comparisons;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function summary(runs: readonly Run[]): Summary {
  const cpu = runs.map((run) => run.cpuMsPerRequest);
  const known = cpu.filter((value): value is number => value !== undefined);
  return {
    requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
    cpuMsPerRequest: known.length === cpu.length ? mean(known) : undefined,
  };
}

function change(before: number, after: number): string {
  return before === 0 ? "n/a" : `${(((after - before) / before) * 100).toFixed(1)} %`;
}

function cpuText(value: number | undefined): string {
  return value === undefined ? "n/a" : value.toFixed(2);
}

/** req/s follow the CPU the portal got on a shared machine; CPU per request is its own cost. */
export function comparisonTable(comparisons: readonly Comparison[]): string {
  const rows = comparisons.map(({ path, before, after }) => {
    const cpuChange =
      before.cpuMsPerRequest === undefined || after.cpuMsPerRequest === undefined
        ? "n/a"
        : change(before.cpuMsPerRequest, after.cpuMsPerRequest);
    return [
      `${path} (signed in)`,
      before.requestsPerSecond.toFixed(0),
      after.requestsPerSecond.toFixed(0),
      change(before.requestsPerSecond, after.requestsPerSecond),
      cpuText(before.cpuMsPerRequest),
      cpuText(after.cpuMsPerRequest),
      cpuChange,
    ].join(" | ");
  });
  return [
    "| page | before req/s | after req/s | change | before ms CPU/request | after ms CPU/request | change |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}
