import type { Limit } from "./rate-limit.server.ts";

/**
 * Counts one attempt (a login, a resend, a sign-up) against a limit of attempts: null when
 * it may go ahead, or when the key unlocks. `Limit.hit` locks on the hit that reaches the
 * points, which is right for failures (the 10th wrong password locks) but would refuse the
 * Nth attempt itself; here a limit of N lets N attempts through and refuses the next.
 */
export async function allowAttempt(limit: Limit, key: string): Promise<Date | null> {
  const locked = await limit.lockedUntil(key);
  if (locked) return locked;
  await limit.hit(key);
  return null;
}
