import { RateLimiterMemory } from "rate-limiter-flexible";
import { env } from "./env.server.ts";

/**
 * A counter per key (an IP, an e-mail) that locks the key for a while once it reaches its
 * points. `hit` counts one; `lockedUntil` asks without counting; `reset` forgets (after a
 * successful login, so earlier typos do not count against the next session).
 */
export type Limit = {
  lockedUntil(key: string): Promise<Date | null>;
  hit(key: string): Promise<Date | null>;
  reset(key: string): Promise<void>;
};

export function createLimit(options: { points: number; windowSeconds: number; lockSeconds: number }): Limit {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.windowSeconds });

  async function lockedUntil(key: string): Promise<Date | null> {
    const state = await limiter.get(key);
    if (!state || state.consumedPoints < options.points) return null;
    return new Date(Date.now() + state.msBeforeNext);
  }

  return {
    lockedUntil,
    async hit(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= options.points) return new Date(Date.now() + state.msBeforeNext);
      try {
        await limiter.consume(key, 1);
      } catch {
        // consume rejects once points run out; the block below decides how long.
      }
      const after = await limiter.get(key);
      if (after && after.consumedPoints >= options.points) {
        await limiter.block(key, options.lockSeconds);
        return lockedUntil(key);
      }
      return null;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

const MINUTE = 60;

// DESIGN.md §8: the OTP locks for 15 minutes after 5 wrong tries, and so does login for one
// e-mail after 10. The per-IP limits stop one address from trying many accounts; they are
// generous because Nigerian mobile carriers put many customers behind one address (CGNAT).
export const limits = {
  loginFailuresByEmail: createLimit({ points: 10, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE }),
  loginByIp: createLimit({ points: env().LOGIN_ATTEMPTS_PER_IP, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE }),
  registerByIp: createLimit({ points: 30, windowSeconds: 60 * MINUTE, lockSeconds: 60 * MINUTE }),
  otpFailuresByAccount: createLimit({ points: 5, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE }),
  otpByIp: createLimit({ points: 300, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE }),
  resendOtpByAccount: createLimit({ points: 3, windowSeconds: 10 * MINUTE, lockSeconds: 10 * MINUTE }),
  forgotPasswordByIp: createLimit({ points: 30, windowSeconds: 60 * MINUTE, lockSeconds: 60 * MINUTE }),
  forgotPasswordByEmail: createLimit({ points: 3, windowSeconds: 60 * MINUTE, lockSeconds: 60 * MINUTE }),
};

/** "3:04 pm" in Nigeria (West Africa Time, UTC+1 all year). */
export function lagosTimeOfDay(date: Date): string {
  const minutes = (date.getUTCHours() * 60 + date.getUTCMinutes() + 60) % (24 * 60);
  const hour24 = Math.floor(minutes / 60);
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${hour24 < 12 ? "am" : "pm"}`;
}

export function lockedMessage(until: Date): string {
  return `Too many attempts. Please try again after ${lagosTimeOfDay(until)}.`;
}
