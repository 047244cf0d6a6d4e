import type { DatabaseSync } from "node:sqlite";
import { findProvider, sameTitle } from "./catalog.ts";
import type { Provider, UserLevel } from "./catalog.ts";
import { isPhoneNo, phoneMessage, textField } from "./input.ts";
import type { JsonObject } from "./input.ts";
import { nairaText, nairaToKobo } from "./money.ts";
import type { Checked } from "./purchases.ts";

// The fields the purchase calls share, each checked with one plain message (CONTRACT.md's
// business envelope carries one).

export const categoryIds = { data: 1, airtime: 2, cable: 3, electricity: 4, exam: 6, sms: 11 } as const;
export type Sold = keyof typeof categoryIds;

const soldNames: Readonly<Record<Sold, string>> = {
  data: "data",
  airtime: "airtime",
  cable: "cable TV",
  electricity: "electricity",
  exam: "exam",
  sms: "bulk SMS",
};

export function providerField(db: DatabaseSync, level: UserLevel, sold: Sold, body: JsonObject): Checked<Provider> {
  return soldProvider(db, level, sold, body["subcategory_id"]);
}

// A form sends the id as text, a client built on the list sends the number, and a verify
// call has it in its path; all three are read.
export function soldProvider(db: DatabaseSync, level: UserLevel, sold: Sold, value: unknown): Checked<Provider> {
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

export function priceChangedMessage(priceKobo: number): string {
  return `The price of this plan has changed: it is now ${nairaText(priceKobo)}. Please choose it again.`;
}

// CONTRACT.md has the cable and exam calls name the provider twice, by id and by title; a
// request whose two disagree is refused rather than guessed at.
export function titleField(body: JsonObject, key: string, provider: Provider): Checked<string> {
  const given = textField(body, key);
  return given.state === "present" ? titleMatch(given.value, provider) : { error: titleMismatch(undefined, provider) };
}

export function titleMatch(given: string, provider: Provider): Checked<string> {
  return sameTitle(given, provider.title) ? { value: provider.title } : { error: titleMismatch(given, provider) };
}

function titleMismatch(given: string | undefined, provider: Provider): string {
  const shown = given === undefined ? "" : ` ${quoted(given)}`;
  return `The provider title${shown} does not match ${provider.title}. Select the provider again.`;
}
