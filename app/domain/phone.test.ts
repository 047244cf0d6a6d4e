import { describe, expect, it } from "vitest";
import { isLocalMobile, localMobile, pastedMobile } from "./phone.ts";

describe("Nigerian mobile numbers", () => {
  it.each([
    ["07012345678", "07012345678"],
    ["08031234567", "08031234567"],
    ["08131234567", "08131234567"],
    ["09031234567", "09031234567"],
    ["09131234567", "09131234567"],
    ["2348031234567", "08031234567"],
    ["2349131234567", "09131234567"],
  ])("%s is the line %s", (text, local) => {
    expect(localMobile(text)).toBe(local);
  });

  it.each([
    ["12345678901"],
    ["01234567890"],
    ["07231234567"],
    ["08531234567"],
    ["09931234567"],
    ["0803123456"],
    ["080312345678"],
    ["+2348031234567"],
    ["2340803123456"],
    ["4478031234567"],
    [" 08031234567"],
  ])("%s is not a mobile number", (text) => {
    expect(localMobile(text)).toBeNull();
    expect(isLocalMobile(text)).toBe(false);
  });

  it.each([
    ["0803 123 4567", "08031234567"],
    ["0803-123-4567", "08031234567"],
    ["(0803) 123 4567", "08031234567"],
    ["+234 803 123 4567", "08031234567"],
    ["+2348031234567", "08031234567"],
    ["234 913 123 4567", "09131234567"],
    ["0803 123 456", null],
    ["+44 7911 123456", null],
    ["0803 123 456a", null],
    ["++2348031234567", null],
  ])("pasted as '%s' is the line %s", (text, local) => {
    expect(pastedMobile(text)).toBe(local);
  });

  it("takes only the local form in a phone field", () => {
    expect(isLocalMobile("08031234567")).toBe(true);
    expect(isLocalMobile("2348031234567")).toBe(false);
  });
});
