import { type Kysely, sql } from "kysely";
import type { Engine } from "./database.server.ts";
import type { PortalDatabase } from "./schema.ts";

// A transaction that no other portal process runs alongside for the same key: SQLite takes
// the file's write lock at BEGIN IMMEDIATE (so for any key), PostgreSQL an advisory lock on
// (space, key) held until the transaction ends. For read-then-write steps that must not
// interleave across containers: migrations, counting wrong PINs, the saved-customer limit.

/** The kinds of thing locked, so two kinds never share a PostgreSQL advisory key. */
export const LOCK_SPACE = { migrations: 1, pin: 2, savedCustomers: 3, customerLists: 4 } as const;

export async function exclusive<T>(
  db: Kysely<PortalDatabase>,
  engine: Engine,
  lock: { space: number; key: number },
  work: (transaction: Kysely<PortalDatabase>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    if (engine === "sqlite") {
      await sql`begin immediate`.execute(connection);
    } else {
      await sql`begin`.execute(connection);
      await sql`select pg_advisory_xact_lock(${lock.space}, ${lock.key})`.execute(connection);
    }
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
