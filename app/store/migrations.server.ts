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
  {
    version: 3,
    name: "saved customers",
    up: async (db, engine) => {
      await db.schema
        .createTable("saved_customers")
        .addColumn("id", generatedId(engine))
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("number", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("provider", "text", (column) => column.notNull())
        .addColumn("meter_type", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      // One entry per number of a kind in an account: saving it again renames it.
      await db.schema
        .createIndex("saved_customers_by_number")
        .on("saved_customers")
        .columns(["account_id", "kind", "number"])
        .unique()
        .execute();
    },
  },
  {
    version: 4,
    name: "bulk batches",
    up: async (db) => {
      await db.schema
        .createTable("bulk_batches")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("form_key", "text", (column) => column.notNull())
        .addColumn("product", "text", (column) => column.notNull())
        .addColumn("form_digest", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .addColumn("touched_at", "text", (column) => column.notNull())
        .addColumn("finished_at", "text")
        .addColumn("stopped", "text")
        .addColumn("rows_to_buy", "text", (column) => column.notNull())
        .addColumn("rows_left_out", "text", (column) => column.notNull())
        .execute();
      // The day-old batches are deleted by when they were created.
      await db.schema.createIndex("bulk_batches_by_age").on("bulk_batches").column("created_at").execute();
    },
  },
  {
    version: 5,
    name: "account settings",
    up: async (db) => {
      await db.schema
        .createTable("account_settings")
        .addColumn("account_id", "integer", (column) => column.primaryKey())
        .addColumn("low_balance_kobo", "integer")
        .addColumn("changed_at", "text", (column) => column.notNull())
        .execute();
    },
  },
  {
    version: 6,
    name: "health checks",
    up: async (db) => {
      // One row, rewritten by every health check: proof that the disk takes a write (decision 067).
      await db.schema
        .createTable("portal_health")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("checked_at", "text", (column) => column.notNull())
        .execute();
    },
  },
  {
    version: 7,
    name: "sign-in tokens",
    // The upstream token moves from the cookie into its sign-in's row, sealed (decision 064).
    up: async (db) => {
      await db.schema.alterTable("sign_ins").addColumn("token_sealed", "text").execute();
      await db.schema
        .createTable("pending_revocations")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("token_sealed", "text", (column) => column.notNull())
        .addColumn("queued_at", "text", (column) => column.notNull())
        .addColumn("tries", "integer", (column) => column.notNull())
        .addColumn("due_at", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("pending_revocations_by_due").on("pending_revocations").column("due_at").execute();
    },
  },
  {
    version: 8,
    name: "ended sign-ins",
    // A browser signed out from another device is told so, not that its session expired (decision 080).
    up: async (db) => {
      await db.schema
        .createTable("ended_sign_ins")
        .addColumn("handle", "text", (column) => column.primaryKey())
        .addColumn("ended_at", "text", (column) => column.notNull())
        .execute();
    },
  },
  {
    version: 9,
    name: "referral codes",
    // A sign-up link names its sender by a code, not by the e-mail (decision 081).
    up: async (db) => {
      await db.schema
        .createTable("referral_codes")
        .addColumn("account_id", "integer", (column) => column.primaryKey())
        .addColumn("code", "text", (column) => column.notNull().unique())
        .addColumn("username", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
    },
  },
  {
    version: 10,
    name: "customer lists",
    // A reseller's named lists of numbers, to fill a bulk batch (decision 086).
    up: async (db, engine) => {
      await db.schema
        .createTable("customer_lists")
        .addColumn("id", generatedId(engine))
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("name_key", "text", (column) => column.notNull())
        .addColumn("entries", "text", (column) => column.notNull())
        .addColumn("created_at", "text", (column) => column.notNull())
        .execute();
      // One list of a name in an account, whatever its case: a second is refused, not kept.
      await db.schema
        .createIndex("customer_lists_by_name")
        .on("customer_lists")
        .columns(["account_id", "name_key"])
        .unique()
        .execute();
    },
  },
  {
    version: 11,
    name: "a reseller's shop",
    // The shop's name on its customer copies, its prices and what each purchase sold for (decision 085).
    up: async (db) => {
      await db.schema
        .createTable("shop_details")
        .addColumn("account_id", "integer", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("phone", "text", (column) => column.notNull())
        .addColumn("address", "text", (column) => column.notNull())
        .addColumn("changed_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("price_rules")
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("product", "text", (column) => column.notNull())
        .addColumn("amount_kobo", "bigint", (column) => column.notNull())
        .addColumn("changed_at", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("price_rules_key", ["account_id", "product"])
        .execute();
      await db.schema
        .createTable("sales")
        .addColumn("account_id", "integer", (column) => column.notNull())
        .addColumn("reference", "text", (column) => column.notNull())
        .addColumn("sold_for_kobo", "bigint", (column) => column.notNull())
        .addColumn("recorded_at", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("sales_key", ["account_id", "reference"])
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
    const recorded = await connection.selectFrom("portal_migrations").select("version").execute();
    const applied = new Set(recorded.map((row) => row.version));
    const current = Math.max(0, ...applied);
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > known) {
      throw new StoreVersionError(
        `the portal's database is at version ${current}, newer than this portal's ${known}: ` +
          "run the newer portal, or restore a backup taken before it started",
      );
    }
    // Every migration not yet recorded, not only those above the newest: a developer's
    // database that met two branches' migrations in the other order still gets both.
    for (const migration of MIGRATIONS.filter((candidate) => !applied.has(candidate.version))) {
      await migration.up(connection, engine);
      await connection
        .insertInto("portal_migrations")
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
    }
  });
}
