import type { LoadResult } from "./load.ts";
import type { MemoryPeak } from "./memory.ts";
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
  "ratio",
  "HTML raw/gz (sent)",
  "CSS raw/gz",
  "JS raw/gz",
];
// Numbers right-aligned so columns of figures read at a glance.
const RIGHT_ALIGNED = [false, true, true, true, true, true, true, true, true];

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

function row(page: PageReport): string[] {
  const ratio = page.baseline.requestsPerSecond > 0 ? page.portal.requestsPerSecond / page.baseline.requestsPerSecond : 0;
  return [
    page.path,
    Math.round(page.portal.requestsPerSecond).toString(),
    page.portal.p99Ms.toString(),
    Math.round(page.baseline.requestsPerSecond).toString(),
    page.baseline.p99Ms.toString(),
    ratio.toFixed(3),
    htmlCell(page.weight.html),
    cssCell(page.weight.css),
    jsCell(page.weight.js),
  ];
}

/** A markdown table, padded so it also reads well as plain text in a terminal. */
export function table(pages: PageReport[]): string {
  const rows = [HEADER, ...pages.map(row)];
  const widths = HEADER.map((_, column) => Math.max(3, ...rows.map((cells) => (cells[column] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (RIGHT_ALIGNED[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (RIGHT_ALIGNED[column] ? ` ${"-".repeat(width - 1)}: ` : ` ${"-".repeat(width)} `)).join("|")}|`;
  return [line(HEADER), rule, ...rows.slice(1).map(line)].join("\n");
}

const mebibytes = (value: number | undefined) => (value === undefined ? "n/a" : `${value.toFixed(1)} MiB`);

export function memoryLine(peak: MemoryPeak): string {
  return `Peak RSS of the portal: ${mebibytes(peak.highWater)} (VmHWM over its whole life; highest VmRSS sampled every 200 ms: ${mebibytes(peak.sampled)})`;
}
