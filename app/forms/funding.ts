import * as z from "zod/mini";
import { requiredText } from "./fields.ts";
import { nairaAmount } from "./purchase.ts";

// The fund wallet page's forms, told apart by `intent`; messages verbatim from SPEC.md §5.

export const MINIMUM_CARD_FUNDING_KOBO = 100_00;

/**
 * In whole naira: the charge is rounded down and 'You get' up to the naira (SPEC.md §9), so
 * kobo would promise more than the wallet is credited (decision 016).
 */
export const cardFundingSchema = z.object({
  // One message at a time: an amount below the minimum is told only that.
  amount: nairaAmount(MINIMUM_CARD_FUNDING_KOBO).check(
    z.refine(
      (kobo: number) => kobo < MINIMUM_CARD_FUNDING_KOBO || kobo % 100 === 0,
      "Enter the amount in whole naira, e.g. 1000",
    ),
  ),
});

export const RESERVED_ACCOUNT_PROVIDERS = ["sterling", "wema"] as const;
export const reservedAccountSchema = z.object({ provider: z.enum(RESERVED_ACCOUNT_PROVIDERS) });

export const manualPaymentSchema = z.object({
  paymentName: requiredText("Payment Name is required!", 100),
  amount: nairaAmount(MINIMUM_CARD_FUNDING_KOBO),
  bankName: requiredText("Bank Name is required!", 100),
  paymentType: requiredText("Payment Type is required!", 50),
});
