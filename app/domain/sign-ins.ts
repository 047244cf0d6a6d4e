import { formatShortDateTime } from "./dates.ts";

// Where a person is signed in (decision 049): what the portal tells them about each sign-in.
// Pure: the store keeps the rows, this names the browser and decides what a row's times mean.

export const IDLE_LIFETIME_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A sign-in's last-seen time moves at most this often, so a busy session writes once a minute, not per page. */
export const SEEN_STEP_MS = 60 * 1000;

/** The browser and system a user agent names; "" for what it does not say or we do not know. */
export type Device = { browser: string; system: string };

// Order matters: most browsers also claim to be Safari or Chrome, so the specific ones come first.
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Opera Mini|OPiM\//, "Opera Mini"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/UCBrowser\/|UCWEB/, "UC Browser"],
  [/PHX\//, "Phoenix"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bKAIOS\b/i, "KaiOS"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

function firstMatch(text: string, table: readonly (readonly [RegExp, string])[]): string {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? "";
}

/** The browser and system of a User-Agent header, as far as a person would recognise them. */
export function deviceOf(userAgent: string | null): Device {
  const text = userAgent ?? "";
  return { browser: firstMatch(text, BROWSERS), system: firstMatch(text, SYSTEMS) };
}

/**
 * The words a sign-in is told in, in the page's language (app/session/sign-ins.server.ts gives
 * them): "{browser} on {system}", "a browser on {system}", "an unknown browser", and the
 * dashboard's "Last used {when} from {device}".
 */
export type SignInWords = {
  browserOn: (names: { browser: string; system: string }) => string;
  someBrowserOn: (names: { system: string }) => string;
  unknownBrowser: () => string;
  lastUsed: (names: { when: string; device: string }) => string;
  /** The page's language, for the times' words ("9:14 na dare", decision 079). */
  language?: string;
};

/** "Chrome on Android", "Firefox", "a browser on Windows", "an unknown browser". */
export function deviceName({ browser, system }: Device, words: SignInWords): string {
  if (browser && system) return words.browserOn({ browser, system });
  if (browser) return browser;
  return system ? words.someBrowserOn({ system }) : words.unknownBrowser();
}

/** Whether a sign-in is still good: 30 minutes since its last request, 12 hours since it began. */
export function isSignInLive(times: { createdAt: string; seenAt: string }, nowMs: number): boolean {
  const created = Date.parse(times.createdAt);
  const seen = Date.parse(times.seenAt);
  return nowMs - created <= ABSOLUTE_LIFETIME_MS && nowMs - seen <= IDLE_LIFETIME_MS;
}

/** Whether this request should move the sign-in's last-seen time (at most once a minute). */
export function isSeenDue(seenAt: string, nowMs: number): boolean {
  return nowMs - Date.parse(seenAt) >= SEEN_STEP_MS;
}

/** The dashboard's line: "Last used 25 Nov, 9:14 pm from Chrome on Android". */
export function lastUsedText(previous: Device & { at: string }, words: SignInWords): string {
  return words.lastUsed({
    when: formatShortDateTime(previous.at, words.language),
    device: deviceName(previous, words),
  });
}

/** A sign-in in Profile's words: "Chrome on Android", last used and signed in "25 Nov, 9:14 pm". */
export function signInSummary(signIn: Device & { seenAt: string; createdAt: string }, words: SignInWords) {
  return {
    device: deviceName(signIn, words),
    lastUsed: formatShortDateTime(signIn.seenAt, words.language),
    signedIn: formatShortDateTime(signIn.createdAt, words.language),
  };
}
