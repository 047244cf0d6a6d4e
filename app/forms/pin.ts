import * as z from "zod/mini";
import { isPinFormat, isWeakPin } from "../domain/pin.ts";
import { m } from "../i18n/paraglide/messages.js";
import { password, whenValid } from "./account-fields.ts";
import type { Message } from "./fields.ts";

// The transaction PIN's forms (decision 056): set, change, and set again after
// forgetting it. `phone` is the person's own, whose last four digits are not a PIN.

export const PINS_DIFFER: Message = () => m.valid_pins_mismatch();

/**
 * Four digits; spaces a phone keyboard adds are dropped. Each field says its own words, so a form
 * of two or three PINs does not list one sentence twice in its error summary.
 */
export function pin(requiredMessage: Message, formatMessage: Message) {
  return z.pipe(
    z.transform((value: string | undefined) => (typeof value === "string" ? value.replace(/\s/g, "") : "")),
    z.custom<string>().check(
      z.superRefine((value, context) => {
        if (value === "") context.addIssue({ code: "custom", message: requiredMessage(), input: value });
        else if (!isPinFormat(value)) context.addIssue({ code: "custom", message: formatMessage(), input: value });
      }),
    ),
  );
}

type NewPin = { newPin: string; confirmPin: string };

const newPinChecks = (phone: string) =>
  [
    z.refine<NewPin>((form) => !isWeakPin(form.newPin, phone, new Date().getFullYear()), {
      path: ["newPin"],
      error: () => m.valid_pin_weak(),
      when: whenValid("newPin"),
    }),
    z.refine<NewPin>((form) => form.newPin === form.confirmPin, {
      path: ["confirmPin"],
      error: PINS_DIFFER,
      when: whenValid("newPin", "confirmPin"),
    }),
  ] as const;

export function setPinSchema(phone: string) {
  return z
    .object({
      newPin: pin(m.valid_new_pin_required, m.valid_new_pin_format),
      confirmPin: pin(m.valid_confirm_pin_required, m.valid_confirm_pin_format),
    })
    .check(...newPinChecks(phone));
}

export function changePinSchema(phone: string) {
  return z
    .object({
      currentPin: pin(m.valid_current_pin_required, m.valid_current_pin_format),
      newPin: pin(m.valid_new_pin_required, m.valid_new_pin_format),
      confirmPin: pin(m.valid_confirm_pin_required, m.valid_confirm_pin_format),
    })
    .check(...newPinChecks(phone));
}

export function forgotPinSchema(phone: string) {
  return z
    .object({
      password: password(m.valid_password_required_bang),
      newPin: pin(m.valid_new_pin_required, m.valid_new_pin_format),
      confirmPin: pin(m.valid_confirm_pin_required, m.valid_confirm_pin_format),
    })
    .check(...newPinChecks(phone));
}
