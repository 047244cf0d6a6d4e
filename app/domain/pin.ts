// The transaction PIN's rules (decision 056): four digits, not one a thief would try first, and
// a lock after five wrong tries. Pure: the store keeps the tries, this decides what they mean.

export const PIN_LENGTH = 4;
/** Wrong tries that lock buying, counted within WRONG_PIN_WINDOW_MS of one another. */
export const WRONG_PINS_TO_LOCK = 5;
export const WRONG_PIN_WINDOW_MS = 15 * 60 * 1000;
export const PIN_LOCK_MS = 30 * 60 * 1000;

/** What a step that spends money asks of the person: the PIN, nothing, or to set one first. */
export type PinRequirement = "ask" | "skip" | "set-first";

/** The profile's PIN form, coming back to `back` (a path of ours) once a first PIN is set. */
export function setPinAddress(back: string): string {
  return `/dashboard/profile?${new URLSearchParams({ back }).toString()}#transaction-pin`;
}

export function isPinFormat(pin: string): boolean {
  return /^\d{4}$/.test(pin);
}

/** The first year a customer's year of birth could be; the last is this year. */
const FIRST_BIRTH_YEAR = 1900;

/** Each digit one more than the one before (`step` 1) or one less (`step` 9), 9 wrapping to 0. */
function isRun(digits: readonly number[], step: 1 | 9): boolean {
  return digits.every((digit, index) => index === 0 || digit === ((digits[index - 1] ?? 0) + step) % 10);
}

/**
 * Whether a new PIN is among the first a thief would try (decision 066): one digit four
 * times (0000), a run up or down, wrapping past 9 or 0 (1234, 8901, 4321, 1098), two digits
 * taking turns (1212) or doubled (1122), the last four digits of the person's phone number,
 * or a year someone alive could be born in (1900 to `thisYear`): the portal does not know the
 * person's year of birth, so every year stands for it.
 */
export function isWeakPin(pin: string, phone: string, thisYear: number): boolean {
  const digits = [...pin].map(Number);
  const [a, b, c, d] = pin;
  const phoneEnd = phone.replace(/\D/g, "").slice(-PIN_LENGTH);
  const year = Number(pin);
  return (
    isRun(digits, 1) ||
    isRun(digits, 9) ||
    // Taking turns (1212) or doubled (1122); one digit four times is both.
    (a === c && b === d) ||
    (a === b && c === d) ||
    pin === phoneEnd ||
    (year >= FIRST_BIRTH_YEAR && year <= thisYear)
  );
}

export type PinLock = { locked: true; untilMs: number } | { locked: false; triesLeft: number };

/**
 * Where an account stands from the times of its wrong PINs (ms, any order): locked for 30
 * minutes from the fifth of five wrong tries made within 15 minutes, otherwise how many of
 * the window's five tries are left. `wrongAt` may include tries being checked right now:
 * a try counts from the moment it is made, so five posted at once use up the window.
 */
export function pinLock(wrongAt: readonly number[], nowMs: number): PinLock {
  const times = [...wrongAt].filter((at) => at <= nowMs).sort((x, y) => x - y);
  for (let last = times.length - 1; last >= WRONG_PINS_TO_LOCK - 1; last -= 1) {
    const fifth = times[last] ?? 0;
    const first = times[last - (WRONG_PINS_TO_LOCK - 1)] ?? 0;
    if (fifth - first <= WRONG_PIN_WINDOW_MS && nowMs < fifth + PIN_LOCK_MS) {
      return { locked: true, untilMs: fifth + PIN_LOCK_MS };
    }
  }
  const recent = times.filter((at) => at > nowMs - WRONG_PIN_WINDOW_MS).length;
  return { locked: false, triesLeft: Math.max(0, WRONG_PINS_TO_LOCK - recent) };
}
