// tsconfig.json's lib stops at ES2023; Promise.withResolvers is ES2024, and Node has it since 22.
/// <reference lib="es2024.promise" />
import { describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/support/portal-process.ts";
import { twoProcessesOnOneRedis } from "../../tests/support/redis-processes.ts";
import { createRedisClient } from "./redis.server.ts";
import type { PurchaseOutcome } from "../upstream/purchases.server.ts";
import {
  createMemoryOnceStore,
  createRedisOnceStore,
  type OnceStore,
  OnceStoreUnavailable,
  type RedisOnceStoreOptions,
} from "./once.server.ts";

// The store stands between a Confirm press and the upstream: whatever it lets through is a
// purchase, and whatever it remembers is what a repeated press is told.

/** A purchase that counts its calls and answers from deferreds the test settles. */
function purchase<T>() {
  const pending: PromiseWithResolvers<T>[] = [];
  const work = vi.fn(() => {
    const next = Promise.withResolvers<T>();
    pending.push(next);
    return next.promise;
  });
  return { work, pending };
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

const TTL = 24 * 60 * 60_000;

describe("createMemoryOnceStore", () => {
  it("runs the first press of a key and gives its outcome", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    const work = vi.fn(async () => "bought");
    await expect(store.run("user-1:key-a", work)).resolves.toBe("bought");
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("gives a press made while the first is in flight the same outcome without buying again", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    const { work, pending } = purchase<string>();
    const first = store.run("user-1:key-a", work);
    const second = store.run("user-1:key-a", work);
    expect(work).toHaveBeenCalledTimes(1);
    pending[0]?.resolve("bought");
    await expect(Promise.all([first, second])).resolves.toEqual(["bought", "bought"]);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("gives a press made after the first finished the same outcome without buying again", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    let purchases = 0;
    const work = vi.fn(async () => `purchase ${++purchases}`);
    await expect(store.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    await expect(store.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    await expect(store.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("buys once when 50 presses of one confirmation arrive together", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    const { work, pending } = purchase<string>();
    const presses = Array.from({ length: 50 }, () => store.run("user-1:key-a", work));
    expect(work).toHaveBeenCalledTimes(1);
    pending[0]?.resolve("bought");
    const outcomes = await Promise.all(presses);
    expect(outcomes).toEqual(Array.from({ length: 50 }, () => "bought"));
    expect(work).toHaveBeenCalledTimes(1);
    expect(store.size).toBe(1);
  });

  it("runs different keys separately, each with its own outcome", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    const { work, pending } = purchase<string>();
    const airtime = store.run("user-1:key-a", work);
    const data = store.run("user-1:key-b", work);
    const otherUser = store.run("user-2:key-a", work);
    expect(work).toHaveBeenCalledTimes(3);
    pending[0]?.resolve("airtime bought");
    pending[1]?.resolve("data bought");
    pending[2]?.resolve("other user's airtime bought");
    await expect(Promise.all([airtime, data, otherUser])).resolves.toEqual([
      "airtime bought",
      "data bought",
      "other user's airtime bought",
    ]);
    expect(store.size).toBe(3);
  });

  describe("keep", () => {
    type Outcome = { kind: "success" | "signed-out" };
    const keepUnlessSignedOut = (outcome: Outcome) => outcome.kind !== "signed-out";

    it("forgets an outcome it is told not to keep, so the next press runs again", async () => {
      const store = createMemoryOnceStore<Outcome>({ ttlMs: TTL, maxEntries: 10 });
      const work = vi
        .fn<() => Promise<Outcome>>()
        .mockResolvedValueOnce({ kind: "signed-out" })
        .mockResolvedValueOnce({ kind: "success" });
      await expect(store.run("user-1:key-a", work, keepUnlessSignedOut)).resolves.toEqual({ kind: "signed-out" });
      expect(await store.has("user-1:key-a")).toBe(false);
      await expect(store.run("user-1:key-a", work, keepUnlessSignedOut)).resolves.toEqual({ kind: "success" });
      expect(work).toHaveBeenCalledTimes(2);
    });

    it("still shares an outcome it will not keep with presses made while it was in flight", async () => {
      const store = createMemoryOnceStore<Outcome>({ ttlMs: TTL, maxEntries: 10 });
      const { work, pending } = purchase<Outcome>();
      const first = store.run("user-1:key-a", work, keepUnlessSignedOut);
      const second = store.run("user-1:key-a", work, keepUnlessSignedOut);
      pending[0]?.resolve({ kind: "signed-out" });
      await expect(Promise.all([first, second])).resolves.toEqual([{ kind: "signed-out" }, { kind: "signed-out" }]);
      expect(work).toHaveBeenCalledTimes(1);
    });

    it("keeps an outcome it is told to keep", async () => {
      const store = createMemoryOnceStore<Outcome>({ ttlMs: TTL, maxEntries: 10 });
      const work = vi.fn(async (): Promise<Outcome> => ({ kind: "success" }));
      await store.run("user-1:key-a", work, keepUnlessSignedOut);
      await store.run("user-1:key-a", work, keepUnlessSignedOut);
      expect(work).toHaveBeenCalledTimes(1);
      expect(await store.has("user-1:key-a")).toBe(true);
    });
  });

  it("gives every press in flight the same rejection, then forgets it so the next press runs again", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    const { work, pending } = purchase<string>();
    const first = store.run("user-1:key-a", work);
    const second = store.run("user-1:key-a", work);
    const failure = new Error("upstream unreachable");
    pending[0]?.reject(failure);
    await expect(first).rejects.toBe(failure);
    await expect(second).rejects.toBe(failure);
    expect(await store.has("user-1:key-a")).toBe(false);

    const retry = store.run("user-1:key-a", work);
    expect(work).toHaveBeenCalledTimes(2);
    pending[1]?.resolve("bought");
    await expect(retry).resolves.toBe("bought");
  });

  it("remembers an outcome for ttlMs and runs the key again once that has passed", async () => {
    const time = clock();
    const store = createMemoryOnceStore<string>({ ttlMs: 60_000, maxEntries: 10, now: time.now });
    let purchases = 0;
    const work = vi.fn(async () => `purchase ${++purchases}`);
    await expect(store.run("user-1:key-a", work)).resolves.toBe("purchase 1");

    time.advance(59_999);
    expect(await store.has("user-1:key-a")).toBe(true);
    await expect(store.run("user-1:key-a", work)).resolves.toBe("purchase 1");

    time.advance(1);
    expect(await store.has("user-1:key-a")).toBe(false);
    await expect(store.run("user-1:key-a", work)).resolves.toBe("purchase 2");
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("clears expired entries out when a new key arrives, so they do not pile up", async () => {
    const time = clock();
    const store = createMemoryOnceStore<string>({ ttlMs: 60_000, maxEntries: 100, now: time.now });
    const work = async () => "bought";
    await store.run("user-1:key-a", work);
    await store.run("user-1:key-b", work);
    time.advance(60_000);
    await store.run("user-1:key-c", work);
    expect(store.size).toBe(1);
  });

  it("holds at most maxEntries keys, dropping the oldest first", async () => {
    const time = clock();
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 3, now: time.now });
    const work = vi.fn(async () => "bought");
    for (const key of ["a", "b", "c", "d"]) {
      await store.run(key, work);
      time.advance(1_000);
    }
    expect(store.size).toBe(3);
    expect(await Promise.all(["a", "b", "c", "d"].map((key) => store.has(key)))).toEqual([false, true, true, true]);

    await store.run("e", work);
    expect(store.size).toBe(3);
    expect(await Promise.all(["a", "b", "c", "d", "e"].map((key) => store.has(key)))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(work).toHaveBeenCalledTimes(5);
  });

  it("runs a dropped key again when it comes back", async () => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 2 });
    const work = vi.fn(async () => "bought");
    await store.run("a", work);
    await store.run("b", work);
    await store.run("c", work);
    await store.run("a", work);
    expect(work).toHaveBeenCalledTimes(4);
  });

  it.each([
    { when: "for a key never run", setUp: async () => undefined, expected: false },
    {
      when: "while its work is in flight",
      setUp: async (store: OnceStore<string>) => {
        void store.run("user-1:key-a", () => new Promise<string>(() => undefined));
      },
      expected: true,
    },
    {
      when: "after its work finished",
      setUp: async (store: OnceStore<string>) => {
        await store.run("user-1:key-a", async () => "bought");
      },
      expected: true,
    },
    {
      when: "for another key than the one run",
      setUp: async (store: OnceStore<string>) => {
        await store.run("user-1:key-b", async () => "bought");
      },
      expected: false,
    },
  ])("has is $expected $when", async ({ setUp, expected }) => {
    const store = createMemoryOnceStore<string>({ ttlMs: TTL, maxEntries: 10 });
    await setUp(store);
    expect(await store.has("user-1:key-a")).toBe(expected);
  });
});

describe("createRedisOnceStore, two portal processes sharing one Redis", () => {
  const redis = twoProcessesOnOneRedis();
  let stores = 0;

  const NOT_KNOWN_YET = "not known yet";

  /** The same store (same name) as each process would create it; a fresh name per test. */
  function onBothProcesses<T>(options: Partial<RedisOnceStoreOptions<T>> & { unsettled: () => T }) {
    const settings = { name: `test-${(stores += 1)}`, ttlMs: TTL, waitMs: 5_000, pollMs: 10, ...options };
    return {
      a: createRedisOnceStore<T>(redis.processA, settings),
      b: createRedisOnceStore<T>(redis.processB, settings),
    };
  }

  it("gives a press on the other process the first outcome without buying again", async () => {
    const { a, b } = onBothProcesses<string>({ unsettled: () => NOT_KNOWN_YET });
    let purchases = 0;
    const work = vi.fn(async () => `purchase ${++purchases}`);
    await expect(a.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    await expect(b.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    await expect(a.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    expect(work).toHaveBeenCalledTimes(1);
    expect([await a.has("user-1:key-a"), await b.has("user-1:key-a"), await b.has("user-1:key-b")]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("buys once when 40 presses of one confirmation reach both processes together", async () => {
    const { a, b } = onBothProcesses<string>({ unsettled: () => NOT_KNOWN_YET });
    const { work, pending } = purchase<string>();
    const presses = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? a : b).run("user-1:key-a", work));
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    pending[0]?.resolve("bought");
    await expect(Promise.all(presses)).resolves.toEqual(Array.from({ length: 40 }, () => "bought"));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("hands a purchase outcome to the other process exactly as it was", async () => {
    const { a, b } = onBothProcesses<PurchaseOutcome>({
      unsettled: () => ({ kind: "pending", message: NOT_KNOWN_YET, transactionId: null }),
    });
    const outcomes: PurchaseOutcome[] = [
      {
        kind: "success",
        message: "MTN airtime of ₦500.00 sent to 08011111111. You were charged ₦490.00.",
        transactionId: 41,
      },
      {
        kind: "pending",
        message: "Your MTN airtime of ₦500.00 for 08022222222 is pending with the provider.",
        transactionId: null,
      },
    ];
    for (const [index, outcome] of outcomes.entries()) {
      await a.run(`user-1:key-${index}`, async () => outcome);
      await expect(
        b.run(`user-1:key-${index}`, async () => ({ kind: "success", message: "bought twice", transactionId: 99 })),
      ).resolves.toEqual(outcome);
    }
  });

  it("tells a press on the other process 'not known yet' while the first outlasts the wait, and never buys again", async () => {
    const { a, b } = onBothProcesses<string>({ waitMs: 200, unsettled: () => NOT_KNOWN_YET });
    const { work, pending } = purchase<string>();
    const first = a.run("user-1:key-a", work);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    await expect(b.run("user-1:key-a", work)).resolves.toBe(NOT_KNOWN_YET);
    expect(work).toHaveBeenCalledTimes(1);

    pending[0]?.resolve("bought");
    await expect(first).resolves.toBe("bought");
    await expect(b.run("user-1:key-a", work)).resolves.toBe("bought");
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("forgets an outcome it is told not to keep, so the next press on either process runs again", async () => {
    type Outcome = { kind: "success" | "signed-out" };
    const { a, b } = onBothProcesses<Outcome>({ unsettled: () => ({ kind: "signed-out" }) });
    const work = vi
      .fn<() => Promise<Outcome>>()
      .mockResolvedValueOnce({ kind: "signed-out" })
      .mockResolvedValueOnce({ kind: "success" });
    const keep = (outcome: Outcome) => outcome.kind !== "signed-out";
    await expect(a.run("user-1:key-a", work, keep)).resolves.toEqual({ kind: "signed-out" });
    expect(await b.has("user-1:key-a")).toBe(false);
    await expect(b.run("user-1:key-a", work, keep)).resolves.toEqual({ kind: "success" });
    await expect(a.run("user-1:key-a", work, keep)).resolves.toEqual({ kind: "success" });
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("frees the key when the work throws, and a press waiting on the other process then runs it", async () => {
    const { a, b } = onBothProcesses<string>({ unsettled: () => NOT_KNOWN_YET });
    const { work, pending } = purchase<string>();
    const first = a.run("user-1:key-a", work);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    const waiting = b.run("user-1:key-a", work);
    const failure = new Error("upstream unreachable");
    pending[0]?.reject(failure);
    await expect(first).rejects.toBe(failure);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(2));
    pending[1]?.resolve("bought");
    await expect(waiting).resolves.toBe("bought");
    await expect(a.run("user-1:key-a", work)).resolves.toBe("bought");
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("remembers an outcome for ttlMs, then runs the key again", async () => {
    const { a, b } = onBothProcesses<string>({ ttlMs: 300, unsettled: () => NOT_KNOWN_YET });
    let purchases = 0;
    const work = vi.fn(async () => `purchase ${++purchases}`);
    await a.run("user-1:key-a", work);
    await expect(b.run("user-1:key-a", work)).resolves.toBe("purchase 1");
    await vi.waitFor(async () => expect(await b.has("user-1:key-a")).toBe(false), { timeout: 2_000 });
    await expect(b.run("user-1:key-a", work)).resolves.toBe("purchase 2");
  });

  it("buys nothing when Redis cannot be reached", async () => {
    const gone = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const store = createRedisOnceStore<string>(gone, {
        name: "unreachable",
        ttlMs: TTL,
        waitMs: 1_000,
        unsettled: () => NOT_KNOWN_YET,
      });
      const work = vi.fn(async () => "bought");
      await expect(store.run("user-1:key-a", work)).rejects.toBeInstanceOf(OnceStoreUnavailable);
      await expect(store.has("user-1:key-a")).rejects.toBeInstanceOf(OnceStoreUnavailable);
      expect(work).not.toHaveBeenCalled();
    } finally {
      gone.disconnect();
    }
  });
});
