import { describe, expect, it } from "vitest";
import { twoProcessesOnOneRedis } from "../../tests/support/redis-processes.ts";
import { freePort } from "../../tests/support/portal-process.ts";
import { createRedisClient } from "../infra/redis.server.ts";
import { allowAttempt, countedCheck, type CountedCheck, unaskedAnswer } from "./attempts.server.ts";
import { createLimit, type Limit } from "./rate-limit.server.ts";

// The guard every password and code check goes through (decision 065): tries counted before
// the upstream is asked, so a burst sent at once is held to the limit like tries sent one by one.

const MINUTE_MS = 60_000;

class Wrong extends Error {}
class Unjudged extends Error {}

const isWrong = (error: unknown) => error instanceof Wrong;

/** A stand-in for the upstream: counts the checks that reached it; `right` is the password. */
function upstream(right: string) {
  let calls = 0;
  return {
    calls: () => calls,
    check: (password: string) => async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (password === "busy") throw new Unjudged("try again later");
      if (password !== right) throw new Wrong("wrong password");
      return "token";
    },
  };
}

function failuresLimit(points: number, client: Parameters<typeof createLimit>[1] = null): Limit {
  return createLimit({ name: `failures-${Math.random()}`, points, windowSeconds: 900, lockSeconds: 900 }, client);
}

function openAddress(): Limit {
  return createLimit({ name: `address-${Math.random()}`, points: 1000, windowSeconds: 900, lockSeconds: 900 }, null);
}

function lockedFor(outcome: CountedCheck<string>): number {
  return outcome.result === "locked" ? outcome.until.getTime() - Date.now() : 0;
}

describe("allowAttempt", () => {
  it("lets exactly the limit's number of attempts through, then refuses until the lock ends", async () => {
    const limit = createLimit({ name: "test", points: 3, windowSeconds: 600, lockSeconds: 600 }, null);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await allowAttempt(limit, "203.0.113.7"));
    expect(answers.slice(0, 3)).toEqual([null, null, null]);
    expect(answers[3]).toBeInstanceOf(Date);
    expect((answers[3]?.getTime() ?? 0) - Date.now()).toBeGreaterThan(590_000);
    expect(answers[4]).toBeInstanceOf(Date);
  });

  it("lets exactly the limit's number through when they all arrive at once", async () => {
    const limit = createLimit({ name: "test", points: 3, windowSeconds: 600, lockSeconds: 600 }, null);
    const answers = await Promise.all(Array.from({ length: 30 }, () => allowAttempt(limit, "203.0.113.8")));
    expect(answers.filter((answer) => answer === null)).toHaveLength(3);
  });

  it("counts each key on its own", async () => {
    const limit = createLimit({ name: "test", points: 1, windowSeconds: 600, lockSeconds: 600 }, null);
    expect(await allowAttempt(limit, "a")).toBeNull();
    expect(await allowAttempt(limit, "a")).not.toBeNull();
    expect(await allowAttempt(limit, "b")).toBeNull();
  });
});

describe("countedCheck", () => {
  it("asks the upstream at most ten times for fifty wrong passwords at once; the right one is then refused", async () => {
    const wrongTries = failuresLimit(10);
    const server = upstream("right");
    const guard = { wrongTries: [wrongTries, "a@example.com"], attempts: [openAddress(), "203.0.113.7"] } as const;

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => countedCheck(guard, server.check(`wrong-${index}`), isWrong)),
    );
    expect(server.calls()).toBe(10);
    expect(answers.every((answer) => answer.result !== "right")).toBe(true);

    const right = await countedCheck(guard, server.check("right"), isWrong);
    expect(right.result).toBe("locked");
    expect(lockedFor(right)).toBeGreaterThan(14 * MINUTE_MS);
    expect(server.calls()).toBe(10);
  });

  it("tells the wrong try that used the last point that the account is now locked", async () => {
    const server = upstream("right");
    const guard = { wrongTries: [failuresLimit(3), "k"] } as const;
    const answers: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      answers.push((await countedCheck(guard, server.check("wrong"), isWrong)).result);
    expect(answers).toEqual(["failed", "failed", "locked"]);
  });

  it("gives back a try the upstream could not judge", async () => {
    const server = upstream("right");
    const guard = { wrongTries: [failuresLimit(3), "k"] } as const;
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await countedCheck(guard, server.check("busy"), isWrong)).result).toBe("failed");
    expect(await countedCheck(guard, server.check("right"), isWrong)).toEqual({ result: "right", value: "token" });
  });

  it("forgets earlier wrong tries after a right answer", async () => {
    const server = upstream("right");
    const guard = { wrongTries: [failuresLimit(3), "k"] } as const;
    await countedCheck(guard, server.check("wrong"), isWrong);
    await countedCheck(guard, server.check("wrong"), isWrong);
    expect((await countedCheck(guard, server.check("right"), isWrong)).result).toBe("right");
    await countedCheck(guard, server.check("wrong"), isWrong);
    await countedCheck(guard, server.check("wrong"), isWrong);
    expect((await countedCheck(guard, server.check("right"), isWrong)).result).toBe("right");
  });

  it("refuses a locked address unasked, and its try does not count against the account", async () => {
    const server = upstream("right");
    const wrongTries = failuresLimit(2);
    const address = createLimit(
      { name: `address-${Math.random()}`, points: 1, windowSeconds: 60, lockSeconds: 60 },
      null,
    );
    const guard = { wrongTries: [wrongTries, "k"], attempts: [address, "203.0.113.7"] } as const;
    expect((await countedCheck(guard, server.check("wrong"), isWrong)).result).toBe("failed");
    expect((await countedCheck(guard, server.check("right"), isWrong)).result).toBe("locked");
    expect(server.calls()).toBe(1);
    expect(await wrongTries.isFull("k")).toBe(false);
  });
});

describe("countedCheck with a Redis it cannot reach", () => {
  it("does not make a try the shared count cannot take, and says why", async () => {
    const gone = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const options = { name: `failures-${Math.random()}`, points: 10, windowSeconds: 900, lockSeconds: 900 };
      const guard = { wrongTries: [createLimit({ ...options, sharedOnly: true }, gone), "k"] } as const;
      const server = upstream("right");
      const attempt = await countedCheck(guard, server.check("right"), isWrong);
      expect(attempt).toEqual({ result: "uncounted" });
      expect(server.calls()).toBe(0);
      if (attempt.result === "uncounted") expect(unaskedAnswer(attempt).status).toBe(503);
    } finally {
      gone.disconnect();
    }
  });
});

describe("countedCheck in Redis, on two portal processes", () => {
  const redis = twoProcessesOnOneRedis();

  it("asks the upstream at most ten times for fifty wrong passwords sent to both", async () => {
    const name = `failures-${Math.random()}`;
    const options = { name, points: 10, windowSeconds: 900, lockSeconds: 900 };
    const onA = { wrongTries: [createLimit(options, redis.processA), "a@example.com"] } as const;
    const onB = { wrongTries: [createLimit(options, redis.processB), "a@example.com"] } as const;
    const server = upstream("right");

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        countedCheck(index % 2 === 0 ? onA : onB, server.check(`wrong-${index}`), isWrong),
      ),
    );
    expect(server.calls()).toBe(10);
    expect(answers.filter((answer) => answer.result === "locked").length).toBeGreaterThanOrEqual(40);

    const right = await countedCheck(onB, server.check("right"), isWrong);
    expect(lockedFor(right)).toBeGreaterThan(14 * MINUTE_MS);
    expect(server.calls()).toBe(10);
  });
});
