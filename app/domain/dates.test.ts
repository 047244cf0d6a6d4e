import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addDays,
  formatCalendarDay,
  formatDateTime,
  formatDay,
  formatIsoInLagos,
  formatShortDateTime,
  formatTime,
  lagosDayOf,
  lagosDayStart,
  parseDay,
  renewalDay,
  formatShortDay,
  lagosTimeOfDay,
} from "./dates.ts";

describe("formatDay", () => {
  it.each([
    ["2024-01-01T10:00:00Z", "1st Jan, 2024"],
    ["2024-03-02T10:00:00+01:00", "2nd Mar, 2024"],
    ["2024-05-03T10:00:00Z", "3rd May, 2024"],
    ["2024-11-11T10:00:00Z", "11th Nov, 2024"],
    ["2024-12-22T10:00:00Z", "22nd Dec, 2024"],
    // 23:30 in London is already the next day in Lagos.
    ["2024-12-31T23:30:00Z", "1st Jan, 2025"],
  ])("%s is %s", (iso, expected) => {
    expect(formatDay(iso)).toBe(expected);
  });

  it.each([[""], ["not a date"]])("gives nothing for %j", (iso) => {
    expect(formatDay(iso)).toBe("");
  });
});

describe("formatDay in a language (decision 055)", () => {
  it.each([
    ["en-NG", "2026-02-21T10:00:00Z", "21st Feb, 2026"],
    ["ha", "2026-02-21T10:00:00Z", "21 Fab, 2026"],
    ["ha", "2026-09-05T10:00:00Z", "5 Sat, 2026"],
    // Pidgin reads Nigerian English's months (decision 079), not CLDR's "Fẹ́b" or "Nọv".
    ["pcm", "2026-02-21T10:00:00Z", "21 Feb 2026"],
    ["pcm", "2026-11-27T10:00:00Z", "27 Nov 2026"],
    // 23:30 in London is already the next day in Lagos, in every language.
    ["ha", "2025-12-31T23:30:00Z", "1 Jan, 2026"],
    // A language Node's Intl does not know keeps the English form.
    ["xx", "2026-02-21T10:00:00Z", "21st Feb, 2026"],
  ])("%s: %s is %s", (language, iso, expected) => {
    expect(formatDay(iso, language)).toBe(expected);
  });

  it("says the time of day in the language beside its day, and a calendar day too", () => {
    expect(formatDateTime("2026-02-21T14:04:05Z", "ha")).toBe("21 Fab, 2026, 3:04:05 na rana");
    expect(formatDateTime("2026-11-27T15:58:49Z", "pcm")).toBe("27 Nov 2026, 4:58:49 for evening");
    expect(formatCalendarDay("2026-02-21", "pcm")).toBe("21 Feb 2026");
    expect(formatShortDay("2026-11-03", "pcm")).toBe("3 Nov");
    expect(formatDay("not a date", "ha")).toBe("");
  });
});

describe("the time of day in Hausa and Pidgin (decision 079)", () => {
  // Lagos hours (UTC+1): each part of the day from the hour it starts, and the hour before it.
  it.each([
    ["2026-11-27T23:00:00Z", "12:00:00 am", "12:00:00 na dare", "12:00:00 for night"],
    ["2026-11-28T03:59:59Z", "4:59:59 am", "4:59:59 na dare", "4:59:59 for night"],
    ["2026-11-28T04:00:00Z", "5:00:00 am", "5:00:00 na safe", "5:00:00 for morning"],
    ["2026-11-28T10:59:59Z", "11:59:59 am", "11:59:59 na safe", "11:59:59 for morning"],
    ["2026-11-28T11:00:00Z", "12:00:00 pm", "12:00:00 na rana", "12:00:00 for afternoon"],
    ["2026-11-28T14:59:59Z", "3:59:59 pm", "3:59:59 na rana", "3:59:59 for afternoon"],
    ["2026-11-28T15:00:00Z", "4:00:00 pm", "4:00:00 na yamma", "4:00:00 for evening"],
    ["2026-11-28T17:59:59Z", "6:59:59 pm", "6:59:59 na yamma", "6:59:59 for evening"],
    ["2026-11-28T18:00:00Z", "7:00:00 pm", "7:00:00 na dare", "7:00:00 for night"],
    ["2026-11-28T22:59:59Z", "11:59:59 pm", "11:59:59 na dare", "11:59:59 for night"],
  ])("%s is %s, %s, %s", (iso, english, hausa, pidgin) => {
    expect(formatTime(iso)).toBe(english);
    expect(formatTime(iso, "en-NG")).toBe(english);
    expect(formatTime(iso, "ha")).toBe(hausa);
    expect(formatTime(iso, "pcm")).toBe(pidgin);
  });

  it("never names two hours of the day with one number and one part", () => {
    for (const language of ["en-NG", "ha", "pcm"]) {
      const said = Array.from({ length: 24 }, (_, hour) =>
        formatTime(`2026-11-28T${String(hour).padStart(2, "0")}:00:00+01:00`, language),
      );
      expect(new Set(said).size).toBe(24);
    }
  });

  it("says a short moment and a lock's end the same way", () => {
    expect(formatShortDateTime("2026-11-25T20:14:00Z", "ha")).toBe("Nuw 25, 9:14 na dare");
    expect(formatShortDateTime("2026-11-25T20:14:00Z", "pcm")).toBe("25 Nov, 9:14 for night");
    expect(formatShortDateTime("2026-11-25T20:14:00Z")).toBe("25 Nov, 9:14 pm");
    expect(lagosTimeOfDay(new Date("2026-11-25T07:30:00Z"), "ha")).toBe("8:30 na safe");
    expect(lagosTimeOfDay(new Date("2026-11-25T07:30:00Z"), "pcm")).toBe("8:30 for morning");
    expect(lagosTimeOfDay(new Date("2026-11-25T07:30:00Z"))).toBe("8:30 am");
  });
});

