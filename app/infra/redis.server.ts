import { Redis } from "ioredis";
import { env } from "./env.server.ts";
import { log } from "./log.server.ts";

// Decision 020: with REDIS_URL set, what must hold across portal containers (rate-limit
// counters and locks, the outcomes of purchases) lives in Redis, through this one client.
// Without it, each of those stays in the process's memory.

/** Where the client connects, without the password a REDIS_URL may carry. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
}

/**
 * A client that fails a command quickly when Redis has gone, rather than holding a request
 * for twenty reconnect attempts: a purchase is then refused (nothing was bought) and the
 * rate limits count in memory until Redis is back, except those guarding a password or a
 * code, which refuse the try (app/guards/rate-limit.server.ts).
 */
export function createRedisClient(url: string): Redis {
  // Connects at once, so the limits (which skip a Redis that is not ready) find it ready.
  const client = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  const address = redisAddress(url);
  // Reconnect attempts back off to one every few seconds, so an outage logs a line per try,
  // not a flood; "ready" says when it is over.
  client.on("error", (error: unknown) =>
    log("warn", "redis.error", { address, error: error instanceof Error ? error.message : String(error) }),
  );
  client.on("ready", () => log("info", "redis.ready", { address }));
  return client;
}

let shared: Redis | null | undefined;
// Why the last connection attempt failed: clearer at start-up than the failed command's own
// "reached the max retries" error.
let lastConnectionError: string | undefined;

/** The portal's one Redis client, or null when REDIS_URL is unset. */
export function redis(): Redis | null {
  if (shared === undefined) {
    const url = env().REDIS_URL;
    shared = url === undefined ? null : createRedisClient(url);
    shared?.on("error", (error: unknown) => {
      lastConnectionError = error instanceof Error ? error.message : String(error);
    });
  }
  return shared;
}

/**
 * At start-up, with REDIS_URL set: why Redis cannot be used, or null when it answers. The
 * portal does not open its port otherwise, so a wrong address or password stops the
 * container at once instead of failing logins and purchases later.
 */
export async function redisStartupProblem(): Promise<string | null> {
  const client = redis();
  const url = env().REDIS_URL;
  if (client === null || url === undefined) return null;
  try {
    await client.ping();
    return null;
  } catch (error) {
    client.disconnect();
    const reason = lastConnectionError ?? (error instanceof Error ? error.message : String(error));
    return `REDIS_URL: could not reach Redis at ${redisAddress(url)} (${reason})`;
  }
}

export type RedisHealth = "up" | "down" | "off";

/** For /healthz: whether the shared store answers now ("off" without REDIS_URL). */
export async function redisHealth(): Promise<RedisHealth> {
  const client = redis();
  if (client === null) return "off";
  try {
    await client.ping();
    return "up";
  } catch {
    return "down";
  }
}
