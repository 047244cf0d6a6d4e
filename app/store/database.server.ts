import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { errorCode } from "../infra/http-call.server.ts";
import { log } from "../infra/log.server.ts";
import { storeWriteFailed, storeWriteWorked } from "../infra/store-writes.server.ts";
import { migrate, StoreVersionError } from "./migrations.server.ts";
import type { PortalDatabase } from "./schema.ts";
import { kyselySqlite } from "./sqlite.server.ts";

// The portal's own database (docs/operating.md): a SQLite file by default, PostgreSQL when
// DATABASE_URL names one, for operators who run several containers. One Kysely schema
// serves both (decision 048).

export type Engine = "sqlite" | "postgres";
export type StoreLocation = { engine: "sqlite"; path: string } | { engine: "postgres"; url: string };
export type Store = { db: Kysely<PortalDatabase>; engine: Engine; close: () => Promise<void> };

export const DEFAULT_DATABASE_PATH = "./data/portal.db";

/** Where DATABASE_URL points: unset, a `file:` path, or a `postgres://` URL. */
export function storeLocation(databaseUrl: string | undefined): StoreLocation {
  if (databaseUrl === undefined) return { engine: "sqlite", path: DEFAULT_DATABASE_PATH };
  if (databaseUrl.startsWith("file:")) return { engine: "sqlite", path: databaseUrl.slice("file:".length) };
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return { engine: "postgres", url: databaseUrl };
  throw new Error("DATABASE_URL must be file:/path/to/portal.db or postgres://…");
}

/** The location without a password, for logs and start-up errors. */
export function describeLocation(location: StoreLocation): string {
  if (location.engine === "sqlite") return `SQLite file ${location.path}`;
  const url = new URL(location.url);
  return `PostgreSQL at ${url.hostname}:${url.port || "5432"}${url.pathname}`;
}

const SQLITE_BUSY = 5;

/**
 * Switching a new file to WAL takes a lock that SQLite's busy timeout does not wait for: two
 * containers starting on one new volume at once see "database is locked". It is tried again,
 * for up to 5 s, a start-up moment only (found by the store's four-portals test).
 */
function enterWal(database: DatabaseSync): void {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      database.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      const busy = typeof error === "object" && error !== null && "errcode" in error && error.errcode === SQLITE_BUSY;
      if (!busy || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function openSqlite(path: string): Store {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  // Several processes may share the file: writers wait up to 5 s for one another.
  const database = new DatabaseSync(path, { timeout: 5_000 });
  enterWal(database);
  database.exec("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  const db = new Kysely<PortalDatabase>({ dialect: new SqliteDialect({ database: kyselySqlite(database) }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}

function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection the server ends (a restart, a failover) must not take the process with
  // it: the pool drops it and the next query opens another.
  pool.on("error", (error) => log("warn", "store.connection_lost", { reason: errorCode(error) ?? error.message }));
  const db = new Kysely<PortalDatabase>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", close: () => db.destroy() };
}

/** Opens the database and brings its schema up to this code's version. */
export async function openStore(location: StoreLocation): Promise<Store> {
  const store = location.engine === "sqlite" ? openSqlite(location.path) : openPostgres(location.url);
  try {
    await migrate(store.db, store.engine);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

let opened: Store | undefined;

/**
 * At start-up: opens and migrates the portal's database, or says why it cannot be used.
 * The portal does not take requests without it.
 */
export async function storeStartupProblem(databaseUrl: string | undefined): Promise<string | null> {
  let location: StoreLocation;
  try {
    location = storeLocation(databaseUrl);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  try {
    opened = await openStore(location);
    return null;
  } catch (error) {
    if (error instanceof StoreVersionError) return `DATABASE_URL: ${error.message}`;
    const reason = errorCode(error) ?? (error instanceof Error ? error.message : String(error));
    return `DATABASE_URL: could not open the portal's database, ${describeLocation(location)} (${reason})`;
  }
}

/** The database opened at start-up. */
export function portalStore(): Store {
  if (opened === undefined) throw new Error("The portal's database was not opened at start-up");
  return opened;
}

/**
 * For the health check: whether the portal's database takes a write now, proved by rewriting
 * one row of its own (decision 067). A PostgreSQL that went away, a volume lost or full, or
 * files that can be read but not written all make PINs and sign-ins fail. A failure is
 * logged once until a write works again (app/infra/store-writes.server.ts).
 */
export async function storeHealth(): Promise<"up" | "down"> {
  if (opened === undefined) return "down";
  const checkedAt = new Date().toISOString();
  try {
    await opened.db
      .insertInto("portal_health")
      .values({ id: 1, checked_at: checkedAt })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ checked_at: checkedAt }))
      .execute();
    storeWriteWorked();
    return "up";
  } catch (error) {
    storeWriteFailed("health check", error);
    return "down";
  }
}

// SQLite's primary result codes (the low byte of an extended one) and PostgreSQL's SQLSTATEs
// that mean the disk, not the query, refused: read-only, I/O error, full.
const SQLITE_DISK_CODES = new Set([8, 10, 13]);
const POSTGRES_DISK_CODES = new Set(["25006", "53100", "58030"]);

/** Whether a failed query failed because the database's disk takes no writes, not because of the query. */
export function isUnwritableStoreError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("errcode" in error && typeof error.errcode === "number") return SQLITE_DISK_CODES.has(error.errcode & 0xff);
  return "code" in error && typeof error.code === "string" && POSTGRES_DISK_CODES.has(error.code);
}

/** At shutdown: lets the pool's connections go and closes the SQLite file cleanly. */
export async function closeStore(): Promise<void> {
  await opened?.close();
  opened = undefined;
}
