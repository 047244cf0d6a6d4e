import type { DatabaseSync } from "node:sqlite";
import { integerColumn, textColumn } from "../store/rows.ts";
import type { DataPlanSeed, SubcategorySeed, VariationSeed } from "../seed/catalog.ts";
import type { SitePages } from "../seed/pages.ts";

export type UserLevel = 0 | 1 | 2 | 3;

// A plan reads back exactly as it was seeded.
export type DataPlan = DataPlanSeed;
export type Variation = VariationSeed;

// A provider as one level sees it: the seed's four discounts become that level's one.
export type Provider = Omit<SubcategorySeed, "discounts" | "plans" | "variations"> & {
  readonly discountBasisPoints: number;
  readonly plans: readonly DataPlan[];
  readonly variations: readonly Variation[];
};

export function readSitePages(db: DatabaseSync): SitePages | undefined {
  const row = db
    .prepare("SELECT about, contact, social, whatsapp_phone, faq, privacy, terms FROM site_pages WHERE id = 1")
    .get();
  if (row === undefined) {
    return undefined;
  }
  return {
    about: textColumn(row, "about"),
    contact: textColumn(row, "contact"),
    social: textColumn(row, "social"),
    whatsapp_phone: textColumn(row, "whatsapp_phone"),
    faq: textColumn(row, "faq"),
    privacy: textColumn(row, "privacy"),
    terms: textColumn(row, "terms"),
  };
}

type KeptCatalog = { dataVersion: number; byLevel: Map<UserLevel, readonly Provider[]> };

const keptCatalogs = new WeakMap<DatabaseSync, KeptCatalog>();

/** SQLite's count of commits made by other connections: the file changed under this one. */
function dataVersion(db: DatabaseSync): number {
  return integerColumn(db.prepare("PRAGMA data_version").get() ?? {}, "data_version");
}

/**
 * Every provider as one level sees it, read once and kept: only the seed writes the catalog,
 * yet each purchase page asks for it once per provider. Kept until another connection (an
 * operator's sqlite3, a test) commits to the file.
 */
export function listProviders(db: DatabaseSync, level: UserLevel): readonly Provider[] {
  const version = dataVersion(db);
  let kept = keptCatalogs.get(db);
  if (kept?.dataVersion !== version) {
    kept = { dataVersion: version, byLevel: new Map() };
    keptCatalogs.set(db, kept);
  }
  const known = kept.byLevel.get(level);
  if (known) return known;
  const providers = readProviders(db, level);
  kept.byLevel.set(level, providers);
  return providers;
}

/** After the seed writes the catalog on this connection, which data_version does not count. */
export function forgetCatalog(db: DatabaseSync): void {
  keptCatalogs.delete(db);
}

// Discounts are per level, so the caller's level picks the column; a provider without a
// row for that level sells at no discount rather than disappearing from the list.
function readProviders(db: DatabaseSync, level: UserLevel): readonly Provider[] {
  const plansBySubcategory = new Map<number, DataPlan[]>();
  const planRows = db
    .prepare(
      `SELECT subcategory_id, plan, size, amount_kobo, variation_amount_kobo, service_id, variation_code
       FROM data_plans
       ORDER BY subcategory_id, position, id`,
    )
    .all();
  for (const row of planRows) {
    const subcategoryId = integerColumn(row, "subcategory_id");
    const plans = plansBySubcategory.get(subcategoryId) ?? [];
    plans.push({
      plan: textColumn(row, "plan"),
      size: textColumn(row, "size"),
      amountKobo: integerColumn(row, "amount_kobo"),
      variationAmountKobo: integerColumn(row, "variation_amount_kobo"),
      serviceId: textColumn(row, "service_id"),
      variationCode: textColumn(row, "variation_code"),
    });
    plansBySubcategory.set(subcategoryId, plans);
  }
  const variationsBySubcategory = new Map<number, Variation[]>();
  const variationRows = db
    .prepare(
      "SELECT subcategory_id, name, variation_code, amount_kobo FROM variations ORDER BY subcategory_id, position, id",
    )
    .all();
  for (const row of variationRows) {
    const subcategoryId = integerColumn(row, "subcategory_id");
    const list = variationsBySubcategory.get(subcategoryId) ?? [];
    list.push({
      name: textColumn(row, "name"),
      variationCode: textColumn(row, "variation_code"),
      amountKobo: integerColumn(row, "amount_kobo"),
    });
    variationsBySubcategory.set(subcategoryId, list);
  }

  return db
    .prepare(
      `SELECT s.id, s.key, s.title, s.image, s.category_id, s.description, s.service_id, s.price_list,
              COALESCE(d.basis_points, 0) AS basis_points
       FROM subcategories s
       LEFT JOIN subcategory_discounts d ON d.subcategory_id = s.id AND d.level = ?
       ORDER BY s.id`,
    )
    .all(level)
    .map((row) => {
      const id = integerColumn(row, "id");
      return {
        id,
        key: textColumn(row, "key"),
        title: textColumn(row, "title"),
        image: textColumn(row, "image"),
        categoryId: integerColumn(row, "category_id"),
        description: textColumn(row, "description"),
        serviceId: textColumn(row, "service_id"),
        priceList: textColumn(row, "price_list") === "plans" ? "plans" : "discount",
        discountBasisPoints: integerColumn(row, "basis_points"),
        plans: plansBySubcategory.get(id) ?? [],
        variations: variationsBySubcategory.get(id) ?? [],
      };
    });
}

// One provider of one category as the caller's level sees it; another category's id is as
// unknown as a missing one, so an airtime call never sells a data provider.
export function findProvider(db: DatabaseSync, level: UserLevel, categoryId: number, id: number): Provider | undefined {
  return listProviders(db, level).find((provider) => provider.id === id && provider.categoryId === categoryId);
}

// A provider title as a path or a body names it: the upstream compares titles without regard
// to case, so "dstv" and "DSTV" are one provider.
export function sameTitle(given: string, title: string): boolean {
  return given.trim().toLowerCase() === title.toLowerCase();
}

export function findProviderByTitle(
  db: DatabaseSync,
  level: UserLevel,
  categoryId: number,
  title: string,
): Provider | undefined {
  return listCategory(db, level, categoryId).find((provider) => sameTitle(title, provider.title));
}

export function listCategory(db: DatabaseSync, level: UserLevel, categoryId: number): readonly Provider[] {
  return listProviders(db, level).filter((provider) => provider.categoryId === categoryId);
}

// The seed's labels ("1GB - 30 days") read well under a provider's heading; a plan list
// and a receipt show them on their own, so the provider leads: "MTN 1GB - 30 days".
export function dataPlanLabel(provider: Pick<Provider, "title">, plan: Pick<DataPlan, "plan">): string {
  return `${provider.title} ${plan.plan}`;
}

// JAMB's PIN types are named without the board ("UTME PIN (with mock)"), the others with it
// ("WAEC Result Checker PIN"); a transaction row or message shows the board either way.
export function variationLabel(provider: Pick<Provider, "title">, variation: Pick<Variation, "name">): string {
  return variation.name.toLowerCase().startsWith(provider.title.toLowerCase())
    ? variation.name
    : `${provider.title} ${variation.name}`;
}
