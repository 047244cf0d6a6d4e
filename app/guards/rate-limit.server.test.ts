import { describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/portal-process.ts";
import { twoProcessesOnOneRedis } from "../../tests/support/redis-processes.ts";
import { lagosTimeOfDay } from "../domain/dates.ts";
import { createLimit, type Limit, lockedMessage, UncountedTry } from "./rate-limit.server.ts";
import { createRedisClient } from "../infra/redis.server.ts";

const MINUTE_MS = 60_000;

/** A Lua script that holds Redis, answering no one, for ARGV[1] milliseconds. */
const BUSY_FOR_MS = `
local function now() local t = redis.call("TIME") return t[1] * 1000 + t[2] / 1000 end
local till = now() + tonumber(ARGV[1])
while now() < till do end
return 1`;

/** `count` reservations of one key sent at once; how many were let through. */
async function reservedAtOnce(limits: readonly [Limit, ...Limit[]], key: string, count: number): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) => (limits[index % limits.length] ?? limits[0]).reserve(key)),
  );
  return answers.filter((answer) => answer.locked === null).length;
}

describe("createLimit", () => {
  it("counts each try before it is made: the points go ahead, the last says so, the next is refused", async () => {
    const limit = createLimit({ name: "test", points: 3, windowSeconds: 900, lockSeconds: 900 }, null);
    expect(await limit.reserve("a@example.com")).toEqual({ locked: null, last: false });
    expect(await limit.reserve("a@example.com")).toEqual({ locked: null, last: false });
    expect(await limit.reserve("a@example.com")).toEqual({ locked: null, last: true });
    const refused = await limit.reserve("a@example.com");
    expect((refused.locked?.getTime() ?? 0) - Date.now()).toBeGreaterThan(14 * MINUTE_MS);
    expect(await limit.reserve("b@example.com")).toEqual({ locked: null, last: false });
  });

  it("lets exactly the points through when fifty tries arrive at once", async () => {
    const limit = createLimit({ name: "test", points: 10, windowSeconds: 900, lockSeconds: 900 }, null);
    expect(await reservedAtOnce([limit], "k", 50)).toBe(10);
  });

  it("does not count refused tries: once the tries made are given back, the key is open again", async () => {
    const limit = createLimit({ name: "test", points: 2, windowSeconds: 60, lockSeconds: 60 }, null);
    await limit.reserve("k");
    await limit.reserve("k");
    for (let refused = 0; refused < 5; refused += 1) expect((await limit.reserve("k")).locked).not.toBeNull();
    await limit.release("k");
    await limit.release("k");
    expect(await limit.isFull("k")).toBe(false);
    expect(await reservedAtOnce([limit], "k", 5)).toBe(2);
  });

  it("isFull counts the tries still being made", async () => {
    const limit = createLimit({ name: "test", points: 2, windowSeconds: 60, lockSeconds: 60 }, null);
    expect(await limit.isFull("k")).toBe(false);
    await limit.reserve("k");
    expect(await limit.isFull("k")).toBe(false);
    await limit.reserve("k");
    expect(await limit.isFull("k")).toBe(true);
  });

  it("lock refuses the key for the lock time, longer than the window", async () => {
    const limit = createLimit({ name: "test", points: 5, windowSeconds: 60, lockSeconds: 600 }, null);
    const until = await limit.lock("k");
    expect(until.getTime() - Date.now()).toBeGreaterThan(9 * MINUTE_MS);
    const refused = await limit.reserve("k");
    expect((refused.locked?.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * MINUTE_MS);
    // A try given back does not open a lock.
    await limit.release("k");
    expect((await limit.reserve("k")).locked).not.toBeNull();
  });

  it("reset forgets the count, and a try given back after it gives no extra try", async () => {
    const limit = createLimit({ name: "test", points: 2, windowSeconds: 60, lockSeconds: 60 }, null);
    await limit.reserve("k");
    await limit.reset("k");
    await limit.release("k");
    expect(await reservedAtOnce([limit], "k", 5)).toBe(2);
  });
});

describe("createLimit in Redis, shared by two portal processes", () => {
  const redis = twoProcessesOnOneRedis();
  let limits = 0;

  /** The same limit as each process creates it; a fresh name per test. */
  function onBothProcesses(points: number) {
    const options = { name: `test-${(limits += 1)}`, points, windowSeconds: 900, lockSeconds: 900 };
    return { a: createLimit(options, redis.processA), b: createLimit(options, redis.processB) };
  }

  it("lets exactly the points through when fifty tries arrive at once on both processes", async () => {
    const { a, b } = onBothProcesses(10);
    expect(await reservedAtOnce([a, b], "a@example.com", 50)).toBe(10);
    expect(await a.isFull("a@example.com")).toBe(true);
    expect((await b.reserve("a@example.com")).locked).not.toBeNull();
    expect((await a.reserve("b@example.com")).locked).toBeNull();
  });

  it("a lock on one process refuses on the other; a reset on one forgets on both", async () => {
    const { a, b } = onBothProcesses(3);
    const until = await a.lock("k");
    expect(until.getTime() - Date.now()).toBeGreaterThan(14 * MINUTE_MS);
    expect((await b.reserve("k")).locked).not.toBeNull();
    await b.reset("k");
    expect(await reservedAtOnce([a, b], "k", 6)).toBe(3);
  });

  it("a lock set while refused tries are giving their points back still holds, and the count with it", async () => {
    const { a, b } = onBothProcesses(10);
    expect(await reservedAtOnce([a, b], "k", 10)).toBe(10);
    // Twenty tries refused at once, and the tenth wrong answer locking the key among them.
    await Promise.all([...Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).reserve("k")), a.lock("k")]);
    expect(await reservedAtOnce([a, b], "k", 10)).toBe(0);
    expect(await b.isFull("k")).toBe(true);
  });

  it("a try given back on one process is open on the other", async () => {
    const { a, b } = onBothProcesses(1);
    await a.reserve("k");
    expect((await b.reserve("k")).locked).not.toBeNull();
    await a.release("k");
    expect(await b.reserve("k")).toEqual({ locked: null, last: true });
  });

  it("a limit that guards a secret counts only in Redis: a Redis slower than the command timeout lets no try through", async () => {
    const options = { name: `test-${(limits += 1)}`, points: 10, windowSeconds: 900, lockSeconds: 900 };
    const a = createLimit({ ...options, sharedOnly: true }, redis.processA);
    const b = createLimit({ ...options, sharedOnly: true }, redis.processB);
    // Another client holds Redis busy past the clients' 2-second command timeout, as a
    // starved portal process or an overloaded Redis does.
    const busy = redis.processA.duplicate();
    try {
      // Its own command times out too; only the hold matters.
      const held = busy.eval(BUSY_FOR_MS, 0, "2500").catch(() => "held");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const tries = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? a : b).reserve("k")),
      );
      await held;
      expect(tries.filter((answer) => answer.status === "fulfilled")).toEqual([]);
      for (const answer of tries) expect(answer.status === "rejected" && answer.reason).toBeInstanceOf(UncountedTry);
      // Once Redis answers again, tries count as before: with those refused, never more than the points.
      expect(await reservedAtOnce([a, b], "k", 50)).toBeLessThanOrEqual(10);
    } finally {
      busy.disconnect();
    }
  });

  it("keeps counting in memory while Redis cannot be reached, except a limit that guards a secret", async () => {
    const gone = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const limit = createLimit({ name: "unreachable", points: 2, windowSeconds: 60, lockSeconds: 900 }, gone);
      expect(await reservedAtOnce([limit], "k", 5)).toBe(2);
      expect((await limit.reserve("k")).locked).not.toBeNull();
      const guarding = createLimit(
        { name: "unreachable", points: 2, windowSeconds: 60, lockSeconds: 900, sharedOnly: true },
        gone,
      );
      await expect(guarding.reserve("k")).rejects.toBeInstanceOf(UncountedTry);
    } finally {
      gone.disconnect();
    }
  });
});

describe("lagosTimeOfDay", () => {
  it.each([
    ["2026-01-01T00:00:00Z", "1:00 am"],
    ["2026-01-01T10:59:00Z", "11:59 am"],
    ["2026-01-01T11:00:00Z", "12:00 pm"],
    ["2026-01-01T14:04:00Z", "3:04 pm"],
    ["2026-01-01T23:30:00Z", "12:30 am"],
  ])("%s is %s in Lagos", (iso, expected) => {
    expect(lagosTimeOfDay(new Date(iso))).toBe(expected);
  });

  it("tells a locked user when to try again", () => {
    expect(lockedMessage(new Date("2026-01-01T14:04:00Z"))).toBe("Too many attempts. Please try again after 3:04 pm.");
  });
});
