import * as z from "zod/mini";
import { m } from "../i18n/paraglide/messages.js";
import { type AmountLimits, amountWithin } from "./amount.ts";
import { trimmedText } from "./fields.ts";
import { digitsNumber, providerId, purchasePhone } from "./purchase.ts";

// Each product's form is a module of its own, so a product page's script carries its own
// schema and words, not every product's (decision 082, amended); the rules they share are in
// purchase.ts.

export const MINIMUM_CABLE_KOBO = 100_00;

// The upstream's limits for an amount the buyer types (decision 075): a cable top-up without a plan.
export const CABLE_LIMITS: AmountLimits = { minimumKobo: MINIMUM_CABLE_KOBO, maximumKobo: 50_000_00 };

const smartNo = digitsNumber(m.valid_smart_card_required, m.valid_smart_card_digits);

export const cableVerifySchema = z.object({ provider: providerId, smartNo });

/** The plan is required except for StarTimes, which can be paid by amount alone. */
export const cableSchema = z.object({
  provider: providerId,
  smartNo,
  plan: z.optional(trimmedText(100)),
  phone: purchasePhone,
  amount: z.optional(amountWithin(CABLE_LIMITS)),
});
