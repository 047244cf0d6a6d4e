import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import { log } from "./log.server.ts";
import { redis } from "./redis.server.ts";

// Idempotency on the portal's side (decisions 011 and 020): the first post of a purchase key
// runs it; every later post of that key, during it or after, gets the same outcome. An
// upstream that ignores Idempotency-Key is covered too, since a repeat never reaches it.
// In memory for one process; in Redis (REDIS_URL) for several, so a repeat that the load
// balancer sends to another container finds the first one's outcome there.

type Entry<T> = { outcome: Promise<T>; expiresAt: number };

export type OnceStore<T> = {
  /**
   * `work`'s outcome for this key, running it only if no post of the key ran it yet.
   * `keep` decides whether an outcome is remembered: one that changed nothing (a session
   * that had expired) may be tried again.
   */
  run(key: string, work: () => Promise<T>, keep?: (outcome: T) => boolean): Promise<T>;
  /** Whether a post of this key ran or is running (and its outcome is remembered). */
  has(key: string): Promise<boolean>;
};

export type MemoryOnceStore<T> = OnceStore<T> & { readonly size: number };

export function createMemoryOnceStore<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): MemoryOnceStore<T> {
  const entries = new Map<string, Entry<T>>();
  const now = options.now ?? Date.now;

  // Map keeps insertion order, which is expiry order: sweep from the oldest.
  function sweep(at: number): void {
    for (const [key, entry] of entries) {
      if (entry.expiresAt > at && entries.size < options.maxEntries) break;
      entries.delete(key);
    }
  }

  function live(key: string, at: number): Entry<T> | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    run(key, work, keep = () => true) {
      const at = now();
      const existing = live(key, at);
      if (existing) return existing.outcome;
      sweep(at);
      const outcome = work();
      entries.set(key, { outcome, expiresAt: at + options.ttlMs });
      outcome.then(
        (value) => {
          if (!keep(value) && entries.get(key)?.outcome === outcome) entries.delete(key);
        },
        () => {
          if (entries.get(key)?.outcome === outcome) entries.delete(key);
        },
      );
      return outcome;
    },
    async has(key) {
      return live(key, now()) !== undefined;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Redis could not be asked before any work ran: nothing was done for this key, so the
 * caller can say so and let the user try again.
 */
export class OnceStoreUnavailable extends Error {
  override name = "OnceStoreUnavailable";
  constructor(cause: unknown) {
    super(`The shared store could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

export type RedisOnceStoreOptions<T> = {
  /** Keeps one store's keys apart from another's: `once:<name>:<key>`. */
  name: string;
  ttlMs: number;
  /** How long a post waits for the outcome of a run on another process. */
  waitMs: number;
  pollMs?: number;
  /**
   * What a post is told when that run has not finished within waitMs: an honest "not known
   * yet", never a second run. It may throw instead.
   */
  unsettled: () => T;
};

const PENDING = "pending:";
const DONE = "done:";

// Both only act while the key still holds this run's claim, so a run can never overwrite or
// free a key another run holds. The outcome keeps the claim's expiry: remembered for ttlMs
// from the first post, as in memory.
const FINISH = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
local ttl = redis.call('pttl', KEYS[1])
if ttl <= 0 then return 0 end
redis.call('set', KEYS[1], ARGV[2], 'PX', ttl)
return 1`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

/**
 * The same promise across processes. The first post claims the key (SET NX with the full
 * ttl) and runs the work; the outcome, as JSON, replaces the claim. Posts elsewhere poll
 * until it is there; one that waits longer than waitMs gets `unsettled()`. A claim whose
 * process died mid-run stays until ttl ends: that purchase may have gone through, so "not
 * known yet" is the truth. Outcomes not kept, and thrown errors, free the key.
 * Kept outcomes must survive JSON.stringify/parse unchanged (plain data, no classes).
 */
export function createRedisOnceStore<T>(client: Redis, options: RedisOnceStoreOptions<T>): OnceStore<T> {
  const pollMs = options.pollMs ?? 100;
  // Posts of a key within this process share one run, as in memory, and do not poll.
  const inFlight = new Map<string, Promise<T>>();
  const redisKey = (key: string) => `once:${options.name}:${key}`;

  function warn(event: string, error: unknown): void {
    log("warn", event, { store: options.name, error: error instanceof Error ? error.message : String(error) });
  }

  async function release(key: string, claim: string): Promise<void> {
    try {
      await client.eval(RELEASE, 1, key, claim);
    } catch (error) {
      // The claim then stays until it expires: later posts hear "not known yet", none runs again.
      warn("once.release-failed", error);
    }
  }

  async function runClaimed(
    key: string,
    claim: string,
    work: () => Promise<T>,
    keep: (outcome: T) => boolean,
  ): Promise<T> {
    let outcome: T;
    try {
      outcome = await work();
    } catch (error) {
      await release(key, claim);
      throw error;
    }
    if (!keep(outcome)) {
      await release(key, claim);
      return outcome;
    }
    try {
      await client.eval(FINISH, 1, key, claim, DONE + JSON.stringify(outcome));
    } catch (error) {
      warn("once.store-failed", error);
    }
    return outcome;
  }

  async function claim(key: string, value: string): Promise<boolean> {
    try {
      return (await client.set(key, value, "PX", options.ttlMs, "NX")) === "OK";
    } catch (error) {
      throw new OnceStoreUnavailable(error);
    }
  }

  async function runShared(key: string, work: () => Promise<T>, keep: (outcome: T) => boolean): Promise<T> {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const mine = PENDING + randomUUID();
      if (await claim(key, mine)) return runClaimed(key, mine, work, keep);
      for (;;) {
        let value: string | null;
        try {
          value = await client.get(key);
        } catch (error) {
          // Another process holds the key and may have run the work: not known, never again.
          warn("once.wait-failed", error);
          return options.unsettled();
        }
        // Freed by a run that threw or was not kept: this post may claim it now.
        if (value === null) break;
        if (value.startsWith(DONE)) return JSON.parse(value.slice(DONE.length)) as T;
        if (Date.now() >= deadline) return options.unsettled();
        await sleep(pollMs);
      }
    }
  }

  return {
    run(key, work, keep = () => true) {
      const joined = inFlight.get(key);
      if (joined) return joined;
      const outcome = runShared(redisKey(key), work, keep);
      inFlight.set(key, outcome);
      const forget = () => {
        if (inFlight.get(key) === outcome) inFlight.delete(key);
      };
      outcome.then(forget, forget);
      return outcome;
    },
    async has(key) {
      if (inFlight.has(key)) return true;
      try {
        return (await client.exists(redisKey(key))) === 1;
      } catch (error) {
        throw new OnceStoreUnavailable(error);
      }
    },
  };
}

/** Redis when REDIS_URL is set, else this process's memory (holding at most maxEntries). */
export function createOnceStore<T>(options: RedisOnceStoreOptions<T> & { maxEntries: number }): OnceStore<T> {
  const client = redis();
  return client === null ? createMemoryOnceStore<T>(options) : createRedisOnceStore<T>(client, options);
}
