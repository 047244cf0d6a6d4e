import * as z from "zod/mini";
import { formatNaira, parseTypedNaira } from "../domain/money.ts";
import { m } from "../i18n/paraglide/messages.js";
import type { Message } from "./fields.ts";

// Amounts in naira as every form with one checks them: purchases, bulk, funding and the
// low-balance warning. Apart from the purchase schemas (purchase.ts) so that a page with an
// amount and no purchase loads only this (decision 072).

export const AMOUNT_REQUIRED: Message = () => m.valid_amount_required();

export const MINIMUM_AIRTIME_KOBO = 100_00;

/**
 * The most one airtime purchase may be. The upstream refuses more only after the PIN, so the
 * form says so at Process and as it is typed (decision 075).
 */
export const MAXIMUM_AIRTIME_KOBO = 50_000_00;

/** A product's lowest and highest amount, as a form checks it and as its hint says it. */
export type AmountLimits = { readonly minimumKobo: number; readonly maximumKobo: number };

export const AIRTIME_LIMITS: AmountLimits = { minimumKobo: MINIMUM_AIRTIME_KOBO, maximumKobo: MAXIMUM_AIRTIME_KOBO };

/** The hint beside an amount: "₦100 to ₦50,000". */
export function amountRange({ minimumKobo, maximumKobo }: AmountLimits): string {
  return m.buy_amount_range({
    minimum: formatNaira(minimumKobo, { decimals: 0 }),
    maximum: formatNaira(maximumKobo, { decimals: 0 }),
  });
}

/** Records `message` as the field's only issue, from inside a transform. */
export function fail(context: z.core.ParsePayload, message: string): never {
  context.issues.push({ code: "custom", message, input: context.value });
  return z.NEVER;
}

/**
 * The most any form amount may be: ₦100,000,000. Far above any single bill or top-up, and
 * low enough that every charge, surcharge and total built on it stays exact in double
 * arithmetic (amount × 10,000 basis points × 2 is below 2^53).
 */
export const MAXIMUM_AMOUNT_KOBO = 100_000_000_00;

/** The product's fixed message for an amount below a minimum ("Amount can not be less than ₦100"). */
export function amountTooLow(minimumKobo: number): string {
  return m.valid_amount_too_low({ amount: formatNaira(minimumKobo, { decimals: 0 }) });
}

/**
 * Naira as people type it ("500", "1,500", "₦2,000.50"), into kobo, at least `minimumKobo`
 * and at most `maximumKobo`. The product's fixed messages for an empty value and for one below the
 * minimum; the maximum's message follows the minimum's wording.
 */
export function nairaAmount(minimumKobo: number, maximumKobo = MAXIMUM_AMOUNT_KOBO) {
  const tooLow = () => amountTooLow(minimumKobo);
  const tooHigh = () => m.valid_amount_too_high({ amount: formatNaira(maximumKobo, { decimals: 0 }) });
  return z
    .pipe(
      z.string({ error: AMOUNT_REQUIRED }).check(z.trim()),
      z.transform((value: string, context) => {
        if (value === "") return fail(context, AMOUNT_REQUIRED());
        return parseTypedNaira(value) ?? fail(context, m.valid_amount_naira());
      }),
    )
    .check(
      z.refine((kobo: number) => kobo >= minimumKobo, { error: tooLow }),
      z.refine((kobo: number) => kobo <= maximumKobo, { error: tooHigh }),
    );
}

/** `nairaAmount` within a product's limits. */
export function amountWithin({ minimumKobo, maximumKobo }: AmountLimits) {
  return nairaAmount(minimumKobo, maximumKobo);
}
