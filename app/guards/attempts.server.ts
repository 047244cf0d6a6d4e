import type { Limit } from "./rate-limit.server.ts";

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
  { result: "locked"; until: Date } | { result: "right"; value: T } | { result: "failed"; error: unknown };

/**
 * A password or code check by the upstream, with its try counted before the upstream is
 * asked, in the shape of the transaction PIN's check (decision 065): `wrongTries` counts
 * wrong answers for one account, `attempts` every check from one address. However many
 * checks arrive at once, no more than the account's points reach the upstream in a window,
 * and a locked account or address is refused without asking it.
 *
 * `isWrong` tells a wrong answer (kept, and the account locks once its points are used) from
 * one the upstream could not judge (busy, down): that try is given back. A right answer
 * forgets the account's wrong tries.
 */
export async function countedCheck<T>(
  guard: { wrongTries: Counted; attempts?: Counted },
  check: () => Promise<T>,
  isWrong: (error: unknown) => boolean,
): Promise<CountedCheck<T>> {
  const [wrongTries, account] = guard.wrongTries;
  const reserved = await wrongTries.reserve(account);
  if (reserved.locked) return { result: "locked", until: reserved.locked };
  if (guard.attempts) {
    const refused = await allowAttempt(...guard.attempts);
    if (refused) {
      await wrongTries.release(account);
      return { result: "locked", until: refused };
    }
  }

  let value: T;
  try {
    value = await check();
  } catch (error) {
    if (!isWrong(error)) {
      await wrongTries.release(account);
      return { result: "failed", error };
    }
    if (await wrongTries.isFull(account)) return { result: "locked", until: await wrongTries.lock(account) };
    return { result: "failed", error };
  }
  await wrongTries.reset(account);
  return { result: "right", value };
}
