import { describe, expect, it } from "vitest";
import { smsCounterText } from "../purchases/sms-counter.ts";
import { countSms, parseRecipients, smsTotalKobo } from "./sms.ts";

describe("countSms and the counter line", () => {
  it.each([
    { length: 0, text: "Page: 1 (0 / 160) Characters" },
    { length: 1, text: "Page: 1 (1 / 160) Characters" },
    { length: 160, text: "Page: 1 (160 / 160) Characters" },
    { length: 161, text: "Page: 2 (1 / 160) Characters" },
    { length: 320, text: "Page: 2 (160 / 160) Characters" },
    { length: 321, text: "Page: 3 (1 / 160) Characters" },
    { length: 479, text: "Page: 3 (159 / 160) Characters" },
  ])("a message of $length characters reads '$text'", ({ length, text }) => {
    expect(smsCounterText("a".repeat(length))).toBe(text);
  });

  it("counts a posted CRLF line break as the one character the browser showed", () => {
    expect(countSms("hello\r\nthere")).toEqual(countSms("hello\nthere"));
    expect(countSms("hello\r\nthere").length).toBe(11);
  });
});

describe("parseRecipients", () => {
  it.each([
    { input: "08031234567", valid: ["08031234567"], invalid: [] },
    // One line written twice: sent, and paid for, once, as first written.
    { input: "08031234567,2348031234567", valid: ["08031234567"], invalid: [] },
    { input: "2348031234567\n08031234567", valid: ["2348031234567"], invalid: [] },
    // The 072 to 079, 082 to 089 and 092 to 099 ranges hold no mobile numbers.
    {
      input: "07231234567,2348531234567,09931234567",
      valid: [],
      invalid: ["07231234567", "2348531234567", "09931234567"],
    },
    {
      input: "08031234567\n07011112222\r\n09099998888",
      valid: ["08031234567", "07011112222", "09099998888"],
      invalid: [],
    },
    { input: " 08031234567 , ,\n\n 08122223333 ,", valid: ["08031234567", "08122223333"], invalid: [] },
    { input: "08031234567,08031234567", valid: ["08031234567"], invalid: [] },
    { input: "+2348031234567", valid: [], invalid: ["+2348031234567"] },
    { input: "0803123456,080312345678", valid: [], invalid: ["0803123456", "080312345678"] },
    {
      input: "06031234567,18031234567,234603123456",
      valid: [],
      invalid: ["06031234567", "18031234567", "234603123456"],
    },
    { input: "0803 123 4567", valid: [], invalid: ["0803 123 4567"] },
    { input: "", valid: [], invalid: [] },
  ])("'$input'", ({ input, valid, invalid }) => {
    expect(parseRecipients(input)).toEqual({ valid, invalid });
  });
});

describe("smsTotalKobo", () => {
  it.each([
    { recipients: 1, pages: 1, rateKobo: 250, total: 250 },
    { recipients: 3, pages: 2, rateKobo: 250, total: 1500 },
    { recipients: 1000, pages: 3, rateKobo: 399, total: 1_197_000 },
    { recipients: 0, pages: 1, rateKobo: 250, total: 0 },
  ])("$recipients × $pages × $rateKobo kobo = $total kobo", ({ recipients, pages, rateKobo, total }) => {
    expect(smsTotalKobo(recipients, pages, rateKobo)).toBe(total);
  });

  it("refuses fractions and negatives rather than rounding them", () => {
    expect(() => smsTotalKobo(1.5, 1, 250)).toThrow(RangeError);
    expect(() => smsTotalKobo(1, -1, 250)).toThrow(RangeError);
    expect(() => smsTotalKobo(1, 1, 2.5)).toThrow(RangeError);
  });
});
