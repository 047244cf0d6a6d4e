import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(advancedFormat);

// Nigeria keeps West Africa Time, UTC+1, all year; dates are shown there whatever the
// server's own zone, so the server and a test machine agree.
const LAGOS_OFFSET_MINUTES = 60;

function inLagos(iso: string) {
  const date = dayjs.utc(iso);
  return date.isValid() ? date.utcOffset(LAGOS_OFFSET_MINUTES) : null;
}

/** 'Do MMM, YYYY' (SPEC.md §9): "1st Jan, 2024". Empty for a missing or broken date. */
export function formatDay(iso: string): string {
  return inLagos(iso)?.format("Do MMM, YYYY") ?? "";
}

/** "1st Jan, 2024, 3:04:05 pm" (SPEC.md §9). Empty for a missing or broken date. */
export function formatDateTime(iso: string): string {
  return inLagos(iso)?.format("Do MMM, YYYY, h:mm:ss a") ?? "";
}

/** ISO 8601 in Lagos time with its offset: "2024-01-01T15:04:05+01:00". Empty for a broken date. */
export function formatIsoInLagos(iso: string): string {
  return inLagos(iso)?.format("YYYY-MM-DDTHH:mm:ssZ") ?? "";
}

/** The Lagos calendar day of a moment, "2024-01-01". Empty for a broken date. */
export function lagosDayOf(iso: string): string {
  return inLagos(iso)?.format("YYYY-MM-DD") ?? "";
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a Lagos calendar day "YYYY-MM-DD" starts, in epoch milliseconds; null for anything
 * that is not a real day of the Gregorian calendar ("2024-02-30", "2024-13-01", "1/2/2024").
 */
export function lagosDayStart(day: string): number | null {
  const parts = DAY.exec(day);
  if (parts === null) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const midnightUtc = Date.UTC(year, month - 1, date);
  const check = new Date(midnightUtc);
  // Date.UTC rolls 30th February into March; a real day comes back as it went in.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return midnightUtc - LAGOS_OFFSET_MINUTES * 60 * 1000;
}

/** The Lagos day `days` after `day` (before, when negative); `day` must be a real day. */
export function addDays(day: string, days: number): string {
  const start = lagosDayStart(day);
  if (start === null) throw new RangeError(`not a day: ${day}`);
  return lagosDayOf(new Date(start + days * DAY_MS).toISOString());
}

/** A Lagos calendar day "YYYY-MM-DD" as 'Do MMM, YYYY': "1st Jan, 2024". Empty when not a real day. */
export function formatCalendarDay(day: string): string {
  const start = lagosDayStart(day);
  return start === null ? "" : formatDay(new Date(start).toISOString());
}

/** The time of day in Lagos, "3:04:05 pm" (SPEC.md §9's clock). Empty for a broken date. */
export function formatTime(iso: string): string {
  return inLagos(iso)?.format("h:mm:ss a") ?? "";
}
