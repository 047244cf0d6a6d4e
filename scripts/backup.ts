// A consistent copy of the portal's SQLite database, taken while the portal serves:
//   node scripts/backup.ts /data/backup.db                 (in the container: docker exec <container> …)
//   node scripts/backup.ts /data/sandbox-backup.db /data/sandbox.db     (another SQLite file)
// The copy is SQLite's VACUUM INTO: one read transaction, so it holds the database as it was at
// one moment, and in WAL mode the portal's writes go on meanwhile. It is written under a
// temporary name and renamed when whole and checked, so a copy with the final name is always
// complete. PostgreSQL is backed up with pg_dump (docs/operating.md). Decision 068.
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

function fail(message: string): never {
  process.stderr.write(`backup: ${message}\n`);
  process.exit(1);
}

/** The portal's database file, as the portal finds it: DATABASE_URL's file, or ./data/portal.db. */
function portalDatabase(): string {
  const url = process.env.DATABASE_URL?.trim() || "file:./data/portal.db";
  if (!url.startsWith("file:")) {
    fail("DATABASE_URL is not a SQLite file: back PostgreSQL up with pg_dump (docs/operating.md)");
  }
  return url.slice("file:".length);
}

const [target, given] = process.argv.slice(2);
if (target === undefined || target.startsWith("-")) fail("usage: node scripts/backup.ts <copy.db> [database.db]");
const source = given ?? portalDatabase();
if (!existsSync(source)) fail(`${source} does not exist`);
if (existsSync(target)) fail(`${target} exists already: name a new file, so no backup is overwritten`);

const started = performance.now();
const partial = `${target}.partial`;
rmSync(partial, { force: true });
// The portal's own writers wait up to 5 s for one another; the copy waits as long for its read.
const database = new DatabaseSync(source, { timeout: 5_000 });
try {
  database.prepare("VACUUM INTO ?").run(partial);
} catch (error) {
  rmSync(partial, { force: true });
  fail(`could not copy ${source}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  database.close();
}

const copy = new DatabaseSync(partial, { readOnly: true });
const check = copy.prepare("PRAGMA integrity_check").get();
copy.close();
if (check?.integrity_check !== "ok") {
  rmSync(partial, { force: true });
  fail(`the copy of ${source} failed SQLite's integrity check: ${JSON.stringify(check)}`);
}
renameSync(partial, target);
const bytes = statSync(target).size;
const ms = Math.round(performance.now() - started);
process.stdout.write(`backup: ${source} copied to ${target} (${bytes} bytes, integrity ok) in ${ms} ms\n`);
