import { describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/portal-process.ts";
import { twoProcessesOnOneRedis } from "../../tests/support/redis-processes.ts";
import { lagosTimeOfDay } from "../domain/dates.ts";
import { createLimit, lockedMessage } from "./rate-limit.server.ts";
import { createRedisClient } from "../infra/redis.server.ts";

describe("createLimit", () => {
  it("locks a key once it reaches its points, and only that key", async () => {
    const limit = createLimit({ name: "test", points: 3, windowSeconds: 60, lockSeconds: 900 });
    expect(await limit.hit("a@example.com")).toBeNull();
    expect(await limit.hit("a@example.com")).toBeNull();
    const until = await limit.hit("a@example.com");
    expect(until).toBeInstanceOf(Date);
    expect((until?.getTime() ?? 0) - Date.now()).toBeGreaterThan(890_000);
    expect(await limit.lockedUntil("a@example.com")).not.toBeNull();
    expect(await limit.lockedUntil("b@example.com")).toBeNull();
  });

  it("asking does not count", async () => {
    const limit = createLimit({ name: "test", points: 2, windowSeconds: 60, lockSeconds: 60 });
    for (let ask = 0; ask < 5; ask += 1) expect(await limit.lockedUntil("k")).toBeNull();
    expect(await limit.hit("k")).toBeNull();
  });

  it("stays locked while further hits arrive", async () => {
    const limit = createLimit({ name: "test", points: 1, windowSeconds: 60, lockSeconds: 600 });
    const first = await limit.hit("k");
    const second = await limit.hit("k");
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
  });

  it("reset forgets the count", async () => {
    const limit = createLimit({ name: "test", points: 2, windowSeconds: 60, lockSeconds: 60 });
    await limit.hit("k");
    await limit.reset("k");
    expect(await limit.hit("k")).toBeNull();
  });
});

describe("createLimit in Redis, shared by two portal processes", () => {
  const redis = twoProcessesOnOneRedis();
  let limits = 0;

  /** The same limit as each process creates it; a fresh name per test. */
  function onBothProcesses(points: number) {
    const options = { name: `test-${(limits += 1)}`, points, windowSeconds: 60, lockSeconds: 900 };
    return { a: createLimit(options, redis.processA), b: createLimit(options, redis.processB) };
  }

  it("counts tries on both processes together and locks the key on both", async () => {
    const { a, b } = onBothProcesses(4);
    expect(await a.hit("a@example.com")).toBeNull();
    expect(await a.hit("a@example.com")).toBeNull();
    expect(await b.hit("a@example.com")).toBeNull();
    const until = await b.hit("a@example.com");
    expect((until?.getTime() ?? 0) - Date.now()).toBeGreaterThan(890_000);
    expect(await a.lockedUntil("a@example.com")).not.toBeNull();
    expect(await b.lockedUntil("a@example.com")).not.toBeNull();
    expect(await a.lockedUntil("b@example.com")).toBeNull();
  });

  it("asking on either process does not count", async () => {
    const { a, b } = onBothProcesses(2);
    for (let ask = 0; ask < 3; ask += 1) {
      expect(await a.lockedUntil("k")).toBeNull();
      expect(await b.lockedUntil("k")).toBeNull();
    }
    expect(await a.hit("k")).toBeNull();
  });

  it("reset on one process forgets the count on both", async () => {
    const { a, b } = onBothProcesses(2);
    await a.hit("k");
    await b.reset("k");
    expect(await a.hit("k")).toBeNull();
    expect(await b.lockedUntil("k")).toBeNull();
  });

  it("keeps counting in memory while Redis cannot be reached", async () => {
    const gone = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const limit = createLimit({ name: "unreachable", points: 2, windowSeconds: 60, lockSeconds: 900 }, gone);
      expect(await limit.hit("k")).toBeNull();
      expect(await limit.hit("k")).not.toBeNull();
      expect(await limit.lockedUntil("k")).not.toBeNull();
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
