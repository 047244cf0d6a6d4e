import type { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { createRedisClient } from "../../app/infra/redis.server.ts";
import { type RedisServer, startRedisServer } from "./redis-server.ts";

/** Two portal processes' Redis clients, as each container has its own, on one server. */
export type TwoProcesses = { readonly processA: Redis; readonly processB: Redis };

/**
 * For a Vitest `describe`: a real redis-server started before its tests and a client per
 * process, all stopped after. Read the clients inside tests, once beforeAll has run.
 */
export function twoProcessesOnOneRedis(): TwoProcesses {
  let server: RedisServer | undefined;
  let clients: [Redis, Redis] | undefined;

  beforeAll(async () => {
    server = await startRedisServer();
    clients = [createRedisClient(server.url), createRedisClient(server.url)];
    await Promise.all(clients.map((client) => client.ping()));
  }, 20_000);

  afterAll(async () => {
    for (const client of clients ?? []) client.disconnect();
    await server?.stop();
  });

  function started(): [Redis, Redis] {
    if (!clients) throw new Error("The Redis clients exist only inside tests, after beforeAll.");
    return clients;
  }
  return {
    get processA() {
      return started()[0];
    },
    get processB() {
      return started()[1];
    },
  };
}
