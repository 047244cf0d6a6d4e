import { describe, expect, it } from "vitest";
import { litePagesChoice, litePagesCookie, litePagesFor } from "./lite-pages.server.ts";

describe("litePagesChoice", () => {
  it.each([
    ["lite=on", true],
    ["lite=off", false],
    ["__session=x; lite=on; lang=ha", true],
    ["lang=ha;lite=off", false],
    ["lite=yes", undefined],
    ["lite=onward", undefined],
    ["xlite=on", undefined],
    ["", undefined],
    [null, undefined],
  ])("%j gives %j", (cookie, expected) => {
    expect(litePagesChoice(cookie)).toBe(expected);
  });
});

describe("litePagesFor", () => {
  it.each([
    ["nothing said", {}, false],
    ["Save-Data: on", { saveData: "on" }, true],
    ["Save-Data: On, spaced", { saveData: " On " }, true],
    ["Save-Data: off", { saveData: "off" }, false],
    ["ECT 2g", { ect: "2g" }, true],
    ["ECT slow-2g", { ect: "slow-2g" }, true],
    ["ECT 3g", { ect: "3g" }, false],
    ["ECT 4g", { ect: "4g" }, false],
    ["the switch on, on a fast line", { cookie: "lite=on", ect: "4g" }, true],
    ["the switch off, with Save-Data on a 2G line", { cookie: "lite=off", saveData: "on", ect: "2g" }, false],
  ])("%s: %j gives %j", (_case, headers, expected) => {
    expect(litePagesFor({ cookie: undefined, saveData: undefined, ect: undefined, ...headers })).toBe(expected);
  });
});

describe("litePagesCookie", () => {
  it("is kept a year, sent on this site's links only, unread by scripts, and Secure over HTTPS", () => {
    expect(litePagesCookie(true, false)).toBe("lite=on; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    expect(litePagesCookie(false, true)).toBe("lite=off; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure");
  });
});
