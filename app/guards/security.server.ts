import { randomBytes } from "node:crypto";
import { gatewayOrigins } from "../payments/config.server.ts";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export type PolicyOptions = {
  imageOrigins: string[];
  development: boolean;
  /** Where a form post may end up; the configured payment gateways' origins when left out. */
  formActionOrigins?: readonly string[];
};

/**
 * The policy for HTML documents: scripts only from us with this response's nonce, no
 * framing, no plugins, forms post only to us. Images may also come from the upstream,
 * which hosts provider logos (docs/upstream-api.md, Subcategory). A card payment form posts to us and we redirect
 * it to the gateway's checkout; browsers check form-action on that redirect too, so the
 * gateways' origins are allowed there.
 */
export function contentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  const formActionOrigins = options.formActionOrigins ?? gatewayOrigins();
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...options.imageOrigins],
    "font-src": ["'self'"],
    "connect-src": options.development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'", ...formActionOrigins],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
  };
  if (options.development) directives["style-src"]?.push("'unsafe-inline'");
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Headers for every answer but a built file's: pages, redirects, refusals and errors. They
 * tell a browser how to treat a document (framing, referrers, features, the window it opens
 * in); a script or stylesheet is never one (decision 095).
 */
export function baseSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    ...fileSecurityHeaders(secure),
    // Not no-referrer: form posts would then carry `Origin: null`, which the origin check lets
    // through for proxy browsers (decision 054), leaving the CSRF token alone to stop a forgery.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), payment=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/**
 * Headers for a built file (the hashed scripts and stylesheet, public/'s own files): what
 * still applies to a file that is no document. Each header costs every file on a 2G line
 * (decision 095).
 */
export function fileSecurityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** The largest request body accepted: the biggest form (bulk SMS to 1,000 numbers) is far below it. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What a browser form posts; nothing in the portal reads any other body. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type RequestFacts = {
  method: string;
  host: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
};

export type Refusal = { status: number; message: string; allow?: string };

/**
 * Refuses at the edge what no page of the portal answers, before React Router reads a byte
 * of the body: another method, a body that is no form, a body too big or of unknown size
 * (browsers always send Content-Length with a form), a Host no URL can hold. Each would
 * otherwise end as a 500 or as memory spent on a body nobody reads.
 */
export function requestRefusal(request: RequestFacts): Refusal | null {
  if (request.host !== undefined && !URL.canParse(`http://${request.host}/`)) {
    return { status: 400, message: "Bad request." };
  }
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return null;
  if (method !== "POST") return { status: 405, message: "Method not allowed.", allow: "GET, HEAD, POST" };
  const type = (request.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) return { status: 415, message: "Please send the form from its page." };
  if (request.contentLength === undefined) {
    return request.transferEncoding === undefined
      ? null
      : { status: 411, message: "Please send the form from its page." };
  }
  const length = Number(request.contentLength);
  if (!Number.isSafeInteger(length) || length < 0) return { status: 400, message: "Bad request." };
  if (length > BODY_LIMIT_BYTES) return { status: 413, message: "That form is too large to send." };
  return null;
}
