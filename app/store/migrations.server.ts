import { type Kysely, sql } from "kysely";
import type { Engine } from "./database.server.ts";
import { exclusive, LOCK_SPACE } from "./exclusive.server.ts";
import type { PortalDatabase } from "./schema.ts";

// Forward-only migrations, applied at start-up (decision 048). Each runs once, in order, in
// the same transaction as the row that records it. Two containers starting together wait
// for one another: SQLite's BEGIN IMMEDIATE takes the file's write lock before reading
// which versions have run, PostgreSQL an advisory lock held until the transaction ends.
// A released portal's migration is never edited: a change is a new migration.

type Migration = {
  version: number;
  name: string;
  up: (db: Kysely<PortalDatabase>, engine: Engine) => Promise<void>;
};

/** An integer key the engine numbers itself. */
function generatedId(engine: Engine) {
  return sql.raw(engine === "sqlite" ? "integer primary key autoincrement" : "serial primary key");
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "transaction PIN",
    up: async (db, engine) => {
      await db.schema
        .createTable("transaction_pins")
        .addColumn("account_id", "integer", (column) => column.primaryKey())
        .addColumn("pin_hash", "text", (column) => column.notNull())
        .addColumn("changed_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("pin_attempts")
        .addColumn("id", generatedId(engine))
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("at", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("pin_attempts_by_account").on("pin_attempts").columns(["account_id", "at"]).execute();
    },
  },
  {
    version: 2,
    name: "sign-ins",
    up: async (db) => {
      await db.schema
        .createTable("sign_ins")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("browser", "text", (column) => column.notNull())
        .addColumn("system", "text", (column) => column.notNull())
        .addColumn("address", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("seen_at", "text", (column) => column.notNull())
        .addColumn("previous_at", "text")
        .addColumn("previous_browser", "text")
        .addColumn("previous_system", "text")
        .execute();
      await db.schema.createIndex("sign_ins_by_account").on("sign_ins").column("account_id").execute();
      await db.schema
        .createTable("last_uses")
        .addColumn("account_id", "integer", (column) => column.primaryKey())
        .addColumn("at", "text", (column) => column.notNull())
        .addColumn("browser", "text", (column) => column.notNull())
        .addColumn("system", "text", (column) => column.notNull())
        .execute();
    },
  },
];

/** The database was migrated by a newer portal than this one. */
export class StoreVersionError extends Error {
  override name = "StoreVersionError";
}

export async function migrate(db: Kysely<PortalDatabase>, engine: Engine): Promise<void> {
  await exclusive(db, engine, { space: LOCK_SPACE.migrations, key: 0 }, async (connection) => {
    await connection.schema
      .createTable("portal_migrations")
      .ifNotExists()
      .addColumn("version", "integer", (column) => column.primaryKey())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("applied_at", "text", (column) => column.notNull())
      .execute();
    const newest = await connection
      .selectFrom("portal_migrations")
      .select(sql<number | null>`max(version)`.as("version"))
      .executeTakeFirst();
    const current = newest?.version ?? 0;
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > known) {
      throw new StoreVersionError(
        `the portal's database is at version ${current}, newer than this portal's ${known}: ` +
          "run the newer portal, or restore a backup taken before it started",
      );
    }
    for (const migration of MIGRATIONS.filter((candidate) => candidate.version > current)) {
      await migration.up(connection, engine);
      await connection
        .insertInto("portal_migrations")
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
    }
  });
}
