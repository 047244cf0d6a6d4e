import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { LoadResult, LoadSettings } from "./load.ts";
import { measure } from "./load.ts";
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
type Comparison = { path: string; before: number; after: number };

async function requestsPerSecond(
  side: Side,
  path: string,
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<number> {
  const result: LoadResult = await measure(`${side.portal.origin}${path}`, settings, { Cookie: side.session });
  const others = Object.entries(result.statuses).filter(([status]) => status !== "200");
  if (result.errors > 0 || others.length > 0) {
    const answers = others.map(([status, count]) => `${status} x${count}`).join(", ") || "none";
    progress(`warning: ${path} on ${side.portal.origin}: ${result.errors} errors, other answers: ${answers}`);
  }
  return result.requestsPerSecond;
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
    const runs = { before: [] as number[], after: [] as number[] };
    for (const round of [1, 2]) {
      for (const name of ["before", "after"] as const) {
        const rate = await requestsPerSecond(sides[name], path, settings, progress);
        progress(`compare: ${path}, ${name}, round ${round}: ${rate.toFixed(0)} req/s`);
        runs[name].push(rate);
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    comparisons.push({ path, before: mean(runs.before), after: mean(runs.after) });
  }
  return comparisons;
}

export function comparisonTable(comparisons: readonly Comparison[]): string {
  const rows = comparisons.map(({ path, before, after }) => {
    const change = before === 0 ? "n/a" : `${(((after - before) / before) * 100).toFixed(1)} %`;
    return `| ${path} (signed in) | ${before.toFixed(0)} | ${after.toFixed(0)} | ${change} |`;
  });
  return ["| page | before req/s | after req/s | change |", "| --- | ---: | ---: | ---: |", ...rows].join("\n");
}
