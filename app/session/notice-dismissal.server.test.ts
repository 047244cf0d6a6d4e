import { describe, expect, it } from "vitest";
import { dismissNoticeCookie, isNoticeKey, noticeKey, undismissedNotice } from "./notice-dismissal.server.ts";

const NOTICE = "New: MTN SME data now delivers in seconds.";

function requestWith(url: string, cookie?: string): Request {
  return new Request(url, cookie === undefined ? {} : { headers: { Cookie: cookie } });
}

/** The name=value part of a Set-Cookie header, as the browser sends it back. */
function sentBack(setCookie: string): string {
  return setCookie.split(";")[0] ?? "";
}

describe("noticeKey", () => {
  it.each([
    ["the same words", NOTICE, NOTICE, true],
    ["other words", NOTICE, "Airtime prices change on Monday.", false],
    ["one letter changed", NOTICE, NOTICE.replace("MTN", "MTn"), false],
  ])("%s give the same key: %s", (_case, first, second, same) => {
    expect(noticeKey(first) === noticeKey(second)).toBe(same);
  });

  it("is 16 hex digits, which isNoticeKey accepts", () => {
    expect(noticeKey(NOTICE)).toMatch(/^[0-9a-f]{16}$/);
    expect(isNoticeKey(noticeKey(NOTICE))).toBe(true);
  });
});

describe("isNoticeKey", () => {
  it.each([
    ["", false],
    ["0123456789abcdef", true],
    ["0123456789ABCDEF", false],
    ["0123456789abcde", false],
    ["0123456789abcdef0", false],
    ["0123456789abcdeg", false],
    ["0123456789abcdef; Path=/", false],
    [null, false],
  ])("%j: %s", (value, accepted) => {
    expect(isNoticeKey(value)).toBe(accepted);
  });
});

describe("undismissedNotice", () => {
  const dismissed = (url: string) => sentBack(dismissNoticeCookie(requestWith(url), noticeKey(NOTICE)));

  it.each([
    ["no cookie", "http://portal.test/dashboard", undefined, NOTICE],
    ["these words dismissed", "http://portal.test/dashboard", dismissed("http://portal.test/"), ""],
    ["other words dismissed", "http://portal.test/dashboard", `__notice-dismissed=${noticeKey("Old news.")}`, NOTICE],
    ["a value that is no key", "http://portal.test/dashboard", "__notice-dismissed=x", NOTICE],
    ["over HTTPS, dismissed over HTTPS", "https://portal.test/dashboard", dismissed("https://portal.test/"), ""],
    ["over HTTPS, the plain-HTTP cookie", "https://portal.test/dashboard", dismissed("http://portal.test/"), NOTICE],
  ])("%s", (_case, url, cookie, shown) => {
    expect(undismissedNotice(requestWith(url, cookie), NOTICE)).toBe(shown);
  });

  it("shows no notice when there are no words", () => {
    expect(undismissedNotice(requestWith("http://portal.test/dashboard"), "")).toBe("");
  });
});

describe("dismissNoticeCookie", () => {
  it.each([
    ["http://portal.test/dashboard", ["__notice-dismissed=", "Path=/", "HttpOnly", "SameSite=Lax"], "Secure"],
    [
      "https://portal.test/dashboard",
      ["__Host-notice-dismissed=", "Path=/", "HttpOnly", "SameSite=Lax", "Secure"],
      null,
    ],
  ])("%s", (url, parts, absent) => {
    const header = dismissNoticeCookie(requestWith(url), noticeKey(NOTICE));
    for (const part of parts) expect(header).toContain(part);
    expect(header).toMatch(/Max-Age=31536000/);
    if (absent) expect(header).not.toContain(absent);
  });
});
