import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../infra/env.server.ts";
import { log } from "../infra/log.server.ts";
import { redis } from "../infra/redis.server.ts";
import { lagosTimeOfDay } from "../domain/dates.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";

/**
 * A counter per key (an IP, an e-mail) that locks the key for a while once it reaches its
 * points. Every try is counted before it is made, in one atomic step, so tries sent at once
 * cannot all pass a check made before any of them was counted (decision 065).
 */
export type Limit = {
  /** The limit's name, as its keys in Redis and the log lines name it. */
  readonly name: string;
  /**
   * Counts one try before it is made: `{ locked }` (when the key unlocks) refuses it, and it
   * is not counted; otherwise it may go ahead, and `last` says it used the key's last point.
   */
  reserve(key: string): Promise<{ locked: Date } | { locked: null; last: boolean }>;
  /** Locks the key for the limit's lock time from now; when it unlocks. */
  lock(key: string): Promise<Date>;
  /** Whether the tries counted within the window (those still being made too) reach the points. */
  isFull(key: string): Promise<boolean>;
  /** Gives one counted try back: it was never judged (the upstream could not answer). */
  release(key: string): Promise<void>;
  /** Forgets the key's tries (after a right password, so earlier typos do not count against the next). */
  reset(key: string): Promise<void>;
};

export type LimitOptions = {
  name: string;
  points: number;
  windowSeconds: number;
  lockSeconds: number;
  /**
   * Counted only where every portal counts: while Redis cannot count a try (down, or slower
   * than the command timeout), `reserve` throws `UncountedTry` rather than count it in this
   * process alone (decision 077). For the limits that guard a secret: a password, a code.
   */
  sharedOnly?: boolean;
};

/** A try that could not be counted where every portal counts: it must not be made. */
export class UncountedTry extends Error {
  readonly limit: string;
  constructor(limit: string, cause: unknown) {
    super(`The ${limit} limit could not count a try`, { cause });
    this.name = "UncountedTry";
    this.limit = limit;
  }
}

/**
 * In Redis when there is a client (REDIS_URL), so every portal process counts the same
 * tries; else in this process's memory. While Redis cannot be reached the counting goes on in
 * memory (rate-limiter-flexible's insurance) rather than failing every login, except for a
 * limit that is `sharedOnly`.
 */
export function createLimit(options: LimitOptions, client: Redis | null = redis()): Limit {
  function counter(keyPrefix: string, points: number, duration: number) {
    const counting = { points, duration, keyPrefix };
    return client === null
      ? new RateLimiterMemory(counting)
      : new RateLimiterRedis({
          ...counting,
          storeClient: client,
          rejectIfRedisNotReady: true,
          ...(options.sharedOnly ? {} : { insuranceLimiter: new RateLimiterMemory(counting) }),
        });
  }
  const tries = counter(`limit:${options.name}`, options.points, options.windowSeconds);
  // The lock is a key of its own. Written over the count, as a block is, it would lose the
  // tries still on their way back (refused ones give their point back after the lock is set),
  // and the count would fall below the tries made: the next tries would pass the lock.
  const locks = counter(`limit:${options.name}:lock`, 1, options.lockSeconds);

  async function release(key: string): Promise<void> {
    const after = await tries.reward(key, 1);
    // A try given back after a reset would leave the key below zero: one try more next time.
    if (after.consumedPoints < 0) await tries.delete(key);
  }

  async function lockedUntil(key: string): Promise<Date | null> {
    const lock = await locks.get(key);
    return lock !== null && lock.consumedPoints > 1 ? new Date(Date.now() + lock.msBeforeNext) : null;
  }

  return {
    name: options.name,
    async reserve(key) {
      try {
        const locked = await lockedUntil(key);
        if (locked) return { locked };
        const counted = await tries.consume(key, 1);
        return { locked: null, last: counted.consumedPoints === options.points };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw new UncountedTry(options.name, refusal);
        // A refused try is not counted: a flood of them neither lengthens the window nor
        // outlives the tries that were made, should those be given back. Should Redis fail
        // here, the try stays counted: the key is locked a little longer, never opened.
        await release(key).catch((error: unknown) => logUncounted(options.name, "release", error));
        return { locked: new Date(Date.now() + refusal.msBeforeNext) };
      }
    },
    async lock(key) {
      await locks.block(key, options.lockSeconds);
      return new Date(Date.now() + options.lockSeconds * 1000);
    },
    async isFull(key) {
      const state = await tries.get(key);
      return state !== null && state.consumedPoints >= options.points;
    },
    release,
    async reset(key) {
      await Promise.all([tries.delete(key), locks.delete(key)]);
    },
  };
}

const MINUTE = 60;

// Decision 009: the OTP locks for 15 minutes after 5 wrong tries, and so does login for one
// e-mail after 10. The per-IP limits stop one address from trying many accounts; they are
// generous because Nigerian mobile carriers put many customers behind one address (CGNAT).
export const limits = {
  loginFailuresByEmail: createLimit({
    name: "loginFailuresByEmail",
    points: 10,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 15 * MINUTE,
    sharedOnly: true,
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
    sharedOnly: true,
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
  // A reset link's token is the only check a reset has: each try at one is counted per address.
  resetPasswordByIp: createLimit({
    name: "resetPasswordByIp",
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

/** One warning per failed step, for an operator: a count Redis could not keep. */
export function logUncounted(limit: string, step: string, error: unknown): void {
  log("warn", "limit.redis-failed", { limit, step, error: error instanceof Error ? error.message : String(error) });
}

export function lockedMessage(until: Date): string {
  return m.valid_locked({ time: lagosTimeOfDay(until, getLocale()) });
}
