import type { ColumnType, Generated } from "kysely";

// The portal's own data (decision 048): what the upstream's contract has no place for.
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
  saved_customers: SavedCustomersTable;
  bulk_batches: BulkBatchesTable;
  account_settings: AccountSettingsTable;
  portal_health: PortalHealthTable;
  pending_revocations: PendingRevocationsTable;
  ended_sign_ins: EndedSignInsTable;
  referral_codes: ReferralCodesTable;
  customer_lists: CustomerListsTable;
  shop_details: ShopDetailsTable;
  price_rules: PriceRulesTable;
  sales: SalesTable;
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
 * A bulk purchase, from its Confirm until a day later (decision 051). Written by the one
 * process that created it; its rows and the rows the review left out are JSON, read and
 * written whole with the batch.
 */
export interface BulkBatchesTable {
  /** batchIdOf(account, form key): Confirm posted twice finds the same row. */
  id: string;
  account_id: number;
  /** The review's one-time form key, from which each row's idempotency key is made. */
  form_key: string;
  product: string;
  form_digest: string;
  created_at: string;
  /** When its runner last wrote: an unfinished batch long untouched was stopped by a restart. */
  touched_at: string;
  finished_at: string | null;
  stopped: string | null;
  rows_to_buy: string;
  rows_left_out: string;
}

/** One account's own choices, one row an account, written when the person first saves one. */
export interface AccountSettingsTable {
  account_id: number;
  /** Warn below this wallet balance, in kobo; null: no warning (the default). */
  low_balance_kobo: number | null;
  changed_at: string;
}

/**
 * A number an account keeps under a name (decision 050): a phone, a meter, a smart card or a
 * JAMB profile ID. `provider` is the provider's title as the upstream lists it ("" for phones
 * and profile IDs); `meter_type` is "prepaid" or "postpaid" for a meter, "" otherwise.
 */
export interface SavedCustomersTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  number: string;
  name: string;
  provider: string;
  meter_type: string;
  created_at: string;
}

/**
 * One signed-in browser: the session cookie names its row by `id`, a random value that is no
 * credential by itself (decisions 049 and 064). `previous_*` is the account's last use before
 * this sign-in, for the dashboard.
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
  /**
   * The sign-in's upstream token, sealed for this row (app/session/token-seal.server.ts,
   * decision 064); null only in a row written before, whose cookie still carries it.
   */
  token_sealed: string | null;
}

/**
 * An ended sign-in's upstream token not yet revoked at the upstream (decision 064): the
 * upstream could not be reached when the sign-in ended, so a later request tries again.
 * `id` is the ended row's (its token stays sealed for it), or a random one.
 */
export interface PendingRevocationsTable {
  id: string;
  token_sealed: string;
  queued_at: string;
  /** Tries so far; the next is due at `due_at`, later after each failure. */
  tries: number;
  due_at: string;
}

/** An account's latest use by any of its sign-ins: kept when the sign-in rows are gone. */
export interface LastUsesTable {
  account_id: number;
  at: string;
  browser: string;
  system: string;
}

/** The health check's one row (id 1), written on every check to prove the database takes writes (decision 067). */
export interface PortalHealthTable {
  id: number;
  checked_at: string;
}

/**
 * A sign-in ended from another of the account's browsers (Sign out, Sign out everywhere else, a
 * new password), by its handle, so that browser is told why it was signed out (decision 080).
 * Kept for a sign-in's longest lifetime.
 */
export interface EndedSignInsTable {
  handle: string;
  ended_at: string;
}

/**
 * An account's invitation code for its sign-up link, and the username the upstream knows it
 * by: the link carries the code, never the username, which is the person's e-mail (decision 081).
 */
export interface ReferralCodesTable {
  account_id: number;
  code: string;
  username: string;
  created_at: string;
}

/**
 * A named list of phone numbers to fill a bulk batch with (decision 086). `entries` is JSON,
 * read and written whole: `[{number, network, name}]`, at most 100. `name_key` is the name in
 * lower case, unique within an account.
 */
export interface CustomerListsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  name_key: string;
  entries: string;
  created_at: string;
}

/** A reseller's shop as its customer copies name it (decision 085); "" for a phone or address not given. */
export interface ShopDetailsTable {
  account_id: number;
  name: string;
  phone: string;
  address: string;
  changed_at: string;
}

/**
 * A reseller's price for one product (decision 085): airtime's price per ₦100 of value, or the
 * amount added to the value of data, cable, electricity and exam pins, in kobo.
 */
export interface PriceRulesTable {
  account_id: number;
  product: string;
  /** A bigint column: PostgreSQL's driver reads it back as text. */
  amount_kobo: ColumnType<number | string, number, number>;
  changed_at: string;
}

/** What a reseller sold a purchase for, by the purchase's transaction reference (decision 085). */
export interface SalesTable {
  account_id: number;
  reference: string;
  /** A bigint column: PostgreSQL's driver reads it back as text. */
  sold_for_kobo: ColumnType<number | string, number, number>;
  recorded_at: string;
}
