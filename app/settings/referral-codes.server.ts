import { randomInt } from "node:crypto";
import { REFERRAL_CODE_LENGTH, REFERRAL_CODE_LETTERS, referralCodeIn } from "../domain/referral.ts";
import { portalStore } from "../store/database.server.ts";

// Invitation codes (decision 081): one an account, made the first time its Profile is shown
// and kept, so a link already passed on keeps working.

function newCode(): string {
  return Array.from(
    { length: REFERRAL_CODE_LENGTH },
    () => REFERRAL_CODE_LETTERS[randomInt(REFERRAL_CODE_LETTERS.length)],
  ).join("");
}

/** The account's invitation code, made and kept on first use; `username` is what the upstream knows it by. */
export async function referralCodeFor(accountId: number, username: string): Promise<string> {
  const { db } = portalStore();
  const kept = await db
    .selectFrom("referral_codes")
    .select("code")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (kept) return kept.code;
  // Two first visits at once each try a code; whichever lands first is the account's. A code
  // already another account's (one chance in billions) is tried again with a new one.
  for (let tries = 0; tries < 5; tries += 1) {
    await db
      .insertInto("referral_codes")
      .values({ account_id: accountId, code: newCode(), username, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const row = await db
      .selectFrom("referral_codes")
      .select("code")
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error(`no invitation code could be kept for account ${accountId}`);
}

/**
 * What a registration passes on as `referred_by` for the Referral field as typed: the
 * username behind a known invitation code, else the text itself (a name or an e-mail typed
 * by hand goes on as before).
 */
export async function referrerNamed(referral: string): Promise<string> {
  const code = referralCodeIn(referral);
  if (code === null) return referral;
  const row = await portalStore()
    .db.selectFrom("referral_codes")
    .select("username")
    .where("code", "=", code)
    .executeTakeFirst();
  return row?.username ?? referral;
}
