import * as z from "zod/mini";
import { m } from "../i18n/paraglide/messages.js";
import { requiredText } from "./account-fields.ts";
import { nairaAmount } from "./amount.ts";

// The fund wallet page's forms, told apart by `intent`; messages in the product's own wording.

export const MINIMUM_CARD_FUNDING_KOBO = 100_00;

/**
 * In whole naira: the charge is rounded down and 'You get' up to the naira (decision 016), so
 * kobo would promise more than the wallet is credited (decision 016).
 */
export const cardFundingSchema = z.object({
  // One message at a time: an amount below the minimum is told only that.
  amount: nairaAmount(MINIMUM_CARD_FUNDING_KOBO).check(
    z.refine((kobo: number) => kobo < MINIMUM_CARD_FUNDING_KOBO || kobo % 100 === 0, {
      error: () => m.valid_whole_naira(),
    }),
  ),
});

export const RESERVED_ACCOUNT_PROVIDERS = ["sterling", "wema"] as const;
export const reservedAccountSchema = z.object({ provider: z.enum(RESERVED_ACCOUNT_PROVIDERS) });

export const manualPaymentSchema = z.object({
  paymentName: requiredText(m.valid_payment_name_required, 100),
  amount: nairaAmount(MINIMUM_CARD_FUNDING_KOBO),
  bankName: requiredText(m.valid_bank_name_required, 100),
  paymentType: requiredText(m.valid_payment_type_required, 50),
});
