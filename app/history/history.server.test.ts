// tsconfig.json's lib stops at ES2023; Promise.withResolvers is ES2024, and Node has it since 22.
/// <reference lib="es2024.promise" />
import { describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/support/portal-process.ts";
import { twoProcessesOnOneRedis } from "../../tests/support/redis-processes.ts";
import type { TransactionRecord } from "../domain/transactions.ts";
import {
  createHistoryCache,
  type Generations,
  HISTORY_TTL_MS,
  memoryGenerations,
  redisGenerations,
  sessionKey,
  sortedHistory,
} from "./history.server.ts";
import { log } from "../infra/log.server.ts";
import { createRedisClient } from "../infra/redis.server.ts";

// Decision 033: a session's history (call 36) is kept 30 s for that session only, dropped by
// any change the session makes, and trusted only while its generation is current, so a
// purchase on one container drops it on every container.

vi.mock(import("../infra/log.server.ts"), async (importOriginal) => ({ ...(await importOriginal()), log: vi.fn() }));

/** A history row; only the reference matters to the cache. */
function row(reference: string): TransactionRecord {
  return {
    id: Number(reference.replace(/\D/g, "")) || 1,
    reference,
    plan: "MTN Airtime",
    phoneNumber: "08011111111",
    smartNo: "",
    meterNo: "",
    description: `₦100.00 MTN airtime to 08011111111 (${reference})`,
    description2: "",
    response: "TRANSACTION SUCCESSFUL",
    subtotal: 100_00,
    amount: 98_00,
    examCard: "",
    token: "",
    initialBalanceKobo: 1_000_00,
    newBalanceKobo: 902_00,
    status: 1,
    createdAt: "2026-11-20T10:00:00.000Z",
  };
}

function rows(prefix: string, count: number): TransactionRecord[] {
  return Array.from({ length: count }, (_, index) => row(`${prefix}-${index + 1}`));
}

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}

/** An upstream read that counts its calls and answers the given list. */
function loader(list: TransactionRecord[]) {
  return vi.fn(async () => list);
}

/** An upstream read that answers from deferreds the test settles, in whatever order it likes. */
function deferredLoader() {
  const pending: PromiseWithResolvers<TransactionRecord[]>[] = [];
  const load = vi.fn(() => {
    const next = Promise.withResolvers<TransactionRecord[]>();
    pending.push(next);
    return next.promise;
  });
  return { load, pending };
}

const SESSION_A = sessionKey("token-of-session-a");
const SESSION_B = sessionKey("token-of-session-b");