describe("formatDateTime", () => {
  it.each([
    ["2024-01-01T14:04:05Z", "1st Jan, 2024, 3:04:05 pm"],
    ["2024-01-01T00:00:00+01:00", "1st Jan, 2024, 12:00:00 am"],
    ["2024-06-21T11:59:59Z", "21st Jun, 2024, 12:59:59 pm"],
  ])("%s is %s", (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });
});

describe("formatIsoInLagos", () => {
  it.each([
    ["2024-01-01T14:04:05Z", "2024-01-01T15:04:05+01:00"],
    ["2024-12-31T23:30:00Z", "2025-01-01T00:30:00+01:00"],
    ["2024-06-21T12:00:00.123456+01:00", "2024-06-21T12:00:00+01:00"],
    ["", ""],
    ["not a date", ""],
  ])("%s is %s", (iso, expected) => {
    expect(formatIsoInLagos(iso)).toBe(expected);
  });
});

describe("lagosDayOf", () => {
  it.each([
    ["2024-12-31T22:59:59Z", "2024-12-31"],
    ["2024-12-31T23:00:00Z", "2025-01-01"],
    ["", ""],
  ])("%s is %s", (iso, expected) => {
    expect(lagosDayOf(iso)).toBe(expected);
  });
});

describe("lagosDayStart", () => {
  it.each([
    ["2024-01-01", Date.parse("2023-12-31T23:00:00Z")],
    ["2024-02-29", Date.parse("2024-02-28T23:00:00Z")],
    ["2025-02-29", null],
    ["2024-02-30", null],
    ["2024-13-01", null],
    ["2024-00-10", null],
    ["2024-1-1", null],
    ["01/02/2024", null],
    ["0099-01-01", null],
    ["2024-01-01T00:00", null],
    ["", null],
  ])("%j starts at %s", (day, expected) => {
    expect(lagosDayStart(day)).toBe(expected);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-03-02", -29, "2026-02-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2024-12-31", 1, "2025-01-01"],
    ["2026-01-31", 0, "2026-01-31"],
  ])("%s plus %i is %s", (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it("refuses a day that is not one", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });
});

describe("formatCalendarDay and formatTime", () => {
  it.each([
    ["2026-01-01", "1st Jan, 2026"],
    ["2026-03-22", "22nd Mar, 2026"],
    ["2026-02-30", ""],
  ])("%s is %s", (day, expected) => {
    expect(formatCalendarDay(day)).toBe(expected);
  });

  it.each([
    ["2024-01-01T14:04:05Z", "3:04:05 pm"],
    ["2024-01-01T23:00:00Z", "12:00:00 am"],
    ["", ""],
  ])("%s at %s", (iso, expected) => {
    expect(formatTime(iso)).toBe(expected);
  });
});

describe("formatShortDateTime", () => {
  it.each([
    ["2026-11-25T20:14:59Z", "25 Nov, 9:14 pm"],
    ["2026-11-25T23:05:00Z", "26 Nov, 12:05 am"],
    ["2026-01-01T11:00:00Z", "1 Jan, 12:00 pm"],
    ["2026-01-01T08:30:00Z", "1 Jan, 9:30 am"],
    ["not a date", ""],
  ])("%s in Lagos is %j", (iso, expected) => {
    expect(formatShortDateTime(iso)).toBe(expected);
  });
});

describe("reading the upstream's ISO 8601", () => {
  it.each([
    ["a date-time without a zone, as UTC", "2024-01-01T10:00:00", "1st Jan, 2024, 11:00:00 am"],
    ["a space instead of the T", "2024-01-01 10:00:00", "1st Jan, 2024, 11:00:00 am"],
    ["microseconds and an offset", "2024-06-21T12:00:00.123456+01:00", "21st Jun, 2024, 12:00:00 pm"],
    ["an offset without a colon", "2024-06-21T12:00:00+0100", "21st Jun, 2024, 12:00:00 pm"],
    ["a date alone, as midnight UTC", "2024-06-21", "21st Jun, 2024, 1:00:00 am"],
    ["a lower-case z", "2024-06-21T11:00:00z", "21st Jun, 2024, 12:00:00 pm"],
  ])("reads %s", (_label, iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });
});

describe("Lagos fields against the platform's own time zone data", () => {
  const lagos = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lagos",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    hour12: true,
  });
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";

  it("agrees with Intl for any moment from 1970 to 2100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        const iso = new Date(ms).toISOString();
        const parts = lagos.formatToParts(new Date(ms));
        const hour = part(parts, "hour");
        const clock = `${hour === "0" ? "12" : hour}:${part(parts, "minute")}:${part(parts, "second")} ${part(parts, "dayPeriod").toLowerCase()}`;
        expect(formatTime(iso)).toBe(clock);
        const day = Number(part(parts, "day"));
        expect(formatDay(iso)).toMatch(
          new RegExp(`^${day}(st|nd|rd|th) ${part(parts, "month").slice(0, 3)}, ${part(parts, "year")}$`),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseDay", () => {
  it.each([
    ["2026-01-31", "2026-01-31"],
    [" 2026-01-31 ", "2026-01-31"],
    ["31/01/2026", "2026-01-31"],
    ["31/1/2026", "2026-01-31"],
    ["1/2/2026", "2026-02-01"],
    ["01/02/2026", "2026-02-01"],
    ["31-01-2026", "2026-01-31"],
    ["31.01.2026", "2026-01-31"],
    ["29/02/2024", "2024-02-29"],
  ])("reads %j as %s", (typed, day) => {
    expect(parseDay(typed)).toBe(day);
  });

  it.each([
    ["nothing", ""],
    ["30th February", "30/02/2026"],
    ["29th February of a common year", "29/02/2026"],
    ["month 13", "01/13/2026"],
    ["month first, as in the US", "01/31/2026"],
    ["a two-digit year", "31/01/26"],
    ["an ISO day without leading zeros", "2026-1-5"],
    ["an ISO day that is not real", "2026-02-30"],
    ["day 0", "0/01/2026"],
    ["words", "yesterday"],
    ["a day with a time", "31/01/2026 10:00"],
    ["a three-digit day", "031/01/2026"],
  ])("refuses %s (%j)", (_case, typed) => {
    expect(parseDay(typed)).toBeNull();
  });
});

describe("formatShortDay", () => {
  it.each([
    ["2026-12-03", "3 Dec"],
    ["2027-01-01", "1 Jan"],
    ["2028-02-29", "29 Feb"],
    ["2026-11-30", "30 Nov"],
    ["2026-02-30", ""],
    ["3/12/2026", ""],
    ["", ""],
  ])("%j is %j", (day, expected) => {
    expect(formatShortDay(day)).toBe(expected);
  });
});

describe("renewalDay: 30 days after the Lagos day of the purchase", () => {
  it.each([
    ["2026-11-03T10:00:00Z", "2026-12-03"],
    // Bought at 23:30 UTC on 2 Nov: already 3 Nov in Lagos.
    ["2026-11-02T23:30:00Z", "2026-12-03"],
    ["2026-11-02T22:59:59Z", "2026-12-02"],
    // Across the year and through February, leap year or not.
    ["2026-12-15T09:00:00Z", "2027-01-14"],
    ["2027-02-01T09:00:00Z", "2027-03-03"],
    ["2028-02-01T09:00:00Z", "2028-03-02"],
    ["2026-01-31T09:00:00+01:00", "2026-03-02"],
    // The upstream's time without a zone is UTC.
    ["2026-11-03 23:15:00", "2026-12-04"],
    ["", ""],
    ["not a date", ""],
  ])("bought %j renews %j", (purchasedAt, expected) => {
    expect(renewalDay(purchasedAt)).toBe(expected);
  });
});
