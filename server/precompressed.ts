import { readdirSync } from "node:fs";
import { extname, resolve } from "node:path";
import type { RequestHandler } from "express";

// The hashed JS and CSS in build/client/assets are compressed once, at build time, by
// scripts/precompress.ts (brotli quality 11, gzip level 9): this sends those copies as they
// are instead of compressing the file again on every request (decision 039).

export type Encoding = "br" | "gzip";

/** The compressed copies of one file, by their absolute paths. */
type Copies = Record<Encoding, string | null>;

/** How a file is sent, as `res.sendFile` and `express.static` both take it. */
export type Sending = {
  /** Cache-Control: `maxAge` in ms or as "1y", and `immutable`. */
  maxAge: number | string;
  immutable: boolean;
  /**
   * Validators and byte ranges: whether the answer carries ETag, Last-Modified and
   * Accept-Ranges. `res.sendFile` takes the ETag from Express's own "etag" setting instead.
   */
  etag: boolean;
  lastModified: boolean;
  acceptRanges: boolean;
};

/**
 * The hashed files' sending (decision 095): a name that never changes content is kept a year
 * and never asked for again, so it needs no validator to ask with and no byte ranges; each of
 * those headers is paid for by every file on a 2G line.
 */
export const HASHED_FILES: Sending = {
  maxAge: "1y",
  immutable: true,
  etag: false,
  lastModified: false,
  acceptRanges: false,
};

export type PrecompressedOptions = Sending & {
  /** The folder the handler is mounted over; its listing is read once, here. */
  directory: string;
};

/** A qvalue as RFC 9110 §12.4.2 writes it: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Each coding of an Accept-Encoding header with its weight (the highest, if named twice). */
function weights(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const element of header.split(",")) {
    const [name = "", ...parameters] = element.split(";").map((part) => part.trim());
    if (name === "") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key = "", value = ""] = parameter.split("=", 2).map((part) => part.trim());
      if (key.toLowerCase() !== "q") continue;
      // A weight that is no qvalue makes the whole element unreadable: it is left out.
      weight = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(weight)) continue;
    const coding = name.toLowerCase();
    found.set(coding, Math.max(weight, found.get(coding) ?? 0));
  }
  return found;
}

/**
 * The compressed copy to send for this Accept-Encoding, or null for the plain file: the
 * accepted one of higher weight, brotli on a tie (it is the smaller). A coding the header
 * does not name is as acceptable as `*`; `q=0` refuses it. No header asks for nothing.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: Record<Encoding, boolean>,
): Encoding | null {
  if (acceptEncoding === undefined) return null;
  const accepted = weights(acceptEncoding);
  const any = accepted.get("*") ?? 0;
  const br = available.br ? (accepted.get("br") ?? any) : 0;
  // "x-gzip" is the same coding by another name (RFC 9110 §8.4.1.3).
  const gzip = available.gzip ? (accepted.get("gzip") ?? accepted.get("x-gzip") ?? any) : 0;
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

/** The files of `directory` that have a `.br` or `.gz` copy beside them, by name. */
function listCopies(directory: string): Map<string, Copies> {
  const names = readdirSync(directory);
  const present = new Set(names);
  const copies = new Map<string, Copies>();
  for (const name of names) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const br = present.has(`${name}.br`) ? resolve(directory, `${name}.br`) : null;
    const gzip = present.has(`${name}.gz`) ? resolve(directory, `${name}.gz`) : null;
    if (br !== null || gzip !== null) copies.set(name, { br, gzip });
  }
  return copies;
}

/**
 * For GET and HEAD of a file in `directory` that has compressed copies, sends the copy the
 * request accepts with the original's Content-Type, `Content-Encoding`, `Vary:
 * Accept-Encoding`, the copy's own length and, when `options` ask for them, its own ETag and
 * Last-Modified (304 when they match).
 * Everything else goes on (next) to the plain file's handler: another method, a name not
 * in the listing read at start-up (so a miss costs no file system call, and no path outside
 * the folder is ever looked up), a request that accepts neither copy.
 */
export function createPrecompressed(options: PrecompressedOptions): RequestHandler {
  const { directory, ...sendOptions } = options;
  const copies = listCopies(directory);

  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    // The path below the mount point: "/name" and nothing else.
    const name = request.path.slice(1);
    const file = copies.get(name);
    if (file === undefined) return next();
    // This URL has several encodings, whichever is sent this time.
    response.vary("Accept-Encoding");
    const encoding = chooseEncoding(request.get("Accept-Encoding"), { br: file.br !== null, gzip: file.gzip !== null });
    const path = encoding === null ? null : file[encoding];
    if (encoding === null || path === null) return next();
    // Set before sending, so the copy's type (application/x-brotli, application/gzip) is not.
    response.type(extname(name));
    response.set("Content-Encoding", encoding);
    response.sendFile(path, sendOptions, (error?: Error) => {
      if (error === undefined || response.headersSent) return;
      // The copy went missing after start-up: the plain file, as if there were none.
      response.removeHeader("Content-Type");
      response.removeHeader("Content-Encoding");
      next();
    });
  };
}
