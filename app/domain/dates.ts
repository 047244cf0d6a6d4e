// Nigeria keeps West Africa Time, UTC+1, all year; dates are shown there whatever the
// server's own zone, so the server and a test machine agree. A fixed offset needs no time
// zone library: the fields of the moment an hour later in UTC are the Lagos fields. Every
// transaction row formats a date, so this is on the path of every history page and CSV.
const LAGOS_OFFSET_MINUTES = 60;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const TIME_WITHOUT_T = /^(\d{4}-\d{2}-\d{2}) (?=\d)/;

type LagosFields = { year: number; month: number; day: number; hours: number; minutes: number; seconds: number };

/**
 * The moment in Lagos, or null for a missing or broken date. ISO 8601 with or without a
 * zone; one without is UTC, as the upstream means it (Date alone would read it as the
 * server's own time).
 */
function inLagos(iso: string): LagosFields | null {
  if (iso === "") return null;
  const withT = iso.replace(TIME_WITHOUT_T, "$1T");
  const time = Date.parse(HAS_ZONE.test(withT) || !withT.includes("T") ? withT : `${withT}Z`);
  if (Number.isNaN(time)) return null;
  const lagos = new Date(time + LAGOS_OFFSET_MINUTES * 60 * 1000);
  return {
    year: lagos.getUTCFullYear(),
    month: lagos.getUTCMonth(),
    day: lagos.getUTCDate(),
    hours: lagos.getUTCHours(),
    minutes: lagos.getUTCMinutes(),
    seconds: lagos.getUTCSeconds(),
  };
}

const two = (value: number) => String(value).padStart(2, "0");

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th");
  return `${day}${suffix}`;
}

/**
 * A day as a language other than English writes it with its own month names, where Node's
 * Intl has that language ("21 Fab, 2026" in Hausa, "21 Fẹ́b 2026" in Nigerian Pidgin);
 * null for English, which keeps SPEC.md §9's form, and for a language Intl does not know.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();
function dayFormatFor(language: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(language);
  if (format === undefined) {
    const known =
      !language.toLowerCase().startsWith("en") && Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0;
    format = known
      ? new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
      : null;
    dayFormats.set(language, format);
  }
  return format;
}

function dayText({ year, month, day }: LagosFields, language = "en-NG"): string {
  const format = dayFormatFor(language);
  return format ? format.format(Date.UTC(year, month, day)) : `${ordinal(day)} ${MONTHS[month] ?? ""}, ${year}`;
}
const clockText = ({ hours, minutes, seconds }: LagosFields) =>
  `${hours % 12 || 12}:${two(minutes)}:${two(seconds)} ${hours < 12 ? "am" : "pm"}`;
const isoDayText = ({ year, month, day }: LagosFields) => `${year}-${two(month + 1)}-${two(day)}`;

/**
 * 'Do MMM, YYYY' (SPEC.md §9): "1st Jan, 2024"; in another language, with its month names
 * (decision 055). Empty for a missing or broken date.
 */
export function formatDay(iso: string, language?: string): string {
  const lagos = inLagos(iso);
  return lagos ? dayText(lagos, language) : "";
}

/** "1st Jan, 2024, 3:04:05 pm" (SPEC.md §9), the day in the language's words. Empty for a missing or broken date. */
export function formatDateTime(iso: string, language?: string): string {
  const lagos = inLagos(iso);
  return lagos ? `${dayText(lagos, language)}, ${clockText(lagos)}` : "";
}

/** ISO 8601 in Lagos time with its offset: "2024-01-01T15:04:05+01:00". Empty for a broken date. */
export function formatIsoInLagos(iso: string): string {
  const lagos = inLagos(iso);
  if (!lagos) return "";
  return `${isoDayText(lagos)}T${two(lagos.hours)}:${two(lagos.minutes)}:${two(lagos.seconds)}+01:00`;
}

