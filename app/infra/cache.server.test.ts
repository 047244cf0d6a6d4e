// tsconfig.json's lib stops at ES2023; Promise.withResolvers is ES2024, and Node has it since 22.
/// <reference lib="es2024.promise" />
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cached, clearCache } from "./cache.server.ts";

/** A loader that counts its calls and answers from a queue of deferreds it creates. */
function loader<T>() {
  const pending: PromiseWithResolvers<T>[] = [];
  const load = vi.fn(() => {
    const next = Promise.withResolvers<T>();
    pending.push(next);
    return next.promise;
  });
  return { load, pending };
}

const TTL = 60_000;

beforeEach(() => {
  clearCache();
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
  clearCache();
});

describe("cached", () => {
  it("shares one load between concurrent misses", async () => {
    const { load, pending } = loader<string>();
    const first = cached("pages", TTL, load);
    const second = cached("pages", TTL, load);
    const third = cached("pages", TTL, load);
    expect(load).toHaveBeenCalledTimes(1);
    pending[0]?.resolve("content");
    await expect(Promise.all([first, second, third])).resolves.toEqual(["content", "content", "content"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers from the cache within the ttl", async () => {
    const load = vi.fn(async () => ({ n: 1 }));
    const first = await cached("pages", TTL, load);
    vi.advanceTimersByTime(TTL - 1);
    const second = await cached("pages", TTL, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
  });

  it("loads again once the ttl has passed", async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    await expect(cached("pages", TTL, load)).resolves.toBe(1);
    vi.advanceTimersByTime(TTL);
    await expect(cached("pages", TTL, load)).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(TTL - 1);
    await expect(cached("pages", TTL, load)).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("expires a tiny ttl in real time too", async () => {
    vi.useRealTimers();
    let n = 0;
    const load = vi.fn(async () => ++n);
    await expect(cached("tiny", 5, load)).resolves.toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(cached("tiny", 5, load)).resolves.toBe(2);
  });

  it("does not cache a failed load: the next call loads again", async () => {
    let attempt = 0;
    const load = vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error("upstream down");
      return "recovered";
    });
    await expect(cached("pages", TTL, load)).rejects.toThrow("upstream down");
    await expect(cached("pages", TTL, load)).resolves.toBe("recovered");
    expect(load).toHaveBeenCalledTimes(2);
    // The success is cached.
    await expect(cached("pages", TTL, load)).resolves.toBe("recovered");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("gives a failure to every caller that shared the load, then loads again", async () => {
    const { load, pending } = loader<string>();
    const first = cached("pages", TTL, load);
    const second = cached("pages", TTL, load);
    pending[0]?.reject(new Error("timeout"));
    await expect(first).rejects.toThrow("timeout");
    await expect(second).rejects.toThrow("timeout");
    const third = cached("pages", TTL, load);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]?.resolve("fresh");
    await expect(third).resolves.toBe("fresh");
  });

  it("keeps a newer entry when an older, expired load fails late", async () => {
    const { load, pending } = loader<string>();
    const old = cached("pages", TTL, load);
    vi.advanceTimersByTime(TTL);
    const fresh = cached("pages", TTL, load);
    expect(load).toHaveBeenCalledTimes(2);
    pending[1]?.resolve("new");
    await expect(fresh).resolves.toBe("new");
    pending[0]?.reject(new Error("late failure"));
    await expect(old).rejects.toThrow("late failure");
    await expect(cached("pages", TTL, load)).resolves.toBe("new");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps keys apart", async () => {
    const load = vi.fn(async (value: string) => value);
    await expect(cached("a", TTL, () => load("A"))).resolves.toBe("A");
    await expect(cached("b", TTL, () => load("B"))).resolves.toBe("B");
    await expect(cached("a", TTL, () => load("other"))).resolves.toBe("A");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets everything on clearCache", async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    await cached("pages", TTL, load);
    clearCache();
    await expect(cached("pages", TTL, load)).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
