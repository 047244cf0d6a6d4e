import { formatNaira } from "./money.ts";

// The low-balance warning (decision 052): a threshold the person sets in Profile, none by
// default; below it the dashboard and every product page say so, with Fund Wallet.

/** ₦1: a warning below nothing would never show. */
export const LOWEST_THRESHOLD_KOBO = 1_00;
/** ₦10,000,000: far above any wallet a warning is for, and within a 32-bit column. */
export const HIGHEST_THRESHOLD_KOBO = 10_000_000_00;

export type LowBalance = { balance: string; threshold: string };

/** What the warning says, or null when there is nothing to warn of: no threshold, or at or above it. */
export function lowBalance(balanceKobo: number, thresholdKobo: number | null): LowBalance | null {
  if (thresholdKobo === null || balanceKobo >= thresholdKobo) return null;
  return { balance: formatNaira(balanceKobo), threshold: formatNaira(thresholdKobo) };
}
