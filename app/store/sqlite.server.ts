import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

// Kysely's SQLite dialect speaks better-sqlite3's interface; node:sqlite (built into Node,
// nothing to compile) differs in two ways: parameters are spread rather than passed as an
// array, and a statement tells whether it returns rows by its columns, not a `reader` flag.

function inputOf(value: unknown): SQLInputValue {
  if (value === null || typeof value === "number" || typeof value === "bigint" || typeof value === "string") {
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Uint8Array) return value;
  throw new TypeError(`SQLite cannot store a ${typeof value} parameter`);
}

const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/** Distinct statements kept prepared; a query's `in (?, ?, …)` lists vary in length, so bounded. */
const KEPT_STATEMENTS = 500;

/** `database` as Kysely's SqliteDialect expects it. */
export function kyselySqlite(database: DatabaseSync): SqliteDatabase {
  // Kysely asks for a statement on every query: compiling its SQL again each time was the
  // store's largest cost under load, so each one is prepared once (decision 093). Every
  // statement runs to its end before the next query (one connection, all() and run()).
  const prepared = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      // SQLite ends a transaction by itself on some failures (an I/O error, a full disk):
      // Kysely's ROLLBACK after one would fail with "no transaction is active" and hide the
      // error that says what happened (decision 067).
      if (sql === "rollback" && !database.isTransaction) return NOTHING_TO_ROLL_BACK;
      const kept = prepared.get(sql);
      if (kept !== undefined) return kept;
      // Every transaction here reads, then writes. Begun as Kysely begins it (deferred), one that
      // reads while another process writes cannot take the write lock after: SQLite answers
      // "database is locked" at once, without the busy timeout's wait. Immediate takes the write
      // lock first, and waits for it.
      const statement = database.prepare(sql === "begin" ? "begin immediate" : sql);
      const inputs = (parameters: readonly unknown[]) => parameters.map(inputOf);
      const adapted: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...inputs(parameters)),
        run: (parameters) => statement.run(...inputs(parameters)),
        iterate: (parameters) => statement.iterate(...inputs(parameters)),
      };
      if (prepared.size >= KEPT_STATEMENTS) prepared.clear();
      prepared.set(sql, adapted);
      return adapted;
    },
  };
}
