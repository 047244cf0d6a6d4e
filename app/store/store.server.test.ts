import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterEach, describe, expect, inject, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import {
  closeStore,
  isUnwritableStoreError,
  openStore,
  portalStore,
  storeHealth,
  storeLocation,
  storeStartupProblem,
  type Store,
} from "./database.server.ts";
import { MIGRATIONS, StoreVersionError } from "./migrations.server.ts";

// The same checks on both engines the portal's own data may live in (decision 048): a
// SQLite file and a real PostgreSQL.

const run = promisify(execFile);

/** A database of its own for each test: a new file, or a new PostgreSQL database. */
const freshDatabaseUrl = freshDatabases("store");

async function versionsIn(store: Store): Promise<number[]> {
  const rows = await store.db.selectFrom("portal_migrations").select("version").orderBy("version").execute();
  return rows.map((row) => row.version);
}

const latest = MIGRATIONS.map((migration) => migration.version);

describe.each(["sqlite", "postgres"] as const)("the portal's database on %s", (engine) => {
  it("is created at the code's version on first start, and a second start changes nothing", async () => {
    const url = await freshDatabaseUrl(engine);
    const first = await openStore(storeLocation(url));
    expect(await versionsIn(first)).toEqual(latest);
    await first.close();
    const second = await openStore(storeLocation(url));
    expect(await versionsIn(second)).toEqual(latest);
    await second.close();
  });

  it("applies each migration once when four portals start on it at the same moment", async () => {
    const url = await freshDatabaseUrl(engine);
    const script = join(import.meta.dirname, "../../tests/support/open-store.ts");
    const at = String(Date.now() + 3_000);
    const starts = await Promise.all([1, 2, 3, 4].map(() => run(process.execPath, [script, url, at])));
    for (const start of starts) expect(JSON.parse(start.stdout)).toEqual(latest);
  }, 30_000);

  it("applies a migration it has not recorded even below the newest one, as after two branches merged", async () => {
    const url = await freshDatabaseUrl(engine);
    const first = await openStore(storeLocation(url));
    await first.db.schema.dropTable("bulk_batches").execute();
    await first.db.deleteFrom("portal_migrations").where("version", "=", 4).execute();
    await first.close();
    const second = await openStore(storeLocation(url));
    expect(await versionsIn(second)).toEqual(latest);
    expect(await second.db.selectFrom("bulk_batches").select("id").execute()).toEqual([]);
    await second.close();
  });

  it("refuses to start on a database a newer portal migrated", async () => {
    const url = await freshDatabaseUrl(engine);
    const store = await openStore(storeLocation(url));
    await store.db
      .insertInto("portal_migrations")
      .values({ version: 999, name: "from the future", applied_at: new Date().toISOString() })
      .execute();
    await store.close();
    await expect(openStore(storeLocation(url))).rejects.toBeInstanceOf(StoreVersionError);
    expect(await storeStartupProblem(url)).toMatch(/version 999, newer than this portal's/);
  });

  it("keeps an account's PIN row and numbers the attempts itself", async () => {
    const store = await openStore(storeLocation(await freshDatabaseUrl(engine)));
    await store.db
      .insertInto("transaction_pins")
      .values({ account_id: 7, pin_hash: "scrypt$…", changed_at: "2026-11-26T10:00:00.000Z" })
      .execute();
    await store.db.insertInto("pin_attempts").values({ account_id: 7, at: "2026-11-26T10:01:00.000Z" }).execute();
    await store.db.insertInto("pin_attempts").values({ account_id: 7, at: "2026-11-26T10:02:00.000Z" }).execute();
    const pin = await store.db
      .selectFrom("transaction_pins")
      .selectAll()
      .where("account_id", "=", 7)
      .executeTakeFirst();
    const attempts = await store.db.selectFrom("pin_attempts").select("id").orderBy("id").execute();
    expect(pin?.pin_hash).toBe("scrypt$…");
    expect(attempts.map((attempt) => attempt.id)).toEqual([1, 2]);
    await store.close();
  });
});

describe("the portal's database on SQLite, shared with another process", () => {
  it("a transaction that reads, then writes, waits for the other process's write instead of failing", async () => {
    const url = await freshDatabaseUrl("sqlite");
    const store = await openStore(storeLocation(url));
    const path = storeLocation(url);
    if (path.engine !== "sqlite") throw new Error("a SQLite location was asked for");
    // Another process writes the health row while this one's transaction is between its read
    // and its write, as a test minting a session does beside a running portal.
    const otherWrite = `
      const { DatabaseSync } = require("node:sqlite");
      const database = new DatabaseSync(process.argv[1], { timeout: 5000 });
      database.prepare("INSERT OR REPLACE INTO portal_health (id, checked_at) VALUES (1, 'other')").run();
      database.close();`;
    try {
      let other: Promise<unknown> = Promise.resolve();
      await store.db.transaction().execute(async (transaction) => {
        await transaction.selectFrom("portal_health").selectAll().execute();
        other = run(process.execPath, ["-e", otherWrite, path.path]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await transaction.insertInto("portal_health").values({ id: 1, checked_at: "this" }).execute();
      });
      await other;
      const rows = await store.db.selectFrom("portal_health").select("checked_at").execute();
      expect(rows).toEqual([{ checked_at: "other" }]);
    } finally {
      await store.close();
    }
  });
});

describe("the portal's database on postgres, when the server ends a connection", () => {
  it("lets the idle connection go and answers the next query on a new one", async () => {
    const url = await freshDatabaseUrl("postgres");
    const store = await openStore(storeLocation(url));
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db);
    const admin = await openStore(storeLocation(url));
    await sql`select pg_terminate_backend(${before.rows[0]?.pid ?? 0})`.execute(admin.db);
    await admin.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db);
    expect(after.rows[0]?.pid).not.toBe(before.rows[0]?.pid);
    await store.close();
  });
});

