// A short in-memory cache for public, user-independent upstream data (calls 1 and 2).
// Concurrent misses share one upstream call; failures are not cached.
type Entry<T> = { expires: number; value: Promise<T> };

const entries = new Map<string, Entry<unknown>>();

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key) as Entry<T> | undefined;
  if (hit && hit.expires > now) return hit.value;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

export function clearCache(): void {
  entries.clear();
}
