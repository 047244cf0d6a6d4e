import { isSellingProduct } from "../domain/products.ts";
import { type PriceRules, SELLING_PRODUCTS } from "../domain/selling-prices.ts";
import { portalStore } from "../store/database.server.ts";
import { saleOf } from "./sales.server.ts";

// A reseller's shop in the portal's database (decision 085): its name, phone and address for
// the customer copy, and its price per product. One row of details an account, one row a
// product's price; every read names the account, so no account sees another's.

export type ShopDetails = { name: string; phone: string; address: string };

/** The account's shop, or null when it has not named one: the customer copy then shows the portal's name. */
export async function shopDetailsOf(accountId: number): Promise<ShopDetails | null> {
  const row = await portalStore()
    .db.selectFrom("shop_details")
    .select(["name", "phone", "address"])
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row ?? null;
}

/** Names the shop (with its phone and address, "" where not given), or with null forgets it. */
export async function saveShopDetails(accountId: number, details: ShopDetails | null): Promise<void> {
  const { db } = portalStore();
  if (details === null) {
    await db.deleteFrom("shop_details").where("account_id", "=", accountId).execute();
    return;
  }
  const row = { ...details, changed_at: new Date().toISOString() };
  await db
    .insertInto("shop_details")
    .values({ account_id: accountId, ...row })
    .onConflict((conflict) => conflict.column("account_id").doUpdateSet(row))
    .execute();
}

/** The account's price rules, in kobo, for the products it has priced. */
export async function priceRulesOf(accountId: number): Promise<PriceRules> {
  const rows = await portalStore()
    .db.selectFrom("price_rules")
    .select(["product", "amount_kobo"])
    .where("account_id", "=", accountId)
    .execute();
  const rules: PriceRules = {};
  for (const row of rows) if (isSellingProduct(row.product)) rules[row.product] = Number(row.amount_kobo);
  return rules;
}

/** Replaces the account's rules with these: a product left out has no rule. */
export async function savePriceRules(accountId: number, rules: PriceRules): Promise<void> {
  const changedAt = new Date().toISOString();
  await portalStore()
    .db.transaction()
    .execute(async (transaction) => {
      await transaction.deleteFrom("price_rules").where("account_id", "=", accountId).execute();
      const rows = SELLING_PRODUCTS.flatMap((product) => {
        const amount = rules[product];
        return amount === undefined
          ? []
          : [{ account_id: accountId, product, amount_kobo: amount, changed_at: changedAt }];
      });
      if (rows.length > 0) await transaction.insertInto("price_rules").values(rows).execute();
    });
}

/** The account's shop and what the purchase `reference` sold for, for its receipt and customer copy. */
export async function shopSaleOf(
  accountId: number,
  reference: string,
): Promise<{ shop: ShopDetails | null; soldForKobo: number | null }> {
  const [shop, soldForKobo] = await Promise.all([shopDetailsOf(accountId), saleOf(accountId, reference)]);
  return { shop, soldForKobo };
}
