import * as z from "zod/mini";
import { formatNaira, parseTypedNaira } from "../domain/money.ts";
import { type Network, withArticle } from "../domain/networks.ts";
import { LOCAL_MOBILE, pastedMobile } from "../domain/phone.ts";
import {
  countSms,
  normaliseMessage,
  parseRecipients,
  SENDER_ID_MAX_LENGTH,
  SMS_MAX_LENGTH,
  SMS_MAX_RECIPIENTS,
} from "../domain/sms.ts";
import { PHONE_FORMAT, trimmedText } from "./fields.ts";

// The purchase forms of SPEC.md §2, messages verbatim from SPEC.md §5 where it gives them.
// The same schemas run in the browser (Conform) and in the actions.

export const PROVIDER_MESSAGE = "Select a provider from the list";
export const PLAN_MESSAGE = "Select a plan from the list";
export const AMOUNT_REQUIRED = "Amount is required!";
export const PROFILE_ID_REQUIRED = "Profile ID is required";

// The network taken from the number (decision 028); SPEC.md is silent, so these are ours.

/** The hidden field a form sends while its network list shows the number's network, not the person's choice. */
export const NETWORK_FROM_NUMBER = { name: "networkFrom", value: "number" } as const;

/** Beside the network list, when the list shows the number's network and the person has not chosen one. */
export function networkFromNumberHint(provider: string, phone: string): string {
  return `${provider}, from the number ${phone}. If the number was ported to another network, choose that network.`;
}

/** On the confirmation, when the form's network was left blank. */
export function networkFromNumberNote(provider: string, phone: string): string {
  return `No network was chosen, so ${provider} was taken from the number ${phone}. If the number was ported, press Change and choose its network.`;
}

/** On the confirmation, when the chosen network is not the one the number's prefix belongs to. */
export function portedNumberWarning(phone: string, usual: Network, chosen: Network): string {
  return `${phone} is usually ${withArticle(usual)} number. Confirm only if it was ported to ${chosen}.`;
}

/**
 * The phone a purchase is for: required, a Nigerian mobile number, sent on as its 11 local
 * digits. A number pasted with spaces or in the 234 form is read as people mean it (decision 028).
 */
export const purchasePhone = z.pipe(
  z
    .string({ error: "Phone number is required!" })
    .check(z.trim(), z.minLength(1, { error: "Phone number is required!", abort: true })),
  z.pipe(
    z.transform((text: string) => pastedMobile(text) ?? text),
    z.string().check(z.regex(LOCAL_MOBILE, PHONE_FORMAT)),
  ),
);

/** A provider (subcategory) id from the list. */
export const providerId = z.pipe(
  z.string({ error: PROVIDER_MESSAGE }).check(z.regex(/^[1-9]\d{0,9}$/, PROVIDER_MESSAGE)),
  z.transform(Number),
);

/** Records `message` as the field's only issue, from inside a transform. */
function fail(context: z.core.ParsePayload, message: string): never {
  context.issues.push({ code: "custom", message, input: context.value });
  return z.NEVER;
}

/**
 * The most any form amount may be: ₦100,000,000. Far above any single bill or top-up, and
 * low enough that every charge, surcharge and total built on it stays exact in double
 * arithmetic (amount × 10,000 basis points × 2 is below 2^53).
 */
export const MAXIMUM_AMOUNT_KOBO = 100_000_000_00;

/** SPEC.md §5's message for an amount below a minimum. */
export function amountTooLow(minimumKobo: number): string {
  return `Amount can not be less than ${formatNaira(minimumKobo, { decimals: 0 })}`;
}

/**
 * Naira as people type it ("500", "1,500", "₦2,000.50"), into kobo, at least `minimumKobo`
 * and at most `maximumKobo`. SPEC.md §5's messages for an empty value and for one below the
 * minimum; the maximum's message follows the minimum's wording.
 */
export function nairaAmount(minimumKobo: number, maximumKobo = MAXIMUM_AMOUNT_KOBO) {
  const tooLow = amountTooLow(minimumKobo);
  const tooHigh = `Amount can not be more than ${formatNaira(maximumKobo, { decimals: 0 })}`;
  return z
    .pipe(
      z.string({ error: AMOUNT_REQUIRED }).check(z.trim()),
      z.transform((value: string, context) => {
        if (value === "") return fail(context, AMOUNT_REQUIRED);
        return parseTypedNaira(value) ?? fail(context, "Enter the amount in naira, e.g. 500");
      }),
    )
    .check(
      z.refine((kobo: number) => kobo >= minimumKobo, tooLow),
      z.refine((kobo: number) => kobo <= maximumKobo, tooHigh),
    );
}

export const MINIMUM_AIRTIME_KOBO = 100_00;
export const MINIMUM_DATA_KOBO = 10_00;

