import { lagosTimeOfDay } from "../domain/dates.ts";
import { WRONG_PINS_TO_LOCK } from "../domain/pin.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";

// The PIN check's refusals in the request's language (the rules are app/domain/pin.ts's).

/** "Wrong PIN. 4 tries left." */
export function wrongPinMessage(triesLeft: number): string {
  return m.buy_pin_wrong({ count: triesLeft });
}

/** "Buying is locked until 3:42 pm after 5 wrong PINs", the time in Lagos without seconds. */
export function pinLockedMessage(untilMs: number): string {
  return m.buy_pin_locked({ time: lagosTimeOfDay(new Date(untilMs), getLocale()), count: WRONG_PINS_TO_LOCK });
}
