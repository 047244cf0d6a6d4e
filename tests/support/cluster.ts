import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandboxServer } from "../../sandbox/serve.ts";
import { type Portal, type PortalSettings, startPortalPair } from "./portal-process.ts";
import { type PostgresServer, startPostgresServer } from "./postgres-server.ts";
import { type RedisServer, startRedisServer } from "./redis-server.ts";

// Two portals behind one load balancer, as an operator runs several containers of one
// deployment: one secret, one database for their own data, and what else they share. One
// start for every test of several machines, so each says only what it shares.

export type ClusterOptions = {
  /**
   * What carries state from one portal to the other: "postgres" is one PostgreSQL database and
   * no Redis, so the database alone carries the PIN, sign-ins and saved data (decision 048);
   * "redis" is one Redis (limits, once-keys, caches) beside one SQLite file for their own data
   * (decision 020); both is how the image is deployed at scale.
   */
  shared: readonly ("redis" | "postgres")[];
  /** Further settings for both portals. */
  settings?: PortalSettings;
};

export type Cluster = {
  a: Portal;
  b: Portal;
  /** The database both keep their own data in (DATABASE_URL). */
  databaseUrl: string;
  stop: () => Promise<void>;
};

/** A cluster in front of a sandbox server of its own, which counts the calls it gets. */
export type SandboxCluster = Cluster & {
  /** The sandbox's SQLite file, where buyers are created and wallets read. */
  sandboxPath: string;
  /** POSTs to `path` the sandbox received. */
  postsTo: (path: string) => number;
};

/** Two portals in front of `upstreamUrl` (a test's own upstream, the fault upstream). */
export async function startCluster(options: ClusterOptions & { upstreamUrl: string }): Promise<Cluster> {
  const folder = await mkdtemp(join(tmpdir(), "two-portals-"));
  let redis: RedisServer | undefined;
  let postgres: PostgresServer | undefined;
  const stopServers = async () => {
    await Promise.all([redis?.stop(), postgres?.stop()]);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    [redis, postgres] = await Promise.all([
      options.shared.includes("redis") ? startRedisServer() : undefined,
      options.shared.includes("postgres") ? startPostgresServer() : undefined,
    ]);
    const databaseUrl = postgres ? await postgres.createDatabase() : `file:${join(folder, "portal.db")}`;
    // Both start at once on a new database: one applies the migrations while the other waits.
    const { a, b } = await startPortalPair(process.cwd(), {
      DATABASE_URL: databaseUrl,
      UPSTREAM_URL: options.upstreamUrl,
      SESSION_SECRET: randomBytes(24).toString("hex"),
      ...(redis ? { REDIS_URL: redis.url } : {}),
      ...options.settings,
    });
    const stop = async () => {
      await Promise.all([a.stop(), b.stop()]);
      await stopServers();
    };
    return { a, b, databaseUrl, stop };
  } catch (error) {
    await stopServers();
    throw error;
  }
}

/** Two portals in front of a sandbox server on `sandboxPath` (the suite's own file), else on a new file. */
export async function startSandboxCluster(options: ClusterOptions & { sandboxPath?: string }): Promise<SandboxCluster> {
  const folder = await mkdtemp(join(tmpdir(), "two-portals-sandbox-"));
  const sandboxPath = options.sandboxPath ?? join(folder, "sandbox.db");
  const posts = new Map<string, number>();
  const upstream = await startSandboxServer({
    port: 0,
    host: "127.0.0.1",
    databasePath: sandboxPath,
    log: (entry) => {
      const path = entry["path"];
      if (entry["event"] === "request" && entry["method"] === "POST" && typeof path === "string")
        posts.set(path, (posts.get(path) ?? 0) + 1);
    },
  });
  const stopSandbox = async () => {
    await upstream.close();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const cluster = await startCluster({ ...options, upstreamUrl: upstream.url });
    const stop = async () => {
      await cluster.stop();
      await stopSandbox();
    };
    return { ...cluster, sandboxPath, postsTo: (path) => posts.get(path) ?? 0, stop };
  } catch (error) {
    await stopSandbox();
    throw error;
  }
}

/** A worker's cluster as a Playwright fixture: started for the first test that asks, stopped after the last. */
export async function useCluster<C extends Cluster>(started: Promise<C>, use: (cluster: C) => Promise<void>) {
  const cluster = await started;
  try {
    await use(cluster);
  } finally {
    await cluster.stop();
  }
}
