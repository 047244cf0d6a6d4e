import * as z from "zod/mini";
import { isPinFormat, isWeakPin, PIN_FORMAT_MESSAGE, WEAK_PIN_MESSAGE } from "../domain/pin.ts";
import { password, whenValid } from "./fields.ts";

// The transaction PIN's forms (issue 23, decision 056): set, change, and set again after
// forgetting it. `phone` is the person's own, whose last four digits are not a PIN.

export const PINS_DIFFER = "PINs do not match";

/** Four digits; spaces a phone keyboard adds are dropped. */
export function pin(requiredMessage: string) {
  return z.pipe(
    z.transform((value: string | undefined) => (typeof value === "string" ? value.replace(/\s/g, "") : "")),
    z.custom<string>().check(
      z.superRefine((value, context) => {
        if (value === "") context.addIssue({ code: "custom", message: requiredMessage, input: value });
        else if (!isPinFormat(value)) context.addIssue({ code: "custom", message: PIN_FORMAT_MESSAGE, input: value });
      }),
    ),
  );
}

type NewPin = { newPin: string; confirmPin: string };

const newPinChecks = (phone: string) =>
  [
    z.refine<NewPin>((form) => !isWeakPin(form.newPin, phone), {
      path: ["newPin"],
      message: WEAK_PIN_MESSAGE,
      when: whenValid("newPin"),
    }),
    z.refine<NewPin>((form) => form.newPin === form.confirmPin, {
      path: ["confirmPin"],
      message: PINS_DIFFER,
      when: whenValid("newPin", "confirmPin"),
    }),
  ] as const;

export function setPinSchema(phone: string) {
  return z
    .object({ newPin: pin("New PIN is required!"), confirmPin: pin("Confirm PIN is required!") })
    .check(...newPinChecks(phone));
}

export function changePinSchema(phone: string) {
  return z
    .object({
      currentPin: pin("Current PIN is required!"),
      newPin: pin("New PIN is required!"),
      confirmPin: pin("Confirm PIN is required!"),
    })
    .check(...newPinChecks(phone));
}

export function forgotPinSchema(phone: string) {
  return z
    .object({
      password: password("Password is required!"),
      newPin: pin("New PIN is required!"),
      confirmPin: pin("Confirm PIN is required!"),
    })
    .check(...newPinChecks(phone));
}
