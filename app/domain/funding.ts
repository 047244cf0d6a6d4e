// The funding charges, in kobo (decision 016). One module owns each rule.

export const CARD_FUNDING_CHARGE_PERCENT = 1.5;
export const BANK_TRANSFER_CHARGE_PERCENT = 0.85;

/**
 * Card funding: the charge is 1.5 % of the amount rounded down to the whole naira; what
 * the wallet gets is the rest, rounded up to the whole naira. 'You get: amount - charge = total'.
 * Whole naira only (decision 016): with kobo, rounding "You get" up could promise more than
 * the amount itself (₦1.50 would read "You get ₦2.00").
 */
export function cardFunding(amountKobo: number): { amountKobo: number; chargeKobo: number; youGetKobo: number } {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0 || amountKobo % 100 !== 0) {
    throw new RangeError(`amountKobo must be a non-negative whole number of naira in kobo, got ${String(amountKobo)}`);
  }
  // 1.5 % of kobo is amount × 15 / 1000 kobo; whole naira are 100 kobo.
  const chargeKobo = Math.floor((amountKobo * 15) / 1000 / 100) * 100;
  const youGetKobo = Math.ceil((amountKobo - chargeKobo) / 100) * 100;
  return { amountKobo, chargeKobo, youGetKobo };
}

/**
 * Airtime and data paid by card: the amount plus `surchargePercent` (CHECKOUT_SURCHARGE_PERCENT),
 * half-up to the kobo, which is what the card is asked for.
 */
export function cardOrderTotalKobo(amountKobo: number, surchargePercent: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0)
    throw new RangeError(`amountKobo must be a non-negative integer, got ${String(amountKobo)}`);
  if (!Number.isFinite(surchargePercent) || surchargePercent < 0 || surchargePercent > 100) {
    throw new RangeError(`surchargePercent must be between 0 and 100, got ${String(surchargePercent)}`);
  }
  // Basis points keep the percent exact for the 2-decimal values a setting holds (1.5, 0.75).
  const basisPoints = Math.round(surchargePercent * 100);
  return amountKobo + Math.floor((amountKobo * basisPoints * 2 + 10_000) / 20_000);
}
