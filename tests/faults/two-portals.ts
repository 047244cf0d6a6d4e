import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { type Portal, startPortalPair } from "../support/portal-process.ts";
import { type PostgresServer, startPostgresServer } from "../support/postgres-server.ts";
import { type RedisServer, startRedisServer } from "../support/redis-server.ts";
import { test as faultTest } from "./fixtures.ts";

/** The checkout whose build/ the portals run. */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type Cluster = { a: Portal; b: Portal };

/**
 * Two portals behind one load balancer, as an operator runs several containers: one
 * PostgreSQL (their own data), one Redis (limits, once-keys, caches), one secret, and the
 * fault upstream, which counts the calls that reach it. A session, a CSRF token or a sealed
 * review made by one is good on the other. Only a test that asks for `cluster` starts them.
 */
export const test = faultTest.extend<object, { cluster: Cluster }>({
  cluster: [
    async ({ faults, upstreamTimeoutMs }, use) => {
      let redis: RedisServer | undefined;
      let postgres: PostgresServer | undefined;
      const portals: Portal[] = [];
      try {
        [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
        const { a, b } = await startPortalPair(ROOT, {
          REDIS_URL: redis.url,
          DATABASE_URL: await postgres.createDatabase(),
          UPSTREAM_URL: faults.url,
          UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs),
          SESSION_SECRET: randomBytes(24).toString("hex"),
          PRODUCT_NAME: "Payvend",
          // Limits per e-mail are what these tests reach; the address's budget is out of the way.
          LOGIN_ATTEMPTS_PER_IP: "100000",
        });
        portals.push(a, b);
        await use({ a, b });
      } finally {
        await Promise.all(portals.map((portal) => portal.stop()));
        await Promise.all([redis?.stop(), postgres?.stop()]);
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
});
