import { type LowBalance, lowBalance } from "../domain/low-balance.ts";
import { errorFields, log } from "../infra/log.server.ts";
import type { SignedIn } from "../session/signed-in.server.ts";
import { portalStore } from "../store/database.server.ts";

// Each account's own small choices (decision 052), in the portal's database: one
// row an account, written the first time the person saves one. For now the low-balance
// warning's threshold, none by default.

/** The account's low-balance threshold in kobo, or null: no warning. */
export async function lowBalanceThreshold(accountId: number): Promise<number | null> {
  const row = await portalStore()
    .db.selectFrom("account_settings")
    .select("low_balance_kobo")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row?.low_balance_kobo ?? null;
}

/** Sets the threshold, or with null turns the warning off. */
export async function saveLowBalanceThreshold(accountId: number, thresholdKobo: number | null): Promise<void> {
  const changedAt = new Date().toISOString();
  await portalStore()
    .db.insertInto("account_settings")
    .values({ account_id: accountId, low_balance_kobo: thresholdKobo, changed_at: changedAt })
    .onConflict((conflict) =>
      conflict.column("account_id").doUpdateSet({ low_balance_kobo: thresholdKobo, changed_at: changedAt }),
    )
    .execute();
}

/**
 * What the dashboard and the product pages warn of for the balance the page shows, or null.
 * A warning is not worth a page: when the database cannot be read, the page goes without it.
 */
export async function lowBalanceWarning({ user, caller }: SignedIn): Promise<LowBalance | null> {
  try {
    return lowBalance(user.profile.walletBalanceKobo, await lowBalanceThreshold(user.id));
  } catch (error) {
    log("warn", "low_balance.unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return null;
  }
}
