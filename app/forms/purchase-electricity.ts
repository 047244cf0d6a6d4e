import * as z from "zod/mini";
import { m } from "../i18n/paraglide/messages.js";
import { type AmountLimits, amountWithin } from "./amount.ts";
import { digitsNumber, providerId, purchasePhone } from "./purchase.ts";

// Each product's form is a module of its own, so a product page's script carries its own
// schema and words, not every product's (decision 082, amended); the rules they share are in
// purchase.ts.

export const MINIMUM_ELECTRICITY_KOBO = 500_00;

// The upstream's limits for an amount the buyer types (decision 075).
export const ELECTRICITY_LIMITS: AmountLimits = { minimumKobo: MINIMUM_ELECTRICITY_KOBO, maximumKobo: 500_000_00 };

export const METER_TYPES = ["prepaid", "postpaid"] as const;
const meterType = z.enum(METER_TYPES, { error: () => m.valid_meter_type_choose() });
const meterNo = digitsNumber(m.valid_meter_required, m.valid_meter_digits);

export const electricityVerifySchema = z.object({ provider: providerId, meterType, meterNo });

/** In the product's order of checks: phone, amount, minimum, provider. */
export const electricitySchema = z.object({
  phone: purchasePhone,
  amount: amountWithin(ELECTRICITY_LIMITS),
  provider: providerId,
  meterType,
  meterNo,
});
