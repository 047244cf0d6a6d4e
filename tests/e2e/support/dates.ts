import { expect } from "@playwright/test";

// Dates and times in Lagos (UTC+1 all year) as the portal writes them, written independently of
// app/domain so the tests check it rather than repeat it.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th";
  return `${day}${suffix}`;
}

/** 'Do MMM, YYYY' in Lagos (UTC+1 all year): "23rd May, 2026". */
export function lagosDay(iso: string): string {
  const lagos = new Date(Date.parse(iso) + LAGOS_OFFSET_MS);
  return `${ordinal(lagos.getUTCDate())} ${MONTHS[lagos.getUTCMonth()]}, ${lagos.getUTCFullYear()}`;
}

/** "1st Jan, 2024, 3:04:05 pm" in Lagos. */
export function lagosDateTime(iso: string): string {
  const lagos = new Date(Date.parse(iso) + LAGOS_OFFSET_MS);
  const hours = lagos.getUTCHours();
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${twoDigits(lagos.getUTCMinutes())}:${twoDigits(lagos.getUTCSeconds())}`;
  return `${lagosDay(iso)}, ${clock} ${hours < 12 ? "am" : "pm"}`;
}

/** "3:04 pm" in Nigeria (UTC+1 all year), as the lock message tells the time. */
export function lagosClock(date: Date): string {
  const minutes = (date.getUTCHours() * 60 + date.getUTCMinutes() + 60) % (24 * 60);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

export const DAY_PATTERN = /^(\d{1,2})(st|nd|rd|th) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), (\d{4})$/;

export const DATE_TIME_PATTERN =
  /^(\d{1,2})(st|nd|rd|th) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), (\d{4}), (\d{1,2}):(\d{2}):(\d{2}) (am|pm)$/;

/** A shown date and time back to a number that orders like the time it names. */
export function dateTimeOrder(text: string): number {
  const match = DATE_TIME_PATTERN.exec(text);
  if (match === null) throw new Error(`not a date like '1st Jan, 2024, 3:04:05 pm': ${JSON.stringify(text)}`);
  const [, day = "", suffix = "", month = "", year = "", hour = "", minute = "", second = "", half = ""] = match;
  expect(`${day}${suffix}`, `ordinal in ${text}`).toBe(ordinal(Number(day)));
  expect(Number(hour), `12-hour clock in ${text}`).toBeGreaterThanOrEqual(1);
  expect(Number(hour), `12-hour clock in ${text}`).toBeLessThanOrEqual(12);
  const hour24 = (Number(hour) % 12) + (half === "pm" ? 12 : 0);
  return Date.UTC(
    Number(year),
    MONTHS.indexOf(month as (typeof MONTHS)[number]),
    Number(day),
    hour24,
    Number(minute),
    Number(second),
  );
}
