// Nigeria keeps UTC+01:00 all year, with no daylight saving, so a fixed offset is exact.
export const lagosOffsetMs = 60 * 60 * 1000;
export const dayMs = 24 * 60 * 60 * 1000;

// "2026-03-02T10:00:00.000+01:00": the wall-clock time in Lagos, with its offset.
export function lagosTime(iso: string): string {
  return `${shiftToLagos(iso).toISOString().slice(0, -1)}+01:00`;
}

// "2026-03-02": the calendar date in Lagos, which is what a Nigerian user calls today.
export function lagosDate(iso: string): string {
  return shiftToLagos(iso).toISOString().slice(0, 10);
}

// Milliseconds since the epoch of the Lagos midnight that starts the day holding `ms`.
export function lagosMidnight(ms: number): number {
  return Math.floor((ms + lagosOffsetMs) / dayMs) * dayMs - lagosOffsetMs;
}

function shiftToLagos(iso: string): Date {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) {
    throw new RangeError(`${iso} is not a time.`);
  }
  return new Date(ms + lagosOffsetMs);
}
