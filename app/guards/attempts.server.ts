import { m } from "../i18n/paraglide/messages.js";
import { type Limit, lockedMessage, logUncounted, UncountedTry } from "./rate-limit.server.ts";

/**
 * Counts one attempt (a login, a resend, a sign-up) against a limit of attempts: null when
 * it may go ahead, or when the key unlocks. A limit of N lets N attempts through, however
 * many arrive at once, and locks the key from the Nth for the limit's lock time.
 */
export async function allowAttempt(limit: Limit, key: string): Promise<Date | null> {
  const counted = await limit.reserve(key);
  if (counted.locked) return counted.locked;
  if (counted.last) await limit.lock(key);
  return null;
}

/** A limit and the key a try is counted under: an e-mail, an account, a client address. */
export type Counted = readonly [limit: Limit, key: string];

/**
 * How a counted check ended: refused before it was made (`locked`), or made, with what the
 * check returned or threw. A wrong answer that filled the limit carries the lock, so the
 * person reads "too many attempts" rather than "wrong password" with nothing left to try.
 */
export type CountedCheck<T> =
  | { result: "locked"; until: Date }
  | { result: "uncounted" }
  | { result: "right"; value: T }
  | { result: "failed"; error: unknown };

/** A check refused before the upstream was asked: locked, or not countable just now. */
export type Unasked = Extract<CountedCheck<unknown>, { result: "locked" | "uncounted" }>;

/** What a check refused unasked tells the person, and the status its page answers with. */
export function unaskedAnswer(attempt: Unasked): { message: string; status: 429 | 503 } {
  return attempt.result === "locked"
    ? { message: lockedMessage(attempt.until), status: 429 }
    : { message: m.valid_not_counted(), status: 503 };
}

/**
 * A password or code check by the upstream, with its try counted before the upstream is
 * asked, in the shape of the transaction PIN's check (decision 065): `wrongTries` counts
 * wrong answers for one account, `attempts` every check from one address. However many
 * checks arrive at once, no more than the account's points reach the upstream in a window,
 * and a locked account or address is refused without asking it.
 *
 * `isWrong` tells a wrong answer (kept, and the account locks once its points are used) from
 * one the upstream could not judge (busy, down): that try is given back. A right answer
 * forgets the account's wrong tries. A try the shared count cannot take is `uncounted`, and
 * the upstream is not asked (decision 077); once a try is made, a failure to book it after
 * (lock, give back, forget) is logged and the answer stands.
 */
export async function countedCheck<T>(
  guard: { wrongTries: Counted; attempts?: Counted },
  check: () => Promise<T>,
  isWrong: (error: unknown) => boolean,
): Promise<CountedCheck<T>> {
  const [wrongTries, account] = guard.wrongTries;
  let reserved: Awaited<ReturnType<Limit["reserve"]>>;
  try {
    reserved = await wrongTries.reserve(account);
  } catch (error) {
    if (!(error instanceof UncountedTry)) throw error;
    logUncounted(error.limit, "reserve", error.cause);
    return { result: "uncounted" };
  }
  if (reserved.locked) return { result: "locked", until: reserved.locked };
  const booked = bookingFor(wrongTries.name);
  const giveBack = () => booked("release", wrongTries.release(account), undefined);
  if (guard.attempts) {
    const refused = await allowAttempt(...guard.attempts);
    if (refused) {
      await giveBack();
      return { result: "locked", until: refused };
    }
  }

  let value: T;
  try {
    value = await check();
  } catch (error) {
    if (!isWrong(error)) {
      await giveBack();
      return { result: "failed", error };
    }
    if (await booked("isFull", wrongTries.isFull(account), false)) {
      const until = await booked("lock", wrongTries.lock(account), null);
      if (until) return { result: "locked", until };
    }
    return { result: "failed", error };
  }
  await booked("reset", wrongTries.reset(account), undefined);
  return { result: "right", value };
}

/** A step of booking a try already made: when Redis fails it, logged, and `fallback` stands in. */
function bookingFor(limit: string) {
  return async <T>(step: string, done: Promise<T>, fallback: T): Promise<T> => {
    try {
      return await done;
    } catch (error) {
      logUncounted(limit, step, error);
      return fallback;
    }
  };
}
