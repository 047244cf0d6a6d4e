import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, inject } from "vitest";
import type { Engine } from "../../app/store/database.server.ts";
import { createDatabaseOn } from "./postgres-server.ts";

/**
 * For a Vitest file that runs the same checks on both engines the portal's own data may live
 * in (decision 048): a folder for SQLite files, gone after the file, and the run's one
 * PostgreSQL (tests/support/vitest-postgres.ts). The function returned gives a new, empty
 * database of either engine as a DATABASE_URL, so no test sees another's rows.
 */
export function freshDatabases(name: string): (engine: Engine) => Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  let files = 0;

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  return async (engine) => {
    if (engine === "postgres") return createDatabaseOn(inject("postgresUrl"));
    files += 1;
    return `file:${join(folder, `${name}-${files}.db`)}`;
  };
}