export const airtimeSchema = z.object({
  provider: providerId,
  phone: purchasePhone,
  amount: nairaAmount(MINIMUM_AIRTIME_KOBO),
});

/** The plan's price is the amount; the server reads it from the plan, never from the form. */
export const dataSchema = z.object({
  provider: providerId,
  plan: trimmedText(100, PLAN_MESSAGE),
  phone: purchasePhone,
});

export const smsSchema = z.object({
  sender: z
    .string({ error: "Sender ID is required!" })
    .check(
      z.trim(),
      z.minLength(1, { error: "Sender ID is required!", abort: true }),
      z.maxLength(SENDER_ID_MAX_LENGTH, `Sender ID can not be more than ${SENDER_ID_MAX_LENGTH} characters`),
    ),
  phones: z.pipe(
    z.string({ error: "Phone number is required!" }),
    z.transform((text: string, context) => {
      const { valid, invalid } = parseRecipients(text);
      if (invalid.length > 0) {
        return fail(
          context,
          `${invalid.length === 1 ? "This number is" : "These numbers are"} not valid: ${invalid.join(", ")}. Use numbers like 08012345678 or 2348012345678, without +.`,
        );
      }
      if (valid.length === 0) return fail(context, "Phone number is required!");
      if (valid.length > SMS_MAX_RECIPIENTS) {
        return fail(context, `Send to at most ${SMS_MAX_RECIPIENTS.toLocaleString("en-NG")} numbers at a time`);
      }
      return valid;
    }),
  ),
  message: z
    .pipe(
      z.string({ error: "Message is required!" }),
      z.transform((text: string) => normaliseMessage(text)),
    )
    .check(
      z.refine((message: string) => message.trim() !== "", "Message is required!"),
      z.refine(
        (message: string) => countSms(message).length <= SMS_MAX_LENGTH,
        `Message can not be more than ${SMS_MAX_LENGTH} characters`,
      ),
    ),
});

// Verify-first products (issue 6). Each has a schema for Verify (only what the verify call
// needs) and one for Process (the whole form); the server checks the two agree.

/** A smart card, meter or profile number: digits only (SPEC.md §5), as the biller issues them. */
function digitsNumber(required: string, format: string) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required, abort: true }), z.regex(/^\d{6,20}$/, format));
}

export const MINIMUM_CABLE_KOBO = 100_00;
export const MINIMUM_ELECTRICITY_KOBO = 500_00;

const smartNo = digitsNumber("Smart/IUC number required", "Enter the Smart/IUC number as digits only, e.g. 1212121212");

export const cableVerifySchema = z.object({ provider: providerId, smartNo });

/** The plan is required except for StarTimes, which can be paid by amount alone. */
export const cableSchema = z.object({
  provider: providerId,
  smartNo,
  plan: z.optional(trimmedText(100)),
  phone: purchasePhone,
  amount: z.optional(nairaAmount(MINIMUM_CABLE_KOBO)),
});

export const METER_TYPES = ["prepaid", "postpaid"] as const;
const meterType = z.enum(METER_TYPES, { error: "Select a meter type to continue" });
const meterNo = digitsNumber("Meter Number is required", "Enter the meter number as digits only");

export const electricityVerifySchema = z.object({ provider: providerId, meterType, meterNo });

/** In SPEC.md §5's order of checks: phone, amount, minimum, provider. */
export const electricitySchema = z.object({
  phone: purchasePhone,
  amount: nairaAmount(MINIMUM_ELECTRICITY_KOBO),
  provider: providerId,
  meterType,
  meterNo,
});

/** SPEC.md §5 names an exam without a variant by its empty amount. */
const variant = trimmedText(100, AMOUNT_REQUIRED);
const profileId = digitsNumber(PROFILE_ID_REQUIRED, "Enter the Profile ID as digits only");

export const examVerifySchema = z.object({ provider: providerId, variant, profileId });

/** The profile ID matters for JAMB only, where the server requires it verified. */
export const examSchema = z.object({
  phone: purchasePhone,
  variant,
  provider: providerId,
  profileId: z.optional(trimmedText(20)),
});

/** Process without a verification that names this provider and number. */
export const VERIFY_FIRST = {
  cable: "Verify the Smart/IUC number first",
  electricity: "Verify the meter number first",
  exam: "Verify the Profile ID first",
} as const;

/** A provider chosen after a successful Verify: the verification is gone (SPEC.md §4), and why. */
export const VERIFY_AGAIN = {
  cable: "You changed the provider, so verify the Smart/IUC number again.",
  electricity: "You changed the provider, so verify the meter number again.",
  exam: "You changed the exam, so verify the Profile ID again.",
} as const;
