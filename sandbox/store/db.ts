import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrations as sandboxMigrations } from "./migrations.ts";
import type { Migration } from "./migrations.ts";
import { integerColumn } from "./rows.ts";

const inMemory = ":memory:";

export function openDatabase(path: string, migrations: readonly Migration[] = sandboxMigrations): DatabaseSync {
  if (path !== inMemory) {
    mkdirSync(dirname(path), { recursive: true });
  }
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  try {
    // The embedded sandbox and a separately served one may share the file; WAL lets readers
    // proceed during a write, and the timeout makes a second writer wait instead of failing.
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec("PRAGMA foreign_keys = ON");
    runMigrations(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export function runMigrations(db: DatabaseSync, migrations: readonly Migration[]): void {
  assertOrdered(migrations);
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    ) STRICT
  `);
  const isApplied = db.prepare("SELECT 1 AS applied FROM schema_migrations WHERE version = ?");
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  for (const migration of migrations) {
    if (isApplied.get(migration.version) !== undefined) {
      continue;
    }
    inTransaction(db, () => {
      // Checked again under the write lock: another process may have applied it meanwhile.
      if (isApplied.get(migration.version) !== undefined) {
        return;
      }
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    });
  }
}

export function appliedVersions(db: DatabaseSync): number[] {
  return db
    .prepare("SELECT version FROM schema_migrations ORDER BY version")
    .all()
    .map((row) => integerColumn(row, "version"));
}

// IMMEDIATE takes the write lock up front, so two writers never both read "not done yet".
// Inside an open transaction the work joins it, so helpers that need atomicity compose; a
// throw still rolls the whole outer transaction back.
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) {
    return work();
  }
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) {
      db.exec("ROLLBACK");
    }
    throw error;
  }
}

function assertOrdered(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const migration of migrations) {
    if (!Number.isSafeInteger(migration.version) || migration.version <= previous) {
      throw new Error(`Migration versions must be increasing integers; ${migration.version} follows ${previous}.`);
    }
    previous = migration.version;
  }
}
