import type { DatabaseSync } from "node:sqlite";
import { forgetCatalog } from "../purchases/catalog.ts";
import { inTransaction } from "../store/db.ts";
import { categorySeeds, subcategorySeeds } from "./catalog.ts";
import { sitePages } from "./pages.ts";
import { defaultSettings } from "./settings.ts";
import { seedDemoAccounts } from "./users.ts";

// Each part is written only into an empty table, so a restart keeps what an operator or a
// test changed, and a part added by a later release still fills in on an old database.
export function seedDatabase(db: DatabaseSync, now: () => number = Date.now): void {
  inTransaction(db, () => {
    if (isEmpty(db, "site_pages")) {
      seedSitePages(db);
    }
    if (isEmpty(db, "categories")) {
      seedCatalog(db);
    }
    if (isEmpty(db, "variations")) {
      seedVariations(db);
    }
    forgetCatalog(db);
    if (isEmpty(db, "settings")) {
      db.prepare("INSERT INTO settings (id, notification, reserved_account_instruction) VALUES (1, ?, ?)").run(
        defaultSettings.notification,
        defaultSettings.reserved_account_instruction,
      );
    }
    // After the catalog and its variations: the demo history buys from both.
    if (isEmpty(db, "users")) {
      seedDemoAccounts(db, now());
    }
  });
}

function isEmpty(db: DatabaseSync, table: "site_pages" | "categories" | "variations" | "settings" | "users"): boolean {
  return db.prepare(`SELECT 1 AS present FROM ${table} LIMIT 1`).get() === undefined;
}

function seedSitePages(db: DatabaseSync): void {
  db.prepare(
    `INSERT INTO site_pages (id, about, contact, social, whatsapp_phone, faq, privacy, terms)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sitePages.about,
    sitePages.contact,
    sitePages.social,
    sitePages.whatsapp_phone,
    sitePages.faq,
    sitePages.privacy,
    sitePages.terms,
  );
}

function seedCatalog(db: DatabaseSync): void {
  const insertCategory = db.prepare("INSERT INTO categories (id, key, title) VALUES (?, ?, ?)");
  const insertSubcategory = db.prepare(
    `INSERT INTO subcategories (id, key, title, image, category_id, description, service_id, price_list)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDiscount = db.prepare(
    "INSERT INTO subcategory_discounts (subcategory_id, level, basis_points) VALUES (?, ?, ?)",
  );
  const insertPlan = db.prepare(
    `INSERT INTO data_plans (subcategory_id, plan, size, amount_kobo, variation_amount_kobo, service_id,
       variation_code, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  for (const category of categorySeeds) {
    insertCategory.run(category.id, category.key, category.title);
  }
  for (const subcategory of subcategorySeeds) {
    insertSubcategory.run(
      subcategory.id,
      subcategory.key,
      subcategory.title,
      subcategory.image,
      subcategory.categoryId,
      subcategory.description,
      subcategory.serviceId,
      subcategory.priceList,
    );
    subcategory.discounts.forEach((basisPoints, level) => {
      insertDiscount.run(subcategory.id, level, basisPoints);
    });
    subcategory.plans.forEach((plan, position) => {
      insertPlan.run(
        subcategory.id,
        plan.plan,
        plan.size,
        plan.amountKobo,
        plan.variationAmountKobo,
        plan.serviceId,
        plan.variationCode,
        position,
      );
    });
  }
}

// Apart from the catalog, so a database seeded before variations existed gets them; a
// provider an operator removed is skipped rather than brought back.
function seedVariations(db: DatabaseSync): void {
  const exists = db.prepare("SELECT 1 AS present FROM subcategories WHERE id = ?");
  const insert = db.prepare(
    "INSERT INTO variations (subcategory_id, name, variation_code, amount_kobo, position) VALUES (?, ?, ?, ?, ?)",
  );
  for (const subcategory of subcategorySeeds) {
    if (subcategory.variations.length === 0 || exists.get(subcategory.id) === undefined) {
      continue;
    }
    subcategory.variations.forEach((variation, position) => {
      insert.run(subcategory.id, variation.name, variation.variationCode, variation.amountKobo, position);
    });
  }
}
