import * as z from "zod/mini";
import {
  countSms,
  normaliseMessage,
  parseRecipients,
  SENDER_ID_MAX_LENGTH,
  SMS_MAX_LENGTH,
  SMS_MAX_RECIPIENTS,
} from "../domain/sms.ts";
import { m } from "../i18n/paraglide/messages.js";
import { fail } from "./amount.ts";
import { PHONE_REQUIRED } from "./purchase.ts";

// Each product's form is a module of its own, so a product page's script carries its own
// schema and words, not every product's (decision 082, amended); the rules they share are in
// purchase.ts.

export const smsSchema = z.object({
  sender: z
    .string({ error: () => m.valid_sender_required() })
    .check(
      z.trim(),
      z.minLength(1, { error: () => m.valid_sender_required(), abort: true }),
      z.maxLength(SENDER_ID_MAX_LENGTH, { error: () => m.valid_sender_too_long({ max: SENDER_ID_MAX_LENGTH }) }),
    ),
  phones: z.pipe(
    z.string({ error: PHONE_REQUIRED }),
    z.transform((text: string, context) => {
      const { valid, invalid } = parseRecipients(text);
      if (invalid.length > 0) {
        return fail(context, m.valid_sms_numbers_invalid({ count: invalid.length, numbers: invalid.join(", ") }));
      }
      if (valid.length === 0) return fail(context, PHONE_REQUIRED());
      if (valid.length > SMS_MAX_RECIPIENTS) {
        return fail(context, m.valid_sms_too_many({ max: SMS_MAX_RECIPIENTS.toLocaleString("en-NG") }));
      }
      return valid;
    }),
  ),
  message: z
    .pipe(
      z.string({ error: () => m.valid_message_required() }),
      z.transform((text: string) => normaliseMessage(text)),
    )
    .check(
      z.refine((message: string) => message.trim() !== "", { error: () => m.valid_message_required() }),
      z.refine((message: string) => countSms(message).length <= SMS_MAX_LENGTH, {
        error: () => m.valid_message_too_long({ max: SMS_MAX_LENGTH }),
      }),
    ),
});
