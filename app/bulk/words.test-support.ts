import { getLocale, type Locale, overwriteGetLocale } from "../i18n/paraglide/runtime.js";

/** What `read` returns with every message said in `language`, as a request in that language would. */
export function inLanguage<T>(language: Locale, read: () => T): T {
  const before = getLocale;
  overwriteGetLocale(() => language);
  try {
    return read();
  } finally {
    overwriteGetLocale(before);
  }
}
