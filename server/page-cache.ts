import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

// The public pages (home, about, pricing, contact, terms, privacy) are the same for every
// signed-out visitor and ship no script, so their finished, compressed answer is kept for a
// few seconds and served again as it is (decision 029). So is the page-not-found, one for
// every address that has no page. A request that carries a session never sees a kept page:
// its toasts and its menu are its own.

/**
 * Who is asking, for the render's logs and rate limits, in which language (decision 055) and
 * whether with lite pages (decision 071: the switch in the footer says which it is).
 */
export type RenderRequest = {
  url: string;
  language: string;
  litePages: boolean;
  requestId: string;
  clientIp: string;
  secure: boolean;
};

export type PageCacheOptions = {
  /** The paths kept; anything else, and any query string, goes on to the app. */
  paths: readonly string[];
  /**
   * Paths the app answers with its page-not-found (404): that page is the same for all of
   * them, so one is kept for every such path.
   */
  notFound?: (path: string) => boolean;
  /** The app's answer to a signed-out GET of this URL. */
  render(request: RenderRequest): Promise<Response>;
  /** The language the app answers a request in: its `lang` cookie, then its Accept-Language. */
  languageOf(cookieHeader: string | undefined, acceptLanguage: string | undefined): string;
  /** Whether the app answers a request with lite pages: its `lite` cookie, then Save-Data and ECT. */
  litePagesOf(headers: { cookie: string | undefined; saveData: string | undefined; ect: string | undefined }): boolean;
  /** Served as it is while younger than this. */
  freshMs: number;
  /** Served while a fresh one is rendered in the background until this age; older, rendered first. */
  staleMs: number;
  onRefreshError(error: unknown): void;
  now?: () => number;
};

type Kept = {
  renderedAt: number;
  status: number;
  headers: [string, string][];
  bodies: Record<Encoding, Buffer>;
};

/** A page that is not kept (an outage page, one with script): sent as rendered, but for its cookies. */
type Passed = { status: number; headers: [string, string][]; body: Buffer };

type Encoding = "br" | "gzip" | "identity";
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];

/** A page larger than this is not kept (they are about 5 KB). */
const MAX_PAGE_BYTES = 256 * 1024;

/** The portal's session cookie, `__session` or `__Host-session` (app/session/session.server.ts). */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-|__)session=/;

/** Headers of one answer that are never sent with another. */
const PER_ANSWER = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding"]);
/** A kept page gets its own policy (no nonce) and Vary. */
const NOT_KEPT = new Set([...PER_ANSWER, "content-security-policy", "vary"]);

export function createPageCache(options: PageCacheOptions): RequestHandler {
  const paths = new Set(options.paths);
  const now = options.now ?? (() => Date.now());
  const kept = new Map<string, Kept>();
  const rendering = new Map<string, Promise<Kept | Passed>>();

  /**
   * Renders the page once for everyone asking meanwhile; a 200 without script is kept. A page
   * that cannot be kept leaves the kept one in place until it is too old to serve.
   */
  function refresh(key: string, request: RenderRequest, status: number): Promise<Kept | Passed> {
    const running = rendering.get(key);
    if (running) return running;
    const work = options
      .render(request)
      .then(async (response) => {
        const page = await keepable(response, now(), status);
        if ("bodies" in page) kept.set(key, page);
        return page;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, work);
    return work;
  }

  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    if (request.originalUrl !== request.path) return next();
    if (SESSION_COOKIE.test(request.get("Cookie") ?? "")) return next();
    const page404 = !paths.has(request.path);
    if (page404 && !options.notFound?.(request.path)) return next();

    // Every unknown path shares the one page-not-found; each language has its own copy, and
    // so has each state of the Lite pages switch it shows.
    const language = options.languageOf(request.get("Cookie"), request.get("Accept-Language"));
    const litePages = options.litePagesOf({
      cookie: request.get("Cookie"),
      saveData: request.get("Save-Data"),
      ect: request.get("ECT"),
    });
    const scheme = request.secure ? "https" : "http";
    const key = `${scheme}:${language}:${litePages ? "lite" : "full"}:${page404 ? NOT_FOUND_KEY : request.path}`;
    const status = page404 ? 404 : 200;
    const renderRequest: RenderRequest = {
      url: `${request.protocol}://${request.get("Host") ?? "localhost"}${request.path}`,
      language,
      litePages,
      requestId: String(response.locals.requestId ?? "page-cache"),
      clientIp: request.ip ?? "unknown",
      secure: request.secure,
    };
    const page = kept.get(key);
    const age = page === undefined ? Infinity : now() - page.renderedAt;
    if (page !== undefined && age < options.staleMs) {
      if (age >= options.freshMs)
        refresh(key, renderRequest, status).catch((error: unknown) => options.onRefreshError(error));
      return send(request, response, page);
    }
    refresh(key, renderRequest, status)
      .then((rendered) => ("bodies" in rendered ? send(request, response, rendered) : pass(response, rendered)))
      .catch(next);
  };
}

const VARY = "Accept-Encoding, Accept-Language, Cookie, Save-Data, ECT";

/** The key of the one page-not-found kept for every unknown path (a path starts with "/"). */
const NOT_FOUND_KEY = "not-found";

/** The rendered answer, kept if it is the page asked for (`status`: 200, or 404 for page-not-found) with no script. */
async function keepable(response: Response, renderedAt: number, status: number): Promise<Kept | Passed> {
  const html = Buffer.from(await response.arrayBuffer());
  const text = html.toString();
  // A page that runs script needs its own nonce per answer: it is not kept.
  if (
    response.status !== status ||
    !response.headers.get("Content-Type")?.startsWith("text/html") ||
    /<script\b/i.test(text) ||
    html.byteLength > MAX_PAGE_BYTES
  ) {
    return {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !PER_ANSWER.has(name)),
      body: html,
    };
  }
  // The page's own policy, but no script at all: a kept page needs no per-answer nonce.
  const rendered = response.headers.get("Content-Security-Policy") ?? "default-src 'self'";
  const policy = rendered.includes("script-src")
    ? rendered.replace(/script-src [^;]*/, "script-src 'none'")
    : `${rendered}; script-src 'none'`;
  const nonce = /'nonce-([^']+)'/.exec(rendered)?.[1];
  const body = Buffer.from(nonce === undefined ? text : text.replaceAll(` nonce="${nonce}"`, ""));
  const headers: [string, string][] = [["Content-Security-Policy", policy]];
  for (const [name, value] of response.headers) if (!NOT_KEPT.has(name)) headers.push([name, value]);
  return {
    renderedAt,
    status,
    headers,
    bodies: {
      identity: body,
      gzip: gzipSync(body, { level: 9 }),
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    },
  };
}

function send(request: ExpressRequest, response: ExpressResponse, page: Kept) {
  const accepted = request.acceptsEncodings(ENCODINGS);
  const encoding: Encoding = accepted === "br" || accepted === "gzip" ? accepted : "identity";
  for (const [name, value] of page.headers) response.set(name, value);
  // The language comes from the cookie or Accept-Language, the Lite pages switch's state from
  // the cookie, Save-Data or ECT: a shared cache must keep them apart.
  response.set("Vary", VARY);
  if (encoding !== "identity") response.set("Content-Encoding", encoding);
  response.status(page.status).end(page.bodies[encoding]);
}

function pass(response: ExpressResponse, page: Passed) {
  for (const [name, value] of page.headers) response.set(name, value);
  response.status(page.status).end(page.body);
}
