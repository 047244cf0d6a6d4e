// Lite pages (decision 071): every page without any script, for a person on a costly or slow
// line. The person's own choice (the switch beside the language form, kept in a cookie) wins
// both ways; without one, a browser that asks to save data (`Save-Data: on`) or says it is on
// 2G (the `ECT` client hint, which it sends once a page asked for it with `Accept-CH`) gets them.

/** The switch's cookie, "on" or "off": a preference, not a secret, so neither signed nor per-scheme. */
export const LITE_PAGES_COOKIE = "lite";

const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${LITE_PAGES_COOKIE}=(on|off)\\s*(?:;|$)`);

/** The client hint every page asks the browser for. */
export const ACCEPT_CH = "ECT";

/** The request headers besides the cookie that decide whether a page is lite. */
export const LITE_PAGES_VARY = "Save-Data, ECT";

/** Effective connection types the browser reports for a 2G-like line. */
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

export type LitePagesHeaders = {
  cookie: string | null | undefined;
  saveData: string | null | undefined;
  ect: string | null | undefined;
};

/** The person's choice: true (on), false (off), or undefined when they never used the switch. */
export function litePagesChoice(cookieHeader: string | null | undefined): boolean | undefined {
  const value = COOKIE_VALUE.exec(cookieHeader ?? "")?.[1];
  return value === undefined ? undefined : value === "on";
}

/** Whether a request gets lite pages: the person's choice, else their browser's Save-Data or a 2G connection. */
export function litePagesFor({ cookie, saveData, ect }: LitePagesHeaders): boolean {
  const choice = litePagesChoice(cookie);
  if (choice !== undefined) return choice;
  return saveData?.trim().toLowerCase() === "on" || SLOW_CONNECTIONS.has(ect?.trim().toLowerCase() ?? "");
}

export function litePagesOf(request: Request): boolean {
  return litePagesFor({
    cookie: request.headers.get("Cookie"),
    saveData: request.headers.get("Save-Data"),
    ect: request.headers.get("ECT"),
  });
}

/** A year: the choice is the person's until they change it. */
const LITE_PAGES_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The Set-Cookie of the switch. Lax, as the session: sent on a link from elsewhere, not on another site's post. */
export function litePagesCookie(on: boolean, secure: boolean): string {
  const flags = [
    "Path=/",
    `Max-Age=${LITE_PAGES_COOKIE_MAX_AGE}`,
    "SameSite=Lax",
    "HttpOnly",
    ...(secure ? ["Secure"] : []),
  ];
  return [`${LITE_PAGES_COOKIE}=${on ? "on" : "off"}`, ...flags].join("; ");
}