/** The Lagos calendar day of a moment, "2024-01-01". Empty for a broken date. */
export function lagosDayOf(iso: string): string {
  const lagos = inLagos(iso);
  return lagos ? isoDayText(lagos) : "";
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

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A calendar day as a person types it where no date picker helps (a text browser, an old
 * phone): "2026-01-31" as a picker sends it, or day first as Nigeria writes it, "31/01/2026",
 * "31/1/2026", "31-01-2026" or "31.01.2026". The day as "YYYY-MM-DD", or null when it is not
 * a real day. Never month first: "01/02/2026" is the 1st of February (decision 046).
 */
export function parseDay(typed: string): string | null {
  const text = typed.trim();
  if (DAY.test(text)) return lagosDayStart(text) === null ? null : text;
  const parts = DAY_FIRST.exec(text);
  if (parts === null) return null;
  const day = `${parts[3]}-${(parts[2] ?? "").padStart(2, "0")}-${(parts[1] ?? "").padStart(2, "0")}`;
  return lagosDayStart(day) === null ? null : day;
}

/** The Lagos day `days` after `day` (before, when negative); `day` must be a real day. */
export function addDays(day: string, days: number): string {
  const start = lagosDayStart(day);
  if (start === null) throw new RangeError(`not a day: ${day}`);
  return lagosDayOf(new Date(start + days * DAY_MS).toISOString());
}

/** A Lagos calendar day "YYYY-MM-DD" as 'Do MMM, YYYY': "1st Jan, 2024". Empty when not a real day. */
export function formatCalendarDay(day: string, language?: string): string {
  const start = lagosDayStart(day);
  return start === null ? "" : formatDay(new Date(start).toISOString(), language);
}

/** The time of day in Lagos, "3:04:05 pm" (SPEC.md §9's clock). Empty for a broken date. */
export function formatTime(iso: string): string {
  const lagos = inLagos(iso);
  return lagos ? clockText(lagos) : "";
}

/** A recent moment in Lagos, short: "25 Nov, 9:14 pm". Empty for a broken date. */
export function formatShortDateTime(iso: string): string {
  const lagos = inLagos(iso);
  if (!lagos) return "";
  const { day, month, hours, minutes } = lagos;
  return `${day} ${MONTHS[month] ?? ""}, ${hours % 12 || 12}:${two(minutes)} ${hours < 12 ? "am" : "pm"}`;
}

/** "3:04 pm" in Nigeria (West Africa Time, UTC+1 all year). */
export function lagosTimeOfDay(date: Date): string {
  const minutes = (date.getUTCHours() * 60 + date.getUTCMinutes() + 60) % (24 * 60);
  const hour24 = Math.floor(minutes / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${hour24 < 12 ? "am" : "pm"}`;
}

/**
 * A Lagos calendar day "YYYY-MM-DD" as "3 Dec", for a date close enough that its year goes
 * without saying; in another language with its month names where Intl has them ("3 Dis" in
 * Pidgin, "Dis 3" in Hausa).
 */
export function formatShortDay(day: string, language?: string): string {
  if (lagosDayStart(day) === null) return "";
  const [year, month, date] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))];
  const format = language === undefined ? null : shortDayFormatFor(language);
  return format ? format.format(Date.UTC(year, month, date)) : `${date} ${MONTHS[month] ?? ""}`;
}

const shortDayFormats = new Map<string, Intl.DateTimeFormat | null>();
function shortDayFormatFor(language: string): Intl.DateTimeFormat | null {
  let format = shortDayFormats.get(language);
  if (format === undefined) {
    format =
      dayFormatFor(language) === null
        ? null
        : new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
    shortDayFormats.set(language, format);
  }
  return format;
}

/** A month as "Nov 2026", or in another language with its month names where Intl has them ("Nuw 2026"). */
export function formatMonth(year: number, month: number, language?: string): string {
  const format = language === undefined || dayFormatFor(language) === null ? null : monthFormatFor(language);
  return format ? format.format(Date.UTC(year, month, 1)) : `${MONTHS[month] ?? ""} ${year}`;
}

/** A month's short name alone, "Nov", "Nuw": a chart's bar. */
export function formatMonthName(month: number, language?: string): string {
  const format =
    language === undefined || dayFormatFor(language) === null
      ? null
      : new Intl.DateTimeFormat(language, { month: "short", timeZone: "UTC" });
  return format ? format.format(Date.UTC(2000, month, 1)) : (MONTHS[month] ?? "");
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormatFor(language: string): Intl.DateTimeFormat {
  let format = monthFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { month: "short", year: "numeric", timeZone: "UTC" });
    monthFormats.set(language, format);
  }
  return format;
}

/** A cable subscription runs 30 days from the day it was bought (issue 23 §5). */
export const SUBSCRIPTION_DAYS = 30;

/**
 * The Lagos day a cable subscription bought at `purchasedAt` (ISO 8601) runs out, and so
 * renews: 30 days after the Lagos day of the purchase, whatever its time of day. Empty for a
 * missing or broken date.
 */
export function renewalDay(purchasedAt: string): string {
  const day = lagosDayOf(purchasedAt);
  return day === "" ? "" : addDays(day, SUBSCRIPTION_DAYS);
}
