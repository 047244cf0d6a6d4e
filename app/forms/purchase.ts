import * as z from "zod/mini";
import { type Network, withArticle } from "../domain/networks.ts";
import { LOCAL_MOBILE, pastedMobile } from "../domain/phone.ts";
import { m } from "../i18n/paraglide/messages.js";
import { AIRTIME_LIMITS, amountWithin } from "./amount.ts";
import { type Message, PHONE_FORMAT, trimmedText } from "./fields.ts";

// The amount rule lives in amount.ts, so that a form with an amount and no purchase (funding,
// the low-balance warning) does not bring every product's schema to its page (decision 072).
export {
  AIRTIME_LIMITS,
  AMOUNT_REQUIRED,
  amountRange,
  amountTooLow,
  MAXIMUM_AMOUNT_KOBO,
  MINIMUM_AIRTIME_KOBO,
  nairaAmount,
} from "./amount.ts";

// The purchase forms, their messages in the product's own wording where it fixes them (decision 012):
// airtime and data here with the rules every product shares, the others in a module each
// (purchase-sms.ts and the verify-first ones below), so a page carries its own (decision 082, amended).
// The same schemas run in the browser (useValidatedForm) and in the actions, so each message is a
// thunk called when a value is checked (app/forms/fields.ts), in that moment's language.

export const PROVIDER_MESSAGE: Message = () => m.valid_provider_choose();
export const PLAN_MESSAGE: Message = () => m.valid_plan_choose();
export const PROFILE_ID_REQUIRED: Message = () => m.valid_profile_id_required();

// The network taken from the number (decision 028): these words are the portal's own.

/** The hidden field a form sends while its network list shows the number's network, not the person's choice. */
export const NETWORK_FROM_NUMBER = { name: "networkFrom", value: "number" } as const;

/** Beside the network list, when the list shows the number's network and the person has not chosen one. */
export function networkFromNumberHint(provider: string, phone: string): string {
  return m.valid_network_from_number_hint({ provider, phone });
}

/** On the confirmation, when the form's network was left blank. */
export function networkFromNumberNote(provider: string, phone: string): string {
  return m.valid_network_from_number_note({ provider, phone });
}

/** On the confirmation, when the chosen network is not the one the number's prefix belongs to. */
export function portedNumberWarning(phone: string, usual: Network, chosen: Network): string {
  // English's article ("an MTN", "a Glo") is the message's own; the other languages have none.
  const warning = withArticle(usual).startsWith("an ") ? m.valid_ported_warning_an : m.valid_ported_warning_a;
  return warning({ phone, usual, chosen });
}

export const PHONE_REQUIRED: Message = () => m.valid_phone_required_bang();

/**
 * The phone a purchase is for: required, a Nigerian mobile number, sent on as its 11 local
 * digits. A number pasted with spaces or in the 234 form is read as people mean it (decision 028).
 */
export const purchasePhone = z.pipe(
  z.string({ error: PHONE_REQUIRED }).check(z.trim(), z.minLength(1, { error: PHONE_REQUIRED, abort: true })),
  z.pipe(
    z.transform((text: string) => pastedMobile(text) ?? text),
    z.string().check(z.regex(LOCAL_MOBILE, { error: PHONE_FORMAT })),
  ),
);

/** A provider (subcategory) id from the list. */
export const providerId = z.pipe(
  z.string({ error: PROVIDER_MESSAGE }).check(z.regex(/^[1-9]\d{0,9}$/, { error: PROVIDER_MESSAGE })),
  z.transform(Number),
);

export const MINIMUM_DATA_KOBO = 10_00;

export const airtimeSchema = z.object({
  provider: providerId,
  phone: purchasePhone,
  amount: amountWithin(AIRTIME_LIMITS),
});

/** The plan's price is the amount; the server reads it from the plan, never from the form. */
export const dataSchema = z.object({
  provider: providerId,
  plan: trimmedText(100, PLAN_MESSAGE),
  phone: purchasePhone,
});

// Verify-first products (decision 013), each in a module of its own (purchase-cable.ts,
// purchase-electricity.ts, purchase-exam.ts): a schema for Verify (only what the verify call
// needs) and one for Process (the whole form); the server checks the two agree.

/** A smart card, meter or profile number: digits only, as the biller issues them. */
export function digitsNumber(required: Message, format: Message) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required, abort: true }), z.regex(/^\d{6,20}$/, { error: format }));
}

/** Process without a verification that names this provider and number (message functions: call them). */
export const VERIFY_FIRST = {
  cable: m.valid_verify_first_cable,
  electricity: m.valid_verify_first_electricity,
  exam: m.valid_verify_first_exam,
} as const;

/** A provider chosen after a successful Verify: the verification is gone (decision 013), and why. Call them. */
export const VERIFY_AGAIN = {
  cable: m.valid_verify_again_cable,
  electricity: m.valid_verify_again_electricity,
  exam: m.valid_verify_again_exam,
} as const;
