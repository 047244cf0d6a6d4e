import { describe, expect, it } from "vitest";
import { pinLockedMessage, wrongPinMessage } from "../pin/messages.ts";
import { isPinFormat, isWeakPin, pinLock } from "./pin.ts";

const MINUTE = 60_000;
const NOW = Date.parse("2026-11-26T14:12:00Z"); // 3:12 pm in Lagos

describe("isPinFormat", () => {
  it.each([
    ["2580", true],
    ["0481", true],
    ["258", false],
    ["25801", false],
    ["25a0", false],
    [" 2580", false],
    ["", false],
  ])("%j is %s", (pin, expected) => expect(isPinFormat(pin)).toBe(expected));
});

describe("isWeakPin", () => {
  const phone = "0803 555 7219";
  const thisYear = 2026;
  it.each([
    // One digit four times.
    ["0000", true],
    ["1111", true],
    ["9999", true],
    // Runs up, wrapping past 9.
    ["0123", true],
    ["1234", true],
    ["6789", true],
    ["7890", true],
    ["8901", true],
    ["9012", true],
    // Runs down, wrapping past 0.
    ["3210", true],
    ["4321", true],
    ["9876", true],
    ["2109", true],
    ["1098", true],
    ["0987", true],
    // Two digits taking turns, or doubled.
    ["1212", true],
    ["9090", true],
    ["0101", true],
    ["1122", true],
    ["7788", true],
    ["0099", true],
    // The phone's last four digits, whatever the spaces.
    ["7219", true],
    // Years of birth, from 1900 to this year.
    ["1900", true],
    ["1957", true],
    ["1987", true],
    ["2000", true],
    ["2013", true],
    ["2026", true],
    // Strong: no pattern above.
    ["2580", false],
    ["1235", false],
    ["1221", false],
    ["2112", false],
    ["0481", false],
    ["1470", false],
    ["3691", false],
    ["1357", false],
    ["8642", false],
    ["1899", false],
    ["2027", false],
    ["7218", false],
    ["5739", false],
    ["9013", false],
  ])("%s is weak: %s", (pin, expected) => expect(isWeakPin(pin, phone, thisYear)).toBe(expected));

  it("takes the year from the caller: next year's number is refused from next year", () => {
    expect(isWeakPin("2027", phone, 2026)).toBe(false);
    expect(isWeakPin("2027", phone, 2027)).toBe(true);
  });

  it("reads only the phone's digits", () => {
    expect(isWeakPin("4816", "+234 803-555-4816", thisYear)).toBe(true);
    expect(isWeakPin("4816", "+234 803-555-4817", thisYear)).toBe(false);
  });
});

describe("pinLock", () => {
  const ago = (minutes: number) => NOW - minutes * MINUTE;
  it.each([
    { wrong: [], expected: { locked: false, triesLeft: 5 } },
    { wrong: [ago(1)], expected: { locked: false, triesLeft: 4 } },
    { wrong: [ago(1), ago(2), ago(3), ago(4)], expected: { locked: false, triesLeft: 1 } },
    // Five within 15 minutes: locked 30 minutes from the fifth.
    { wrong: [ago(1), ago(2), ago(3), ago(4), ago(5)], expected: { locked: true, untilMs: ago(1) + 30 * MINUTE } },
    {
      wrong: [ago(10), ago(11), ago(12), ago(13), ago(14)],
      expected: { locked: true, untilMs: ago(10) + 30 * MINUTE },
    },
    // The lock ends 30 minutes after the fifth try; old tries no longer count.
    { wrong: [ago(31), ago(32), ago(33), ago(34), ago(35)], expected: { locked: false, triesLeft: 5 } },
    // Five tries spread over more than 15 minutes never lock; those older than 15 minutes drop out.
    { wrong: [ago(1), ago(5), ago(10), ago(14), ago(20)], expected: { locked: false, triesLeft: 1 } },
    // Exactly 15 minutes from first to fifth still locks.
    { wrong: [ago(0), ago(5), ago(10), ago(14), ago(15)], expected: { locked: true, untilMs: NOW + 30 * MINUTE } },
    // The order the tries come in does not matter.
    { wrong: [ago(5), ago(1), ago(3), ago(2), ago(4)], expected: { locked: true, untilMs: ago(1) + 30 * MINUTE } },
  ])("$wrong.length wrong tries → $expected", ({ wrong, expected }) => expect(pinLock(wrong, NOW)).toEqual(expected));
});

describe("messages", () => {
  it("counts the tries left", () => {
    expect(wrongPinMessage(4)).toBe("Wrong PIN. 4 tries left.");
    expect(wrongPinMessage(1)).toBe("Wrong PIN. 1 try left.");
  });

  it("says until when buying is locked, in Lagos time without seconds", () => {
    expect(pinLockedMessage(Date.parse("2026-11-26T14:42:30Z"))).toBe(
      "Buying is locked until 3:42 pm after 5 wrong PINs",
    );
  });
});
