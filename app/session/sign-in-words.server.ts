import type { SignInWords } from "../domain/sign-ins.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";

// How a sign-in is told (Profile's list, the dashboard's "Last used" line), in the language of
// the request. Its own module: the end-to-end tests mint sign-ins with sign-ins.server.ts,
// outside Vite, where the compiled messages cannot load.

/** The words for domain/sign-ins.ts's deviceName, lastUsedText and signInSummary. */
export function signInWords(): SignInWords {
  return {
    browserOn: m.profile_device_on,
    someBrowserOn: m.profile_device_browser_on,
    unknownBrowser: m.profile_device_unknown,
    lastUsed: m.profile_last_used,
    language: getLocale(),
  };
}
