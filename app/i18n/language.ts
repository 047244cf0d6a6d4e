import { baseLocale, isLocale, type Locale, locales, overwriteGetLocale } from "./paraglide/runtime.js";

// The portal's languages (decision 055). The list is project.inlang/settings.json's
// `locales`, compiled by Paraglide; each tag is also the page's <html lang>. A visitor's
// language is their `lang` cookie (the language form), else the first of their browser's
// Accept-Language the portal has, else English (Nigeria).

export type Language = Locale;
export const LANGUAGES: readonly Language[] = locales;
export const DEFAULT_LANGUAGE: Language = baseLocale;

/** The cookie the language form sets: a preference, not a secret, so neither signed nor per-scheme. */
export const LANGUAGE_COOKIE = "lang";

const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

/** One of ours, matched without regard to case ("HA" is "ha"). */
function known(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase();
  return LANGUAGES.find((language) => language.toLowerCase() === lower);
}

/** The language a `lang` cookie names, if it names one of ours. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | undefined {
  const value = COOKIE_VALUE.exec(cookieHeader ?? "")?.[1];
  return value === undefined ? undefined : known(value);
}

/**
 * The first language of an Accept-Language header the portal has, by quality then order: an
 * exact tag ("pcm"), else the same language in another country ("ha-NE" is Hausa, "en-GB" is
 * English). q=0 means "not this one"; "*" adds nothing, the default follows anyway.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  const wanted = (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...parameters] = part.split(";");
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ tag, quality }) => tag !== "" && tag !== "*" && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of wanted) {
    const primary = tag.split("-")[0] ?? "";
    const match = known(tag) ?? LANGUAGES.find((language) => language.split("-")[0] === primary.toLowerCase());
    if (match !== undefined) return match;
  }
  return undefined;
}

/** The language of a request: its cookie, then its browser's languages, then English (Nigeria). */
export function requestLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined) {
  return languageFromCookie(cookieHeader) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

export { isLocale as isLanguage };

// In the browser the language is the page's own: the server wrote it into <html lang>, so a
// hydrated component says what the server said. (The server reads it per request: see
// language.server.ts.)
if (typeof document !== "undefined") {
  overwriteGetLocale(() => known(document.documentElement.lang) ?? DEFAULT_LANGUAGE);
}
