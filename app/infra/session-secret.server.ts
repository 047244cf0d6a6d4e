import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { errorCode } from "./http-call.server.ts";

// A production portal started without SESSION_SECRET (a sandbox deployment: with UPSTREAM_URL
// the variable is required) must not sign with a value printed in the source, which anyone
// could use to forge sessions and sealed forms. It makes a random secret once and keeps it
// on the data volume, beside its own database, so a restart keeps everyone signed in
// (decision 068). Development and tests keep a fixed secret that needs no file.

/** The file's name, beside the portal's database. */
const SESSION_SECRET_FILE = "session-secret";

/** Where the secret is kept: beside the SQLite database, or beside the sandbox's with PostgreSQL. */
export function sessionSecretPath(databaseUrl: string | undefined, sandboxDatabase: string): string {
  if (databaseUrl === undefined) return join("data", SESSION_SECRET_FILE);
  // PostgreSQL: a sandbox deployment's one file on the volume is the sandbox's database.
  const beside = databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : sandboxDatabase;
  return join(dirname(beside), SESSION_SECRET_FILE);
}

export type KeptSecret = { secret: string; created: boolean };

function readSecret(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < 16) {
    throw new Error(`${path} holds no session secret of 16 characters or more: remove it to make a new one`);
  }
  return secret;
}

/**
 * The secret kept in `path`, made the first time. Two processes starting on one new volume
 * get the same one: each writes a draft of its own and links it into place, which only the
 * first link does; the other reads the winner's.
 */
export function keepSessionSecret(path: string): KeptSecret {
  const existing = readSecret(path);
  if (existing !== null) return { secret: existing, created: false };
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  const draft = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, path);
    return { secret, created: true };
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    const theirs = readSecret(path);
    if (theirs === null) throw error;
    return { secret: theirs, created: false };
  } finally {
    unlinkSync(draft);
  }
}
