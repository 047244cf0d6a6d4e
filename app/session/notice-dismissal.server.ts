import { createHash } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import { servedOverHttps } from "./session.server.ts";

// The dashboard notice, once dismissed, stays away until its words change (decision 045). The
// portal has no database: the browser keeps a short hash of the words it dismissed, in a plain
// cookie. Nothing is secret or trusted in it: a forged value can only hide a notice from the
// one who forged it.

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** 16 hex digits of the words' SHA-256: the notice's name in the form and in the cookie. */
export function noticeKey(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

/** Whether a posted value can be a notice's key at all. */
export function isNoticeKey(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{16}$/.test(value);
}

function cookieName(request: Request): string {
  return servedOverHttps(request) ? "__Host-notice-dismissed" : "__notice-dismissed";
}

/** The notice's words, or "" when this browser dismissed these very words. */
export function undismissedNotice(request: Request, text: string): string {
  if (!text) return "";
  const dismissed = parseCookie(request.headers.get("Cookie") ?? "")[cookieName(request)];
  return dismissed === noticeKey(text) ? "" : text;
}

/** The Set-Cookie header that remembers the notice with this key as dismissed. */
export function dismissNoticeCookie(request: Request, key: string): string {
  return stringifySetCookie({
    name: cookieName(request),
    value: key,
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request),
  });
}
