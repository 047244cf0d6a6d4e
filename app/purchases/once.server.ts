// Idempotency on the portal's side (DESIGN.md §9, §13): the first post of a purchase key
// runs it; every later post of that key, during it or after, gets the same outcome. An
// upstream that ignores Idempotency-Key is covered too, since a repeat never reaches it.
// In memory, so it holds for one process; DESIGN.md §13 moves it to Redis for several.

type Entry<T> = { outcome: Promise<T>; expiresAt: number };

export type OnceStore<T> = {
  /**
   * `work`'s outcome for this key, running it only if no post of the key ran it yet.
   * `keep` decides whether an outcome is remembered: one that changed nothing (a session
   * that had expired) may be tried again.
   */
  run(key: string, work: () => Promise<T>, keep?: (outcome: T) => boolean): Promise<T>;
  has(key: string): boolean;
  readonly size: number;
};

export function createOnceStore<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): OnceStore<T> {
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
    has(key) {
      return live(key, now()) !== undefined;
    },
    get size() {
      return entries.size;
    },
  };
}
