import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appliedVersions, inTransaction, openDatabase, runMigrations } from "./db.ts";
import { migrations } from "./migrations.ts";
import { seedDatabase } from "../seed/seed.ts";

const temporaryFolders: string[] = [];

function temporaryDatabasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), "sandbox-db-"));
  temporaryFolders.push(folder);
  // A missing parent folder is part of what openDatabase must handle.
  return join(folder, "nested", "sandbox.db");
}

function count(db: ReturnType<typeof openDatabase>, table: string): unknown {
  return db.prepare(`SELECT COUNT(*) AS total FROM ${table}`).get()?.["total"];
}

afterEach(() => {
  for (const folder of temporaryFolders.splice(0)) {
    rmSync(folder, { recursive: true, force: true });
  }
});

describe("openDatabase", () => {
  it("creates the parent folder, uses WAL and enforces foreign keys", () => {
    const db = openDatabase(temporaryDatabasePath());
    expect(db.prepare("PRAGMA journal_mode").get()?.["journal_mode"]).toBe("wal");
    expect(db.prepare("PRAGMA foreign_keys").get()?.["foreign_keys"]).toBe(1);
    expect(() =>
      db.prepare("INSERT INTO subcategory_discounts (subcategory_id, level, basis_points) VALUES (999, 0, 100)").run(),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it("applies each migration once across restarts, and seeds once", () => {
    const path = temporaryDatabasePath();
    const first = openDatabase(path);
    seedDatabase(first);
    const subcategories = count(first, "subcategories");
    first.close();

    const second = openDatabase(path);
    seedDatabase(second);
    expect(appliedVersions(second)).toEqual(migrations.map((migration) => migration.version));
    expect(count(second, "schema_migrations")).toBe(migrations.length);
    expect(count(second, "subcategories")).toBe(subcategories);
    expect(count(second, "site_pages")).toBe(1);
    second.close();
  });

  it("fills in the cable plans and exam PIN types on a database seeded before they existed", () => {
    const path = temporaryDatabasePath();
    const older = openDatabase(path);
    seedDatabase(older);
    // Migration 5 adds the table empty to a database whose catalog and users are seeded.
    older.exec("DELETE FROM variations");
    // An operator's removal; the demo history's rows for it are beside the point here.
    older.exec("PRAGMA foreign_keys = OFF");
    older.exec("DELETE FROM subcategories WHERE id = 32");
    older.close();

    const upgraded = openDatabase(path);
    seedDatabase(upgraded);
    // Three cable providers' 16 plans and 6 PIN types; NABTEB, removed by the operator, stays out.
    expect(count(upgraded, "variations")).toBe(22);
    expect(upgraded.prepare("SELECT name FROM variations WHERE variation_code = 'dstv-compact'").get()?.["name"]).toBe(
      "DStv Compact",
    );
    seedDatabase(upgraded);
    expect(count(upgraded, "variations")).toBe(22);
    upgraded.close();
  });

  it("works in memory", () => {
    const db = openDatabase(":memory:");
    seedDatabase(db);
    expect(appliedVersions(db)).toEqual(migrations.map((migration) => migration.version));
    db.close();
  });

  it("rolls a failing migration back and records nothing for it", () => {
    const db = openDatabase(":memory:", []);
    const broken = [
      { version: 1, name: "good", sql: "CREATE TABLE kept (id INTEGER PRIMARY KEY)" },
      { version: 2, name: "bad", sql: "CREATE TABLE dropped (id INTEGER PRIMARY KEY); SELECT * FROM missing_table" },
    ];
    expect(() => runMigrations(db, broken)).toThrow(/missing_table/);
    expect(appliedVersions(db)).toEqual([1]);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => row["name"]);
    expect(tables).toContain("kept");
    expect(tables).not.toContain("dropped");
    expect(db.isTransaction).toBe(false);
    db.close();
  });

  it("refuses migrations out of order", () => {
    const db = openDatabase(":memory:", []);
    const unordered = [
      { version: 2, name: "second", sql: "SELECT 1" },
      { version: 1, name: "first", sql: "SELECT 1" },
    ];
    expect(() => runMigrations(db, unordered)).toThrow(/increasing/);
    db.close();
  });
});

describe("inTransaction", () => {
  it("takes the write lock at BEGIN, before the work has written anything", () => {
    const path = temporaryDatabasePath();
    const first = openDatabase(path);
    const second = openDatabase(path);
    // No waiting: the second writer should be refused at once while the first holds the lock.
    second.exec("PRAGMA busy_timeout = 0");
    inTransaction(first, () => {
      // Only a read so far; a DEFERRED transaction would not hold the write lock yet.
      first.prepare("SELECT COUNT(*) AS total FROM schema_migrations").get();
      expect(() => inTransaction(second, () => 1)).toThrow(/locked|busy/i);
    });
    expect(inTransaction(second, () => 2)).toBe(2);
    first.close();
    second.close();
  });

  it("sets a busy timeout, so a second process waits for the lock instead of failing", () => {
    const db = openDatabase(temporaryDatabasePath());
    expect(db.prepare("PRAGMA busy_timeout").get()?.["timeout"]).toBe(5000);
    db.close();
  });
});
