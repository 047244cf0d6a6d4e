import type { DatabaseSync } from "node:sqlite";
import { findProvider } from "./catalog.ts";
import type { Provider, UserLevel } from "./catalog.ts";
import { isPhoneNo, phoneMessage, textField } from "./input.ts";
import type { JsonObject } from "./input.ts";
import { nairaToKobo } from "./money.ts";
import type { Checked } from "./purchases.ts";

// The fields calls 19, 23 and 39 share, each checked with one plain message (CONTRACT.md's
// business envelope carries one).

export const categoryIds = { data: 1, airtime: 2, sms: 11 } as const;
type Sold = keyof typeof categoryIds;

const soldNames: Readonly<Record<Sold, string>> = { data: "data", airtime: "airtime", sms: "bulk SMS" };

// A form sends the id as text, a client built on the list sends the number; both are read.
export function providerField(db: DatabaseSync, level: UserLevel, sold: Sold, body: JsonObject): Checked<Provider> {
  const value = body["subcategory_id"];
  if (value === undefined || value === null || value === "") {
    return { error: "Select a provider from the list." };
  }
  const id = typeof value === "number" ? value : typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  const provider = Number.isSafeInteger(id) ? findProvider(db, level, categoryIds[sold], id) : undefined;
  return provider === undefined
    ? { error: `That is not one of our ${soldNames[sold]} providers. Select a provider from the list.` }
    : { value: provider };
}

// Digits as text: a JSON number would already have lost the leading 0.
export function phoneField(body: JsonObject, key: string): Checked<string> {
  const phone = textField(body, key);
  if (phone.state === "missing") {
    return { error: "Phone number is required." };
  }
  return phone.state === "present" && isPhoneNo(phone.value) ? { value: phone.value } : { error: phoneMessage };
}

export function amountField(body: JsonObject): Checked<number> {
  const value = body["amount"];
  if (value === undefined || value === null || value === "") {
    return { error: "Amount is required." };
  }
  const kobo = nairaToKobo(value);
  return kobo === undefined
    ? { error: "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50." }
    : { value: kobo };
}

// Echoed input is cut short: a pasted page of text does not belong in an error message.
export function quoted(text: string, most = 20): string {
  return `"${text.length > most ? `${text.slice(0, most)}…` : text}"`;
}
