import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFunction } from "react-router";
import { overwriteGetLocale } from "./paraglide/runtime.js";
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_COOKIE, requestLanguage } from "./language.ts";

// On the server every message function asks getLocale(), which answers the language of the
// request being handled: the root middleware runs the rest of the request (loaders, actions
// and the render of the document) inside it.

const current = new AsyncLocalStorage<Language>();

overwriteGetLocale(() => current.getStore() ?? DEFAULT_LANGUAGE);

export const languageMiddleware: MiddlewareFunction<Response> = ({ request }, next) =>
  current.run(requestLanguage(request.headers.get("Cookie"), request.headers.get("Accept-Language")), next);

/** A year: the choice is the visitor's until they change it. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The Set-Cookie of the language form. Lax, as the session: sent on a link from elsewhere, not on another site's post. */
export function languageCookie(language: Language, secure: boolean): string {
  const flags = [
    "Path=/",
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(secure ? ["Secure"] : []),
  ];
  return [`${LANGUAGE_COOKIE}=${language}`, ...flags].join("; ");
}
