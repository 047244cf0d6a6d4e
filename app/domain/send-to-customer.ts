import { pastedMobile } from "./phone.ts";

// Sending a purchase to the customer's own number (decision 086): a WhatsApp chat opened on
// that number and an SMS for a feature phone, each with the same short text, the token or PIN
// first. Plain links, so they work without JavaScript. The words of the text are the history's
// (app/history/customer-message.ts); the rules here are pure.

/** A line of the short text; `lead` puts it first (a token, an exam card's PIN). */
export type MessageLine = { label: string; value: string; lead?: boolean };

/**
 * The one Nigerian mobile number `text` holds, in international form without "+"
 * ("08031234567" → "2348031234567"), as wa.me wants it; null for none, or for several
 * (an SMS sent to a list is nobody's in particular).
 */
export function customerNumber(text: string): string | null {
  const parts = text.split(/[,;\n]+/).filter((part) => part.trim() !== "");
  if (parts.length !== 1) return null;
  const local = pastedMobile(parts[0] ?? "");
  return local === null ? null : `234${local.slice(1)}`;
}

/** A WhatsApp chat with `number` (international form, no "+"), with `text` ready to send. */
export function whatsAppToHref(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * An SMS to `number` with `text` in it (RFC 5724: the number with "+", the body as a query),
 * which phones from feature phones' browsers to Android and iOS open in their messages app.
 */
export function smsHref(number: string, text: string): string {
  return `sms:+${number}?body=${encodeURIComponent(text)}`;
}

/** The short text: its leading lines (token, PIN) first, then the rest in their order, then who sent it. */
export function shortMessage(lines: readonly MessageLine[], signature: string): string {
  const shown = lines.filter((line) => line.value.trim() !== "");
  const ordered = [...shown.filter((line) => line.lead), ...shown.filter((line) => !line.lead)];
  return [...ordered.map(({ label, value }) => (label ? `${label}: ${value}` : value)), signature]
    .filter((line) => line.trim() !== "")
    .join("\n");
}
