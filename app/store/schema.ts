import type { Generated } from "kysely";

// The portal's own data (DESIGN.md §15): what the upstream's contract has no place for.
// Rows are keyed by the upstream's account id; nothing the upstream owns is copied here.
// Times are ISO 8601 strings in UTC, so both engines store and compare them the same way.

/** Which migrations have run, newest last; written only by migrations.server.ts. */
export interface PortalMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

/** The tables as the code sees them, on SQLite and on PostgreSQL alike. */
export interface PortalDatabase {
  portal_migrations: PortalMigrationsTable;
  transaction_pins: TransactionPinsTable;
  pin_attempts: PinAttemptsTable;
  sign_ins: SignInsTable;
  last_uses: LastUsesTable;
}

/** One account's transaction PIN: a salted scrypt hash, never the PIN. */
export interface TransactionPinsTable {
  account_id: number;
  pin_hash: string;
  changed_at: string;
}

/** A wrong PIN, kept for the 15-minute window that counts them. */
export interface PinAttemptsTable {
  id: Generated<number>;
  account_id: number;
  at: string;
}

/**
 * One signed-in browser: the session cookie names its row by `id`, a random value that is no
 * credential by itself; the upstream token stays in the signed cookie (decision 049).
 * `previous_*` is the account's last use before this sign-in, for the dashboard.
 */
export interface SignInsTable {
  id: string;
  account_id: number;
  browser: string;
  system: string;
  /** The client address as the portal sees it (TRUST_PROXY). */
  address: string;
  created_at: string;
  /** Moved at most once a minute. */
  seen_at: string;
  previous_at: string | null;
  previous_browser: string | null;
  previous_system: string | null;
}

/** An account's latest use by any of its sign-ins: kept when the sign-in rows are gone. */
export interface LastUsesTable {
  account_id: number;
  at: string;
  browser: string;
  system: string;
}
