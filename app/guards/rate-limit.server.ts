import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { env } from "../infra/env.server.ts";
import { redis } from "../infra/redis.server.ts";
import { lagosTimeOfDay } from "../domain/dates.ts";
import { m } from "../i18n/paraglide/messages.js";

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

export type LimitOptions = { name: string; points: number; windowSeconds: number; lockSeconds: number };

/**
 * In Redis when there is a client (REDIS_URL), so every portal process counts the same
 * tries; else in this process's memory. While Redis cannot be reached the counting goes on in
 * memory (rate-limiter-flexible's insurance) rather than failing every login.
 */
export function createLimit(options: LimitOptions, client: Redis | null = redis()): Limit {
  const counting = { points: options.points, duration: options.windowSeconds, keyPrefix: `limit:${options.name}` };
  const limiter =
    client === null
      ? new RateLimiterMemory(counting)
      : new RateLimiterRedis({
          ...counting,
          storeClient: client,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(counting),
        });

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
  loginFailuresByEmail: createLimit({
    name: "loginFailuresByEmail",
    points: 10,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 15 * MINUTE,
  }),
  loginByIp: createLimit({
    name: "loginByIp",
    points: env().LOGIN_ATTEMPTS_PER_IP,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 15 * MINUTE,
  }),
  registerByIp: createLimit({ name: "registerByIp", points: 30, windowSeconds: 60 * MINUTE, lockSeconds: 60 * MINUTE }),
  // Each sign-up mails a code: one address cannot be flooded with them by repeated sign-ups.
  registerByEmail: createLimit({
    name: "registerByEmail",
    points: 5,
    windowSeconds: 60 * MINUTE,
    lockSeconds: 60 * MINUTE,
  }),
  otpFailuresByAccount: createLimit({
    name: "otpFailuresByAccount",
    points: 5,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 15 * MINUTE,
  }),
  otpByIp: createLimit({ name: "otpByIp", points: 300, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE }),
  resendOtpByAccount: createLimit({
    name: "resendOtpByAccount",
    points: 3,
    windowSeconds: 10 * MINUTE,
    lockSeconds: 10 * MINUTE,
  }),
  resendOtpByIp: createLimit({
    name: "resendOtpByIp",
    points: 60,
    windowSeconds: 10 * MINUTE,
    lockSeconds: 10 * MINUTE,
  }),
  // A verify names the customer behind a meter, card or profile ID: enough for a buyer who
  // mistypes, too few to walk through numbers and collect names and addresses.
  verifyByAccount: createLimit({
    name: "verifyByAccount",
    points: 30,
    windowSeconds: 10 * MINUTE,
    lockSeconds: 10 * MINUTE,
  }),
  verifyByIp: createLimit({ name: "verifyByIp", points: 600, windowSeconds: 10 * MINUTE, lockSeconds: 10 * MINUTE }),
  // Each re-check is an upstream call: plenty for a reseller watching a few pending purchases,
  // too few to hammer the upstream with one button.
  recheckByAccount: createLimit({
    name: "recheckByAccount",
    points: 30,
    windowSeconds: 10 * MINUTE,
    lockSeconds: 10 * MINUTE,
  }),
  forgotPasswordByIp: createLimit({
    name: "forgotPasswordByIp",
    points: 30,
    windowSeconds: 60 * MINUTE,
    lockSeconds: 60 * MINUTE,
  }),
  forgotPasswordByEmail: createLimit({
    name: "forgotPasswordByEmail",
    points: 3,
    windowSeconds: 60 * MINUTE,
    lockSeconds: 60 * MINUTE,
  }),
};

export function lockedMessage(until: Date): string {
  return m.valid_locked({ time: lagosTimeOfDay(until) });
}
