import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay } from "./dates.ts";

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

describe("formatDateTime", () => {
  it.each([
    ["2024-01-01T14:04:05Z", "1st Jan, 2024, 3:04:05 pm"],
    ["2024-01-01T00:00:00+01:00", "1st Jan, 2024, 12:00:00 am"],
    ["2024-06-21T11:59:59Z", "21st Jun, 2024, 12:59:59 pm"],
  ])("%s is %s", (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });
});
