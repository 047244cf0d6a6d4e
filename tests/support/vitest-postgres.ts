import type { TestProject } from "vitest/node";
import { startPostgresServer } from "./postgres-server.ts";

// Vitest's global setup: one real PostgreSQL for the whole run, started before the first
// test file and stopped after the last, instead of one per file that checks both engines
// (decision 047). Each test still gets an empty database of its own on it (freshDatabases).

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's PostgreSQL, its `postgres` database. */
    postgresUrl: string;
  }
}

export default async function startPostgres({ provide }: TestProject): Promise<() => Promise<void>> {
  const postgres = await startPostgresServer();
  provide("postgresUrl", postgres.url);
  return postgres.stop;
}
