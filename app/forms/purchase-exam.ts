import * as z from "zod/mini";
import { m } from "../i18n/paraglide/messages.js";
import { AMOUNT_REQUIRED } from "./amount.ts";
import { trimmedText } from "./fields.ts";
import { digitsNumber, PROFILE_ID_REQUIRED, providerId, purchasePhone } from "./purchase.ts";

// Each product's form is a module of its own, so a product page's script carries its own
// schema and words, not every product's (decision 082, amended); the rules they share are in
// purchase.ts.

/** An exam without a variant is refused by its empty amount, in the product's own words. */
const variant = trimmedText(100, AMOUNT_REQUIRED);
const profileId = digitsNumber(PROFILE_ID_REQUIRED, m.valid_profile_id_digits);

export const examVerifySchema = z.object({ provider: providerId, variant, profileId });

/** The profile ID matters for JAMB only, where the server requires it verified. */
export const examSchema = z.object({
  phone: purchasePhone,
  variant,
  provider: providerId,
  profileId: z.optional(trimmedText(20)),
});
