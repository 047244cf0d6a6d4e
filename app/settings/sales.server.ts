import { portalStore } from "../store/database.server.ts";

// What a reseller sold each purchase for (decision 085), by the purchase's transaction
// reference, in kobo: recorded at Confirm, corrected from the receipt, read by the profit book.
// Every read and write names the account, so a reference alone finds no one else's sale.

/** Records (or corrects) what the purchase `reference` sold for; null forgets it. */
export async function recordSale(accountId: number, reference: string, soldForKobo: number | null): Promise<void> {
  const { db } = portalStore();
  if (soldForKobo === null) {
    await db.deleteFrom("sales").where("account_id", "=", accountId).where("reference", "=", reference).execute();
    return;
  }
  const recordedAt = new Date().toISOString();
  await db
    .insertInto("sales")
    .values({ account_id: accountId, reference, sold_for_kobo: soldForKobo, recorded_at: recordedAt })
    .onConflict((conflict) =>
      conflict
        .columns(["account_id", "reference"])
        .doUpdateSet({ sold_for_kobo: soldForKobo, recorded_at: recordedAt }),
    )
    .execute();
}

/** What the purchase `reference` sold for, or null when none was recorded. */
export async function saleOf(accountId: number, reference: string): Promise<number | null> {
  const row = await portalStore()
    .db.selectFrom("sales")
    .select("sold_for_kobo")
    .where("account_id", "=", accountId)
    .where("reference", "=", reference)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.sold_for_kobo);
}

/** Every sale the account recorded since `since` (ISO), by reference. */
export async function salesSince(accountId: number, since: string): Promise<Map<string, number>> {
  const rows = await portalStore()
    .db.selectFrom("sales")
    .select(["reference", "sold_for_kobo"])
    .where("account_id", "=", accountId)
    .where("recorded_at", ">=", since)
    .execute();
  return new Map(rows.map((row) => [row.reference, Number(row.sold_for_kobo)]));
}