describe("the health check's view of the database", () => {
  afterEach(() => closeStore());

  it.each(["sqlite", "postgres"] as const)("proves %s takes a write by rewriting its one row", async (engine) => {
    expect(await storeStartupProblem(await freshDatabaseUrl(engine))).toBeNull();
    const rows = () => portalStore().db.selectFrom("portal_health").selectAll().execute();
    expect(await storeHealth()).toBe("up");
    const [first] = await rows();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await storeHealth()).toBe("up");
    const after = await rows();
    expect(after).toHaveLength(1);
    expect((after[0]?.checked_at ?? "") > (first?.checked_at ?? "")).toBe(true);
  });

  it("is down once the PostgreSQL database is gone, and the portal keeps running", async () => {
    const url = await freshDatabaseUrl("postgres");
    expect(await storeStartupProblem(url)).toBeNull();
    expect(await storeHealth()).toBe("up");
    const admin = await openStore(storeLocation(inject("postgresUrl")));
    await sql.raw(`drop database ${new URL(url).pathname.slice(1)} with (force)`).execute(admin.db);
    await admin.close();
    expect(await storeHealth()).toBe("down");
  });
});

describe("isUnwritableStoreError", () => {
  it.each([
    [{ errcode: 10, message: "disk I/O error" }, true],
    [{ errcode: 778, message: "disk I/O error" }, true],
    [{ errcode: 13, message: "database or disk is full" }, true],
    [{ errcode: 8, message: "attempt to write a readonly database" }, true],
    [{ errcode: 1032, message: "attempt to write a readonly database" }, true],
    [{ errcode: 19, message: "UNIQUE constraint failed" }, false],
    [{ errcode: 5, message: "database is locked" }, false],
    [{ code: "53100", message: "could not extend file: No space left on device" }, true],
    [{ code: "25006", message: "cannot execute INSERT in a read-only transaction" }, true],
    [{ code: "58030", message: "could not write to file" }, true],
    [{ code: "23505", message: "duplicate key value violates unique constraint" }, false],
    [{ code: "ECONNREFUSED", message: "connect ECONNREFUSED" }, false],
    [new Error("cannot rollback - no transaction is active"), false],
    ["disk I/O error", false],
  ])("%j is the disk's refusal: %s", (error, unwritable) => {
    expect(isUnwritableStoreError(error)).toBe(unwritable);
  });
});

describe("start-up problems", () => {
  it("names the database it could not reach, without its password", async () => {
    const problem = await storeStartupProblem("postgres://portal:secret@127.0.0.1:1/portal");
    expect(problem).toBe(
      "DATABASE_URL: could not open the portal's database, PostgreSQL at 127.0.0.1:1/portal (ECONNREFUSED)",
    );
  });

  it("says what DATABASE_URL may be", async () => {
    expect(await storeStartupProblem("mysql://db/portal")).toBe(
      "DATABASE_URL must be file:/path/to/portal.db or postgres://…",
    );
  });
});
