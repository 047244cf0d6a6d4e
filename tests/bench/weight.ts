import { constants, gzipSync } from "node:zlib";
import type { Snapshot } from "./http.ts";
import { get } from "./http.ts";

export type Bytes = { raw: number; gzip: number };

/** What the server put on the wire for a page's files when asked for one encoding. */
export type Sent = {
  bytes: number;
  /** Files that came back in the encoding asked for (files under 1 KB come back unencoded). */
  encoded: number;
};

/** The files of one kind as sent for `Accept-Encoding: br` (Chrome over HTTPS) and for `gzip` alone. */
export type SentFiles = { br: Sent; gzip: Sent };

export type PageWeight = {
  /** gzip: gzipSync level 9 of the raw body; sent: what the server put on the wire when asked for gzip. */
  html: Bytes & { sent: number; sentEncoding: string };
  css: Bytes & { files: number; sent: SentFiles };
  js: Bytes & { files: number; inline: number; sent: SentFiles };
};

const ASKED = ["br", "gzip"] as const;

type Reference = { kind: "css" | "js"; url: string };

const gzipBest = (data: Buffer | string) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;

// React escapes attribute values, so hrefs and hidden fields may hold these entities.
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
export const decodeEntities = (value: string) =>
  value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/** Attributes of one start tag; names lower-cased, valueless attributes as "". */
function attributes(tagBody: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tagBody.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1];
    if (name !== undefined) found.set(name.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return found;
}

/** Data blocks (JSON, import maps) are not run as script, so they are not JavaScript weight. */
function isJavaScript(type: string | undefined): boolean {
  if (type === undefined || type === "" || type === "module") return true;
  return /javascript|ecmascript/i.test(type);
}

/** Stylesheets and modulepreloads from <link>, external scripts, and inline script bodies. */
function references(html: string, pageUrl: string): { files: Reference[]; inlineScripts: string[] } {
  const files: Reference[] = [];
  for (const [, tagBody = ""] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(tagBody);
    const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attrs.get("href");
    if (!href) continue;
    if (rel.includes("stylesheet")) files.push({ kind: "css", url: new URL(href, pageUrl).href });
    else if (rel.includes("modulepreload")) files.push({ kind: "js", url: new URL(href, pageUrl).href });
  }
  const inlineScripts: string[] = [];
  for (const [, tagBody = "", content = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(tagBody);
    if (!isJavaScript(attrs.get("type"))) continue;
    const src = attrs.get("src");
    if (src) files.push({ kind: "js", url: new URL(src, pageUrl).href });
    else if (content.trim() !== "") inlineScripts.push(content);
  }
  // A file preloaded and also loaded by <script src> is downloaded once.
  const unique = [...new Map(files.map((file) => [file.url, file])).values()];
  return { files: unique, inlineScripts };
}

/**
 * A page's JavaScript as `pageWeight` counts it, in bytes gzipped (level 9): every modulepreload
 * and script file, and every inline script; `body` gives a file's bytes by its URL.
 */
export async function scriptWeight(
  html: string,
  pageUrl: string,
  body: (url: string) => Promise<Buffer>,
): Promise<number> {
  const { files, inlineScripts } = references(html, pageUrl);
  let total = 0;
  for (const script of inlineScripts) total += gzipBest(script);
  for (const file of files) if (file.kind === "js") total += gzipBest(await body(file.url));
  return total;
}

/** The asset as sent for that Accept-Encoding (none: identity), or why there is none. */
async function fetchAsset(url: string, acceptEncoding?: string): Promise<Snapshot | string> {
  try {
    const response = await get(url, acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding });
    return response.status === 200
      ? response
      : `answered ${response.status}${acceptEncoding ? ` for ${acceptEncoding}` : ""}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const noneSent = (): SentFiles => ({ br: { bytes: 0, encoded: 0 }, gzip: { bytes: 0, encoded: 0 } });

/**
 * What a first visit costs in bytes: the HTML plus the CSS and JS it references; `headers`
 * go with the page's own request (a session cookie).
 * Files that cannot be fetched are left out and reported in `problems`, not fatal.
 */
export async function pageWeight(
  pageUrl: string,
  rawHtml: Buffer,
  headers: Record<string, string> = {},
): Promise<{ weight: PageWeight; problems: string[] }> {
  const problems: string[] = [];
  const sent = await get(pageUrl, { ...headers, "Accept-Encoding": "gzip" });
  const { files, inlineScripts } = references(rawHtml.toString("utf8"), pageUrl);
  const origin = new URL(pageUrl).origin;

  const weight: PageWeight = {
    html: {
      raw: rawHtml.length,
      gzip: gzipBest(rawHtml),
      sent: sent.body.length,
      sentEncoding: sent.contentEncoding ?? "identity",
    },
    css: { raw: 0, gzip: 0, files: 0, sent: noneSent() },
    js: { raw: 0, gzip: 0, files: 0, inline: inlineScripts.length, sent: noneSent() },
  };
  // Inline scripts are also inside the HTML bytes; they are counted here as well so the
  // JS column shows all the script a page carries.
  for (const script of inlineScripts) {
    weight.js.raw += Buffer.byteLength(script);
    weight.js.gzip += gzipBest(script);
  }
  for (const file of files) {
    if (new URL(file.url).origin !== origin) {
      problems.push(`${file.url}: another origin, not counted`);
      continue;
    }
    const response = await fetchAsset(file.url);
    if (typeof response === "string") {
      problems.push(`${file.url}: ${response}, not counted`);
      continue;
    }
    const total = weight[file.kind];
    total.raw += response.body.length;
    total.gzip += gzipBest(response.body);
    total.files += 1;
    for (const encoding of ASKED) {
      const encoded = await fetchAsset(file.url, encoding);
      if (typeof encoded === "string") {
        problems.push(`${file.url}: ${encoded}, its sent bytes not counted`);
        continue;
      }
      total.sent[encoding].bytes += encoded.body.length;
      if (encoded.contentEncoding === encoding) total.sent[encoding].encoded += 1;
    }
  }
  return { weight, problems };
}
