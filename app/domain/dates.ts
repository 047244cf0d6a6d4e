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
