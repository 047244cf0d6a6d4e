import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Engine } from "../../app/store/database.server.ts";
import { type PostgresServer, startPostgresServer } from "./postgres-server.ts";

/**
 * For a Vitest file that runs the same checks on both engines the portal's own data may live
 * in (DESIGN.md §15): a real PostgreSQL started once for the file and a folder for SQLite
 * files, both gone after it. The function returned gives a new, empty database of either
 * engine as a DATABASE_URL, so no test sees another's rows.
 */
export function freshDatabases(name: string): (engine: Engine) => Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  let postgres: PostgresServer | undefined;
  let files = 0;

  beforeAll(async () => {
    postgres = await startPostgresServer();
  }, 30_000);

  afterAll(async () => {
    await postgres?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  return async (engine) => {
    if (engine === "postgres") {
      if (postgres === undefined) throw new Error("PostgreSQL has not started: call this from a test");
      return postgres.createDatabase();
    }
    files += 1;
    return `file:${join(folder, `${name}-${files}.db`)}`;
  };
}
