import { DatabaseSync } from "node:sqlite";
import { mainSandboxDb } from "./portals.ts";

// The sandbox's SQLite file, opened straight: the embedded sandbox's of playwright.config.ts's
// portal, or another's (a fault upstream's). Tests write accounts and history into it and read
// the ledger back.

/** The portal's sandbox file, or `path`: another sandbox's (the fault upstream's). */
export function sandboxDatabase(path = mainSandboxDb()): DatabaseSync {
  const db = new DatabaseSync(path);
  // The server writes to the same file; wait for its lock instead of failing.
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}

export function userId(db: DatabaseSync, email: string): number {
  const row = db.prepare("SELECT id FROM users WHERE email = ?").get(email);
  if (row === undefined) throw new Error(`no user ${email} in the sandbox`);
  return Number(row["id"]);
}
