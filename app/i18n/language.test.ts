import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageFromCookie, requestLanguage } from "./language.ts";

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["ha", "ha"],
    ["ha-NG,ha;q=0.9,en-US;q=0.8", "ha"],
    ["HA-ne", "ha"],
    ["pcm-NG", "pcm"],
    ["en-US,en;q=0.9", "en-NG"],
    ["en-NG", "en-NG"],
    ["fr-FR,ha;q=0.5", "ha"],
    ["en;q=0.4,ha;q=0.8", "ha"],
    ["pcm;q=0.5,ha;q=0.5", "pcm"],
    ["ha;q=0,en;q=0.1", "en-NG"],
    ["fr,de", undefined],
    ["*", undefined],
    ["", undefined],
    [null, undefined],
    ["ha;q=abc", "ha"],
    [" , ;q=1", undefined],
  ])("%j gives %j", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("languageFromCookie", () => {
  it.each([
    ["lang=ha", "ha"],
    ["__session=x; lang=pcm; theme=dark", "pcm"],
    ["lang=EN-ng", "en-NG"],
    ["lang=yo", undefined],
    ["lang=", undefined],
    ["xlang=ha", undefined],
    ["lang=%E0%A4%A", undefined],
    [undefined, undefined],
  ])("%j gives %j", (cookie, expected) => {
    expect(languageFromCookie(cookie)).toBe(expected);
  });
});

describe("requestLanguage", () => {
  it.each([
    ["the cookie over the browser's languages", "lang=pcm", "ha", "pcm"],
    ["the browser's languages without a cookie", undefined, "ha", "ha"],
    ["the browser's languages when the cookie names none of ours", "lang=fr", "ha", "ha"],
    ["English (Nigeria) when neither says", undefined, "fr", "en-NG"],
    ["English (Nigeria) with no headers at all", null, null, "en-NG"],
  ])("%s", (_case, cookie, acceptLanguage, expected) => {
    expect(requestLanguage(cookie, acceptLanguage)).toBe(expected);
  });
});
