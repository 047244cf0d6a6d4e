import * as z from "zod/mini";
import { m } from "../i18n/paraglide/messages.js";

// Field rules shared by several forms, in Zod's small API (decision 037). Empty inputs are
// read as missing (parseForm), so the "required" message is the one for a missing value; a
// value of spaces gets it too.
//
// Every message is a thunk (a Paraglide message function, or one that calls it), called when
// a value is checked, never when a schema is built: the schemas are module constants shared
// by every request on the server and by the browser, and the message must be in the language
// of the request (getLocale(): the request's on the server, <html lang> in the browser).

/** A message said when a check fails, in the language of that moment. */
export type Message = () => string;

/** Any text field's limit. */
export const tooLong =
  (max: number): Message =>
  () =>
    m.valid_too_long({ max });

/**
 * Text trimmed and at most `max` characters; with `required`, that message for a value that
 * is missing or only spaces. Without it, wrap the field in z.optional.
 */
export function trimmedText(max: number, required?: Message) {
  const text = z.string(required === undefined ? undefined : { error: required });
  const longest = z.maxLength(max, { error: tooLong(max) });
  return required === undefined
    ? text.check(z.trim(), longest)
    : text.check(z.trim(), z.minLength(1, { error: required }), longest);
}

export const PHONE_FORMAT: Message = () => m.valid_phone_format();
