// The transaction PIN's rules (issue 23): four digits, not one a thief would try first, and
// a lock after five wrong tries. Pure: the store keeps the tries, this decides what they mean.

export const PIN_LENGTH = 4;
/** Wrong tries that lock buying, counted within WRONG_PIN_WINDOW_MS of one another. */
export const WRONG_PINS_TO_LOCK = 5;
export const WRONG_PIN_WINDOW_MS = 15 * 60 * 1000;
export const PIN_LOCK_MS = 30 * 60 * 1000;

export const PIN_FORMAT_MESSAGE = "Your PIN is 4 digits";
export const WEAK_PIN_MESSAGE =
  "Choose a PIN that is hard to guess: not 1234, 1111, 1212 or the end of your phone number";

/** What a step that spends money asks of the person: the PIN, nothing, or to set one first. */
export type PinRequirement = "ask" | "skip" | "set-first";

/** The profile's PIN form, coming back to `back` (a path of ours) once a first PIN is set. */
export function setPinAddress(back: string): string {
  return `/dashboard/profile?${new URLSearchParams({ back }).toString()}#transaction-pin`;
}

export function isPinFormat(pin: string): boolean {
  return /^\d{4}$/.test(pin);
}

const ASCENDING = "01234567890";
const DESCENDING = "09876543210";

/**
 * Whether a new PIN is too easy to guess: one digit four times (0000), a run up or
 * down (1234, 4321, 8901), two digits taking turns (1212), or the last four digits of the
 * person's phone number.
 */
export function isWeakPin(pin: string, phone: string): boolean {
  const [a, b, c, d] = pin;
  const phoneEnd = phone.replace(/\D/g, "").slice(-PIN_LENGTH);
  return (
    (a === b && b === c && c === d) ||
    ASCENDING.includes(pin) ||
    DESCENDING.includes(pin) ||
    (a === c && b === d) ||
    pin === phoneEnd
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
