import { describe, expect, it } from "vitest";
import {
  ABSOLUTE_LIFETIME_MS,
  deviceName,
  deviceOf,
  IDLE_LIFETIME_MS,
  isSeenDue,
  isSignInLive,
  lastUsedText,
  SEEN_STEP_MS,
  signInSummary,
} from "./sign-ins.ts";
import { overwriteGetLocale } from "../i18n/paraglide/runtime.js";
import { signInWords } from "../session/sign-in-words.server.ts";

/** The words as the portal gives them, in English unless a test says otherwise. */
const ENGLISH = signInWords();

// User agents as the browsers people in Nigeria use send them.
describe("deviceOf", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome",
      "Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
      "Safari",
      "iPhone",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      "Chrome",
      "iPhone",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
      "Safari",
      "iPad",
    ],
    [
      "Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16",
      "Opera Mini",
      "Android",
    ],
    [
      "Mozilla/5.0 (Linux; Android 12; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPR/80.1.4170.72651",
      "Opera",
      "Android",
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet",
      "Android",
    ],
    [
      "Mozilla/5.0 (Linux; U; Android 9; en-US; itel A56) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36",
      "UC Browser",
      "Android",
    ],
    [
      "Mozilla/5.0 (Linux; Android 11; Infinix X6812) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.5060.129 Mobile Safari/537.36 PHX/12.9",
      "Phoenix",
      "Android",
    ],
    ["Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "Firefox", "Android"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge",
      "Windows",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "Windows"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari",
      "macOS",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
      "Chrome",
      "Linux",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome",
      "ChromeOS",
    ],
    [
      "Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5",
      "Firefox",
      "Android",
    ],
    ["curl/8.5.0", "", ""],
    ["", "", ""],
  ])("%s is %s on %s", (userAgent, browser, system) => {
    expect(deviceOf(userAgent)).toEqual({ browser, system });
  });

  it("knows nothing of a request without a User-Agent", () => {
    expect(deviceOf(null)).toEqual({ browser: "", system: "" });
  });
});

describe("deviceName", () => {
  it.each([
    [{ browser: "Chrome", system: "Android" }, "Chrome on Android"],
    [{ browser: "Firefox", system: "" }, "Firefox"],
    [{ browser: "", system: "Windows" }, "a browser on Windows"],
    [{ browser: "", system: "" }, "an unknown browser"],
  ])("%j is %j", (device, expected) => {
    expect(deviceName(device, ENGLISH)).toBe(expected);
  });
});

const NOW = Date.parse("2026-11-26T14:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("isSignInLive", () => {
  it.each([
    ["just begun", { createdAt: ago(0), seenAt: ago(0) }, true],
    ["idle 30 minutes to the millisecond", { createdAt: ago(IDLE_LIFETIME_MS), seenAt: ago(IDLE_LIFETIME_MS) }, true],
    [
      "idle a moment over 30 minutes",
      { createdAt: ago(IDLE_LIFETIME_MS + 1), seenAt: ago(IDLE_LIFETIME_MS + 1) },
      false,
    ],
    ["busy, 12 hours old", { createdAt: ago(ABSOLUTE_LIFETIME_MS), seenAt: ago(0) }, true],
    ["busy, a moment over 12 hours old", { createdAt: ago(ABSOLUTE_LIFETIME_MS + 1), seenAt: ago(0) }, false],
  ])("%s: %s", (_name, times, live) => {
    expect(isSignInLive(times, NOW)).toBe(live);
  });
});

describe("isSeenDue", () => {
  it.each([
    [0, false],
    [SEEN_STEP_MS - 1, false],
    [SEEN_STEP_MS, true],
    [10 * SEEN_STEP_MS, true],
  ])("last seen %i ms ago: %s", (since, due) => {
    expect(isSeenDue(ago(since), NOW)).toBe(due);
  });
});

describe("lastUsedText", () => {
  it("says when, in Lagos, and on what", () => {
    expect(lastUsedText({ at: "2026-11-25T20:14:00.000Z", browser: "Chrome", system: "Android" }, ENGLISH)).toBe(
      "Last used 25 Nov, 9:14 pm from Chrome on Android",
    );
  });
});

describe("signInSummary", () => {
  it("names the device and gives both times in Lagos", () => {
    expect(
      signInSummary(
        {
          browser: "Safari",
          system: "iPhone",
          createdAt: "2026-11-25T07:00:00.000Z",
          seenAt: "2026-11-25T20:14:00.000Z",
        },
        ENGLISH,
      ),
    ).toEqual({ device: "Safari on iPhone", lastUsed: "25 Nov, 9:14 pm", signedIn: "25 Nov, 8:00 am" });
  });
});

describe("a sign-in in Hausa", () => {
  it("is told in the request's language, its time too (decision 079); the browser and system names stay", () => {
    overwriteGetLocale(() => "ha");
    try {
      const words = signInWords();
      expect(deviceName({ browser: "Chrome", system: "Android" }, words)).toBe("Chrome a Android");
      expect(deviceName({ browser: "", system: "" }, words)).toBe("burauzar da ba a sani ba");
      expect(lastUsedText({ at: "2026-11-25T20:14:00.000Z", browser: "", system: "Windows" }, words)).toBe(
        "Amfani na ƙarshe: Nuw 25, 9:14 na dare daga wani burauza a Windows",
      );
    } finally {
      overwriteGetLocale(() => "en-NG");
    }
  });
});
