export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

// Append only: an applied migration is never edited, because databases in the field already
// ran it. Users, wallets and transactions arrive as later versions.
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
];
