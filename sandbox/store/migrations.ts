export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

// Append only: an applied migration is never edited, because databases in the field already
// ran it.
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "site pages and catalog",
    sql: `
      CREATE TABLE site_pages (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        about TEXT NOT NULL,
        contact TEXT NOT NULL,
        social TEXT NOT NULL,
        whatsapp_phone TEXT NOT NULL,
        faq TEXT NOT NULL,
        privacy TEXT NOT NULL,
        terms TEXT NOT NULL
      ) STRICT;

      CREATE TABLE categories (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL
      ) STRICT;

      -- price_list says what the public list shows as products: the data plans with their
      -- prices, or the discount alone (every non-data provider, and the gifting data ones).
      CREATE TABLE subcategories (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        image TEXT NOT NULL,
        category_id INTEGER NOT NULL REFERENCES categories (id),
        description TEXT NOT NULL DEFAULT '',
        service_id TEXT NOT NULL,
        price_list TEXT NOT NULL CHECK (price_list IN ('plans', 'discount'))
      ) STRICT;
      CREATE INDEX subcategories_category ON subcategories (category_id);

      -- Basis points keep percentages exact: 250 is 2.5 %.
      CREATE TABLE subcategory_discounts (
        subcategory_id INTEGER NOT NULL REFERENCES subcategories (id) ON DELETE CASCADE,
        level INTEGER NOT NULL CHECK (level BETWEEN 0 AND 3),
        basis_points INTEGER NOT NULL CHECK (basis_points BETWEEN 0 AND 10000),
        PRIMARY KEY (subcategory_id, level)
      ) STRICT;

      CREATE TABLE data_plans (
        id INTEGER PRIMARY KEY,
        subcategory_id INTEGER NOT NULL REFERENCES subcategories (id) ON DELETE CASCADE,
        plan TEXT NOT NULL,
        size TEXT NOT NULL,
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        variation_amount_kobo INTEGER NOT NULL CHECK (variation_amount_kobo > 0),
        service_id TEXT NOT NULL,
        variation_code TEXT NOT NULL,
        position INTEGER NOT NULL,
        UNIQUE (subcategory_id, variation_code)
      ) STRICT;
      CREATE INDEX data_plans_subcategory ON data_plans (subcategory_id, position);
    `,
  },
  {
    version: 2,
    name: "users, tokens, e-mail outbox and wallet ledger",
    sql: `
      -- NOCASE makes "Ada@x.ng" and "ada@x.ng" one account; e-mails are checked to be ASCII,
      -- which is all NOCASE folds.
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        username TEXT NOT NULL,
        password_hash TEXT NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
        phone_no TEXT NOT NULL,
        level INTEGER NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 3),
        otp_verification INTEGER NOT NULL DEFAULT 0 CHECK (otp_verification IN (0, 1)),
        referred_by TEXT,
        hear_us TEXT,
        account_name TEXT,
        account_number TEXT,
        bank_name TEXT,
        webhook_url TEXT,
        sterling_account TEXT CHECK (sterling_account IS NULL OR json_valid(sterling_account)),
        wema_account TEXT CHECK (wema_account IS NULL OR json_valid(wema_account)),
        date_joined TEXT NOT NULL
      ) STRICT;

      -- Only a SHA-256 of each secret is kept, so a copy of the file lets nobody sign in.
      CREATE TABLE auth_tokens (
        id INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      ) STRICT;
      CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

      -- voided_at marks a code replaced by a newer one before it was used.
      CREATE TABLE otp_codes (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_salt TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        voided_at TEXT
      ) STRICT;
      CREATE INDEX otp_codes_user ON otp_codes (user_id, id);

      CREATE TABLE password_reset_tokens (
        id INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        to_email TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      -- No balance column anywhere: a balance is the sum of the user's rows, so it cannot
      -- drift from its history. (kind, reference) is unique so a retried credit, debit or
      -- refund cannot land twice. No cascade: a user with money history is never deleted.
      CREATE TABLE ledger_entries (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo <> 0),
        kind TEXT NOT NULL CHECK (kind <> ''),
        reference TEXT NOT NULL CHECK (reference <> ''),
        created_at TEXT NOT NULL,
        UNIQUE (kind, reference)
      ) STRICT;
      CREATE INDEX ledger_entries_user ON ledger_entries (user_id, id);
    `,
  },
  {
    version: 3,
    name: "transactions, settings, and KYC on users",
    sql: `
      -- Text the biller did not send is '' rather than NULL, so the wire has one empty form.
      -- A transaction that moved money has ledger rows whose reference is its
      -- transaction_ref; the balances here are a snapshot of the ledger when it was recorded.
      -- No cascade, as with the ledger: history outlives a catalog or account change.
      CREATE TABLE transactions (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        transaction_ref TEXT NOT NULL UNIQUE CHECK (transaction_ref <> ''),
        product TEXT NOT NULL
          CHECK (product IN ('airtime', 'data', 'cable', 'electricity', 'exam', 'sms', 'funding')),
        subcategory_id INTEGER REFERENCES subcategories (id),
        plan TEXT NOT NULL DEFAULT '',
        phone_number TEXT NOT NULL DEFAULT '',
        smart_no TEXT NOT NULL DEFAULT '',
        meter_no TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        description2 TEXT NOT NULL DEFAULT '',
        response TEXT NOT NULL DEFAULT '',
        subtotal_kobo INTEGER NOT NULL CHECK (subtotal_kobo >= 0),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo >= 0),
        exam_card TEXT NOT NULL DEFAULT '',
        token TEXT NOT NULL DEFAULT '',
        initial_balance_kobo INTEGER NOT NULL,
        new_balance_kobo INTEGER NOT NULL,
        status INTEGER NOT NULL CHECK (status BETWEEN 0 AND 4),
        created_at TEXT NOT NULL,
        CHECK (product = 'funding' OR subcategory_id IS NOT NULL)
      ) STRICT;
      CREATE INDEX transactions_user ON transactions (user_id, created_at, id);

      CREATE TABLE settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        notification TEXT NOT NULL,
        reserved_account_instruction TEXT NOT NULL
      ) STRICT;

      -- Kept as given: the sandbox has no BVN or NIN registry to check them against.
      ALTER TABLE users ADD COLUMN bvn TEXT;
      ALTER TABLE users ADD COLUMN bvn_name TEXT;
      ALTER TABLE users ADD COLUMN bvn_date_of_birth TEXT;
      ALTER TABLE users ADD COLUMN bvn_phone TEXT;
      ALTER TABLE users ADD COLUMN nin TEXT;
    `,
  },
  {
    version: 4,
    name: "pending settlement and idempotency keys",
    sql: `
      -- When a pending purchase is due to settle; NULL when nothing is scheduled. Kept in the
      -- file, not in a timer, so a restart or a second process settles it all the same.
      ALTER TABLE transactions ADD COLUMN settle_at TEXT;
      CREATE INDEX transactions_settle_at ON transactions (settle_at) WHERE settle_at IS NOT NULL;

      -- One row per (user, key): the first answer to a purchase, replayed to a retry of the
      -- same request. Written in the purchase's own transaction, so a stored answer always
      -- has its debit and a debit always has its answer.
      CREATE TABLE idempotency_keys (
        user_id INTEGER NOT NULL REFERENCES users (id),
        key TEXT NOT NULL CHECK (key <> ''),
        request_hash TEXT NOT NULL,
        response_status INTEGER NOT NULL,
        response_body TEXT NOT NULL,
        transaction_id INTEGER REFERENCES transactions (id),
        created_at TEXT NOT NULL,
        PRIMARY KEY (user_id, key)
      ) STRICT;
    `,
  },
  {
    version: 5,
    name: "cable plans, exam PIN types and what a pending purchase delivers",
    sql: `
      -- Cable plans and exam PIN types (calls 27 and 33): one price each, which the purchase must send.
      -- A table of its own (not data_plans) so a database seeded before it still fills it in.
      CREATE TABLE variations (
        id INTEGER PRIMARY KEY,
        subcategory_id INTEGER NOT NULL REFERENCES subcategories (id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (name <> ''),
        variation_code TEXT NOT NULL CHECK (variation_code <> ''),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        position INTEGER NOT NULL,
        UNIQUE (subcategory_id, variation_code)
      ) STRICT;
      CREATE INDEX variations_subcategory ON variations (subcategory_id, position);

      -- JSON of what the biller hands over when a pending purchase settles (a token, an exam
      -- card, the words that go with them), fixed when it was bought; NULL when nothing is due.
      ALTER TABLE transactions ADD COLUMN settle_delivery TEXT;
    `,
  },
  {
    version: 6,
    name: "funding: sandbox gateway, card orders, reserved accounts and manual reports",
    sql: `
      -- A purchase paid at the sandbox gateway moves no wallet money, so its row has no ledger
      -- entry; the column says so, for the books and for reverseTransaction.
      ALTER TABLE transactions ADD COLUMN paid_by TEXT NOT NULL DEFAULT 'wallet' CHECK (paid_by IN ('wallet', 'card'));

      -- The simulated hosted checkout. The reference is the merchant's (the portal's), so it is
      -- the key; request_hash makes a repeated initialisation with the same body harmless.
      -- credited_transaction_id is set once, when call 42 credits the payment to a wallet.
      CREATE TABLE gateway_payments (
        reference TEXT PRIMARY KEY CHECK (reference <> ''),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        currency TEXT NOT NULL CHECK (currency = 'NGN'),
        description TEXT NOT NULL,
        customer_email TEXT NOT NULL,
        customer_name TEXT NOT NULL,
        customer_phone TEXT NOT NULL,
        return_url TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled')),
        created_at TEXT NOT NULL,
        paid_at TEXT,
        cancelled_at TEXT,
        credited_transaction_id INTEGER UNIQUE REFERENCES transactions (id)
      ) STRICT;

      -- Calls 20 and 24: an airtime or data purchase priced and checked now, delivered when the
      -- gateway payment with reference trans_ref is paid. transaction_id is set by that one
      -- delivery, so a second can be refused.
      CREATE TABLE card_orders (
        id INTEGER PRIMARY KEY,
        trans_ref TEXT NOT NULL UNIQUE CHECK (trans_ref <> ''),
        user_id INTEGER NOT NULL REFERENCES users (id),
        product TEXT NOT NULL CHECK (product IN ('airtime', 'data')),
        subcategory_id INTEGER NOT NULL REFERENCES subcategories (id),
        request_body TEXT NOT NULL CHECK (json_valid(request_body)),
        plan TEXT NOT NULL,
        phone_number TEXT NOT NULL,
        description TEXT NOT NULL,
        face_kobo INTEGER NOT NULL CHECK (face_kobo > 0),
        charge_kobo INTEGER NOT NULL CHECK (charge_kobo >= 0),
        created_at TEXT NOT NULL,
        transaction_id INTEGER UNIQUE REFERENCES transactions (id)
      ) STRICT;

      -- Call 44. The account number is the key, so two users can never share one; the users
      -- table keeps the JSON call 5 shows, written from this row.
      CREATE TABLE reserved_accounts (
        account_number TEXT PRIMARY KEY CHECK (length(account_number) = 10),
        user_id INTEGER NOT NULL REFERENCES users (id),
        provider TEXT NOT NULL CHECK (provider IN ('sterling', 'wema')),
        account_name TEXT NOT NULL,
        bank_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (user_id, provider)
      ) STRICT;

      -- Call 43: a payment the user says they made, credited only when a tester approves it.
      CREATE TABLE manual_reports (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        payment_name TEXT NOT NULL,
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        bank_name TEXT NOT NULL,
        payment_type TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        created_at TEXT NOT NULL,
        decided_at TEXT,
        transaction_id INTEGER UNIQUE REFERENCES transactions (id)
      ) STRICT;
      CREATE INDEX manual_reports_created ON manual_reports (created_at, id);
    `,
  },
];
