import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { freePort } from "./portal-process.ts";

// A real PostgreSQL for the store's tests (Debian's postgresql package; scripts/setup.sh
// installs it): a throwaway cluster in a temporary folder on a free port, trust auth on
// loopback, no fsync, removed by stop(). PostgreSQL refuses to run as root, so as root the
// cluster belongs to the package's `postgres` user.

export type PostgresServer = {
  url: string;
  /** A new, empty database on this server, by URL. */
  createDatabase: () => Promise<string>;
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 20_000;

/** Debian keeps the server's programs out of PATH, under /usr/lib/postgresql/<major>/bin. */
function postgresBin(program: string): string {
  for (const major of ["17", "16", "15"]) {
    const path = `/usr/lib/postgresql/${major}/bin/${program}`;
    if (existsSync(path)) return path;
  }
  return program;
}

/** As root, the ids of the `postgres` user the package creates; otherwise this process's own. */
function asServerUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  // SIGINT: PostgreSQL's fast shutdown.
  child.kill("SIGINT");
  await exited;
}

let databases = 0;

/**
 * A new, empty database on the server at `url` (its `postgres` database), by URL. The name
 * carries the process id, so the workers of one Vitest run sharing a server never collide.
 */
export async function createDatabaseOn(url: string): Promise<string> {
  databases += 1;
  const name = `portal_${process.pid}_${databases}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return url.replace(/\/postgres$/, `/${name}`);
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const folder = mkdtempSync(join(tmpdir(), "portal-pg-"));
  const user = asServerUser();
  if (user.uid !== undefined && user.gid !== undefined) chownSync(folder, user.uid, user.gid);
  const data = join(folder, "data");
  execFileSync(postgresBin("initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], {
    ...user,
    stdio: "ignore",
  });
  const port = await freePort();
  const child = spawn(
    postgresBin("postgres"),
    ["-D", data, "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
    { ...user, stdio: ["ignore", "ignore", "pipe"] },
  );
  let failure = "";
  child.on("error", (error) => {
    failure = error.message;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    failure += chunk.toString();
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start on port ${port}: ${failure.trim()} (scripts/setup.sh installs it)`);
    }
    await sleep(100);
  }
  return {
    url,
    createDatabase: () => createDatabaseOn(url),
    stop: async () => {
      await stopChild(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