describe("sessionKey", () => {
  it("is the same for one token, different for two, and does not hold the token", () => {
    expect(sessionKey("token-of-session-a")).toBe(SESSION_A);
    expect(SESSION_A).not.toBe(SESSION_B);
    expect(SESSION_A).not.toContain("token-of-session-a");
    expect(SESSION_A).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("memoryGenerations", () => {
  it("starts every session at 0 and bumps each on its own", async () => {
    const generations = memoryGenerations();
    expect(await generations.current("a")).toBe(0);
    await generations.bump("a");
    await generations.bump("a");
    await generations.bump("b");
    expect([await generations.current("a"), await generations.current("b"), await generations.current("c")]).toEqual([
      2, 1, 0,
    ]);
  });

  it("keeps at most maxSessions, forgetting the one bumped longest ago", async () => {
    const generations = memoryGenerations(2);
    await generations.bump("a");
    await generations.bump("b");
    // Bumped again: now the newest.
    await generations.bump("a");
    await generations.bump("c");
    expect([await generations.current("a"), await generations.current("b"), await generations.current("c")]).toEqual([
      2, 0, 1,
    ]);
  });
});

describe("createHistoryCache", () => {
  it("keeps a session's rows for ttlMs and reads the upstream once in that time", async () => {
    const time = clock();
    const cache = createHistoryCache({ generations: memoryGenerations(), now: time.now });
    const list = rows("A", 3);
    const load = loader(list);

    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    time.advance(HISTORY_TTL_MS - 1);
    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.rows).toBe(3);

    // 30 s after the read that loaded it, the next read asks again.
    time.advance(1);
    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.rows).toBe(3);
    expect(HISTORY_TTL_MS).toBe(30_000);
  });

  it("reads again when the wallet balance is not the one the kept rows were read with", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const load = loader(rows("A", 2));
    await cache.read(SESSION_A, load, "1000");
    await cache.read(SESSION_A, load, "1000");
    expect(load).toHaveBeenCalledTimes(1);
    // A transfer credited elsewhere: the balance moved, so the history did too.
    await cache.read(SESSION_A, load, "6000");
    expect(load).toHaveBeenCalledTimes(2);
    await cache.read(SESSION_A, load, "6000");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("takes its ttl from ttlMs", async () => {
    const time = clock();
    const cache = createHistoryCache({ generations: memoryGenerations(), ttlMs: 1_000, now: time.now });
    const load = loader(rows("A", 1));
    await cache.read(SESSION_A, load);
    time.advance(999);
    await cache.read(SESSION_A, load);
    expect(load).toHaveBeenCalledTimes(1);
    time.advance(1);
    await cache.read(SESSION_A, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never gives one session another's rows, even when their loads overlap and finish out of order", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const a = deferredLoader();
    const b = deferredLoader();
    const listA = rows("A", 2);
    const listB = rows("B", 5);

    const readA = cache.read(SESSION_A, a.load);
    const readB = cache.read(SESSION_B, b.load);
    await vi.waitFor(() => expect([a.load.mock.calls.length, b.load.mock.calls.length]).toEqual([1, 1]));
    // A second read of each while both are in flight joins its own session's load.
    const againA = cache.read(SESSION_A, a.load);
    const againB = cache.read(SESSION_B, b.load);
    b.pending[0]?.resolve(listB);
    a.pending[0]?.resolve(listA);

    await expect(Promise.all([readA, againA, readB, againB])).resolves.toEqual([listA, listA, listB, listB]);
    // And once kept, each session still reads its own.
    await expect(cache.read(SESSION_A, a.load)).resolves.toBe(listA);
    await expect(cache.read(SESSION_B, b.load)).resolves.toBe(listB);
    expect([a.load.mock.calls.length, b.load.mock.calls.length]).toEqual([1, 1]);
    expect(cache.rows).toBe(7);
  });

  it("two sessions of one account (two tokens) each read their own", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const first = loader(rows("A", 1));
    const second = loader(rows("A", 2));
    await cache.read(sessionKey("phone-session-token"), first);
    await expect(cache.read(sessionKey("laptop-session-token"), second)).resolves.toHaveLength(2);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("forget drops the session's rows and bumps its generation; other sessions keep theirs", async () => {
    const generations = memoryGenerations();
    const cache = createHistoryCache({ generations });
    const loadA = loader(rows("A", 2));
    const loadB = loader(rows("B", 3));
    await cache.read(SESSION_A, loadA);
    await cache.read(SESSION_B, loadB);
    expect(cache.rows).toBe(5);

    await cache.forget(SESSION_A);
    expect(await generations.current(SESSION_A)).toBe(1);
    expect(await generations.current(SESSION_B)).toBe(0);
    expect(cache.rows).toBe(3);

    await cache.read(SESSION_A, loadA);
    await cache.read(SESSION_B, loadB);
    expect(loadA).toHaveBeenCalledTimes(2);
    expect(loadB).toHaveBeenCalledTimes(1);
    expect(cache.rows).toBe(5);
  });

  it("forget of a session with nothing kept still bumps its generation", async () => {
    const generations = memoryGenerations();
    const cache = createHistoryCache({ generations });
    await cache.forget(SESSION_A);
    expect(await generations.current(SESSION_A)).toBe(1);
    expect(cache.rows).toBe(0);
  });

  it("does not keep rows whose load was under way when the session forgot its history", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const { load, pending } = deferredLoader();
    const before = cache.read(SESSION_A, load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // A purchase posted while the page was reading: its read may predate the purchase.
    await cache.forget(SESSION_A);
    pending[0]?.resolve(rows("old", 2));
    await expect(before).resolves.toHaveLength(2);
    expect(cache.rows).toBe(0);

    const after = cache.read(SESSION_A, load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    pending[1]?.resolve(rows("new", 3));
    await expect(after).resolves.toHaveLength(3);
    await expect(cache.read(SESSION_A, load)).resolves.toHaveLength(3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("uses an entry only while its generation is current: a forget on another container makes this one reload", async () => {
    // Two containers: their own memory, one generation store between them (Redis in production).
    const generations = memoryGenerations();
    const containerA = createHistoryCache({ generations });
    const containerB = createHistoryCache({ generations });
    const loadOnA = loader(rows("A", 2));
    const loadOnB = loader(rows("A", 2));
    await containerA.read(SESSION_A, loadOnA);
    await containerB.read(SESSION_A, loadOnB);
    await containerB.read(SESSION_A, loadOnB);
    expect(loadOnB).toHaveBeenCalledTimes(1);

    // The session buys on container A; its next page lands on B, well inside the 30 s.
    await containerA.forget(SESSION_A);
    await containerB.read(SESSION_A, loadOnB);
    expect(loadOnB).toHaveBeenCalledTimes(2);
    // Kept again at the new generation.
    await containerB.read(SESSION_A, loadOnB);
    expect(loadOnB).toHaveBeenCalledTimes(2);
    expect(containerB.rows).toBe(2);

    // A changed nothing on B's other sessions.
    const otherOnB = loader(rows("B", 1));
    await containerB.read(SESSION_B, otherOnB);
    await containerA.forget(SESSION_A);
    await containerB.read(SESSION_B, otherOnB);
    expect(otherOnB).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failed load: the next read asks again", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const failure = new Error("upstream unreachable");
    const list = rows("A", 2);
    const load = vi.fn<() => Promise<TransactionRecord[]>>().mockRejectedValueOnce(failure).mockResolvedValue(list);

    await expect(cache.read(SESSION_A, load)).rejects.toBe(failure);
    expect(cache.rows).toBe(0);
    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.rows).toBe(2);
  });

  it("gives reads made while a load fails the same failure, and keeps nothing", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const { load, pending } = deferredLoader();
    const failure = new Error("upstream timed out");
    const reads = [cache.read(SESSION_A, load), cache.read(SESSION_A, load)];
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    reads.push(cache.read(SESSION_A, load));
    pending[0]?.reject(failure);
    await Promise.all(reads.map((read) => expect(read).rejects.toBe(failure)));
    expect(load).toHaveBeenCalledTimes(1);

    const next = cache.read(SESSION_A, load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    pending[1]?.resolve(rows("A", 1));
    await expect(next).resolves.toHaveLength(1);
  });

  it("shares one load among reads made at the same time", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const { load, pending } = deferredLoader();
    const list = rows("A", 4);
    const reads = Array.from({ length: 20 }, () => cache.read(SESSION_A, load));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    pending[0]?.resolve(list);
    const answers = await Promise.all(reads);
    expect(answers.every((answer) => answer === list)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.rows).toBe(4);
  });

  it("keeps at most maxRows across sessions, dropping the oldest entries first", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations(), maxRows: 10 });
    const session = (name: string) => sessionKey(`token-${name}`);
    const loads = { a: loader(rows("a", 4)), b: loader(rows("b", 4)), c: loader(rows("c", 4)) };

    await cache.read(session("a"), loads.a);
    await cache.read(session("b"), loads.b);
    expect(cache.rows).toBe(8);
    // 12 would be over the bound: the oldest, a, goes.
    await cache.read(session("c"), loads.c);
    expect(cache.rows).toBe(8);

    await cache.read(session("b"), loads.b);
    await cache.read(session("c"), loads.c);
    expect([loads.b.mock.calls.length, loads.c.mock.calls.length]).toEqual([1, 1]);
    await cache.read(session("a"), loads.a);
    expect(loads.a).toHaveBeenCalledTimes(2);
    // a is back, so b (now the oldest) went.
    expect(cache.rows).toBe(8);
    await cache.read(session("c"), loads.c);
    expect(loads.c).toHaveBeenCalledTimes(1);
    await cache.read(session("b"), loads.b);
    expect(loads.b).toHaveBeenCalledTimes(2);
    expect(cache.rows).toBeLessThanOrEqual(10);
  });

  it("answers a history larger than maxRows but does not keep it", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations(), maxRows: 10 });
    const small = loader(rows("small", 3));
    await cache.read(SESSION_B, small);
    const huge = loader(rows("huge", 11));
    await expect(cache.read(SESSION_A, huge)).resolves.toHaveLength(11);
    expect(cache.rows).toBeLessThanOrEqual(10);
    await cache.read(SESSION_A, huge);
    expect(huge).toHaveBeenCalledTimes(2);
  });

  it("with no generation to be had, reads afresh every time and keeps nothing", async () => {
    let up = true;
    const shared = memoryGenerations();
    const generations: Generations = {
      async current(session) {
        if (!up) throw new Error("Redis is unreachable");
        return shared.current(session);
      },
      bump: (session) => shared.bump(session),
    };
    const cache = createHistoryCache({ generations });
    const list = rows("A", 2);
    const load = loader(list);

    // Kept while the generation could be asked...
    await cache.read(SESSION_A, load);
    await cache.read(SESSION_A, load);
    expect(load).toHaveBeenCalledTimes(1);

    // ...but not trusted once it cannot: another container may have dropped it meanwhile.
    up = false;
    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    await expect(cache.read(SESSION_A, load)).resolves.toBe(list);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(cache.read(SESSION_B, load)).resolves.toBe(list);
    expect(load).toHaveBeenCalledTimes(4);
    expect(cache.rows).toBe(2);
    expect(vi.mocked(log)).toHaveBeenCalledWith("warn", "history.generation-unavailable", {
      error: "Redis is unreachable",
    });
  });

  it("with no generation to be had, a failed load still fails and nothing is kept", async () => {
    const generations: Generations = {
      current: () => Promise.reject(new Error("Redis is unreachable")),
      bump: () => Promise.resolve(),
    };
    const cache = createHistoryCache({ generations });
    const failure = new Error("upstream unreachable");
    await expect(cache.read(SESSION_A, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(cache.rows).toBe(0);
  });

  it("forget still drops this container's copy when the generation cannot be bumped, and does not throw", async () => {
    const generations: Generations = {
      current: async () => 0,
      bump: () => Promise.reject(new Error("Redis is unreachable")),
    };
    const cache = createHistoryCache({ generations });
    const load = loader(rows("A", 2));
    await cache.read(SESSION_A, load);
    await expect(cache.forget(SESSION_A)).resolves.toBeUndefined();
    expect(cache.rows).toBe(0);
    await cache.read(SESSION_A, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(vi.mocked(log)).toHaveBeenCalledWith("warn", "history.forget-failed", { error: "Redis is unreachable" });
  });
});

describe("sortedHistory", () => {
  const kept = [
    { ...row("PV-2"), subtotal: 300_00, createdAt: "2026-11-20T10:00:00.000Z" },
    { ...row("PV-1"), subtotal: 100_00, createdAt: "2026-11-19T10:00:00.000Z" },
    { ...row("PV-3"), subtotal: 200_00, createdAt: "2026-11-18T10:00:00.000Z" },
  ];

  it("sorts a kept history once per order and leaves the kept list as it was", () => {
    const byAmount = sortedHistory(kept, "subtotal", "asc");
    expect(byAmount.map((entry) => entry.reference)).toEqual(["PV-1", "PV-3", "PV-2"]);
    expect(sortedHistory(kept, "subtotal", "asc")).toBe(byAmount);
    expect(sortedHistory(kept, "subtotal", "desc").map((entry) => entry.reference)).toEqual(["PV-2", "PV-3", "PV-1"]);
    expect(sortedHistory(kept, "createdAt", "asc").map((entry) => entry.reference)).toEqual(["PV-3", "PV-1", "PV-2"]);
    expect(kept.map((entry) => entry.reference)).toEqual(["PV-2", "PV-1", "PV-3"]);
  });

  it("sorts a history read afresh afresh, even with the same rows", () => {
    const before = sortedHistory(kept, "reference", "asc");
    const reread = [...kept].reverse();
    const after = sortedHistory(reread, "reference", "asc");
    expect(after).not.toBe(before);
    expect(after.map((entry) => entry.reference)).toEqual(["PV-1", "PV-2", "PV-3"]);
  });

  it("a kept history's sorted orders come from the cache's one list", async () => {
    const cache = createHistoryCache({ generations: memoryGenerations() });
    const load = loader([...kept]);
    const first = sortedHistory(await cache.read(SESSION_A, load), "subtotal", "desc");
    expect(sortedHistory(await cache.read(SESSION_A, load), "subtotal", "desc")).toBe(first);
    await cache.forget(SESSION_A);
    expect(sortedHistory(await cache.read(SESSION_A, loader([...kept])), "subtotal", "desc")).not.toBe(first);
  });
});

describe("redisGenerations, two portal processes sharing one Redis", () => {
  const redis = twoProcessesOnOneRedis();
  let sessions = 0;
  /** A fresh session per test: the server lives for the whole describe. */
  const freshSession = () => sessionKey(`redis-session-${(sessions += 1)}`);

  it("starts at 0, and a bump on one process is the current generation on the other", async () => {
    const a = redisGenerations(redis.processA);
    const b = redisGenerations(redis.processB);
    const session = freshSession();
    expect(await b.current(session)).toBe(0);
    await a.bump(session);
    await a.bump(session);
    expect(await b.current(session)).toBe(2);
    expect(await a.current(freshSession())).toBe(0);
  });

  it("keeps the generation under history:<session> for a day, with no token in the key", async () => {
    const session = freshSession();
    await redisGenerations(redis.processA).bump(session);
    const key = `history:${session}`;
    expect(await redis.processB.get(key)).toBe("1");
    const ttl = await redis.processB.pttl(key);
    expect(ttl).toBeGreaterThan(24 * 60 * 60_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 60 * 60_000);
  });

  it("a purchase on one container drops the history the other keeps", async () => {
    const containerA = createHistoryCache({ generations: redisGenerations(redis.processA) });
    const containerB = createHistoryCache({ generations: redisGenerations(redis.processB) });
    const session = freshSession();
    const other = freshSession();
    const loadOnB = loader(rows("A", 3));
    const otherOnB = loader(rows("B", 1));
    await containerB.read(session, loadOnB);
    await containerB.read(other, otherOnB);
    await containerB.read(session, loadOnB);
    expect(loadOnB).toHaveBeenCalledTimes(1);

    await containerA.forget(session);
    await containerB.read(session, loadOnB);
    await containerB.read(session, loadOnB);
    expect(loadOnB).toHaveBeenCalledTimes(2);
    await containerB.read(other, otherOnB);
    expect(otherOnB).toHaveBeenCalledTimes(1);
  });

  it("with Redis unreachable: reads go to the upstream each time, nothing is kept, forget does not throw", async () => {
    const gone = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const cache = createHistoryCache({ generations: redisGenerations(gone) });
      const session = freshSession();
      const list = rows("A", 2);
      const load = loader(list);
      await expect(cache.read(session, load)).resolves.toBe(list);
      await expect(cache.read(session, load)).resolves.toBe(list);
      expect(load).toHaveBeenCalledTimes(2);
      expect(cache.rows).toBe(0);
      await expect(cache.forget(session)).resolves.toBeUndefined();
    } finally {
      gone.disconnect();
    }
  }, 20_000);
});
