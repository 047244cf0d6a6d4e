import type { DatabaseSync } from "node:sqlite";
import { findProvider, findProviderByTitle, sameTitle } from "./catalog.ts";
import type { Provider, UserLevel } from "./catalog.ts";
import { field, requiredAlone } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { nairaText } from "../money/money.ts";
import { json, statusMessage } from "../http/responses.ts";
import { toWireVariation } from "../http/wire.ts";

// The fields the purchase calls share, each checked with one plain message (the refusal
// envelope carries one), and the provider lookups their list calls share.

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
  const id =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d{1,9}$/.test(value.trim())
        ? Number(value)
        : NaN;
  const provider = Number.isSafeInteger(id) ? findProvider(db, level, categoryIds[sold], id) : undefined;
  return provider === undefined
    ? { error: `That is not one of our ${soldNames[sold]} providers. Select a provider from the list.` }
    : { value: provider };
}

// Calls 18 and 22 name the provider by the id in their path: up to nine digits with no
// leading zero; anything else names no provider.
const pathIdPattern = /^[1-9]\d{0,8}$/;

export function providerInPath(
  db: DatabaseSync,
  level: UserLevel,
  sold: Sold,
  text: string | undefined,
): Provider | undefined {
  const id = text ?? "";
  return pathIdPattern.test(id) ? findProvider(db, level, categoryIds[sold], Number(id)) : undefined;
}

// Calls 27 and 33: the plans of the provider a path names by title (in any case), as
// {data: [{name, variation_code, variation_amount}]}, or a 404 with the call's own message.
export function variationsByTitle(
  db: DatabaseSync,
  level: UserLevel,
  sold: Sold,
  title: string | undefined,
  notFound: string,
): Response {
  const provider = findProviderByTitle(db, level, categoryIds[sold], title ?? "");
  return provider === undefined
    ? statusMessage(404, notFound)
    : json({ data: provider.variations.map(toWireVariation) });
}

// Echoed input is cut short: a pasted page of text does not belong in an error message.
export function quoted(text: string, most = 20): string {
  return `"${text.length > most ? `${text.slice(0, most)}…` : text}"`;
}

export function priceChangedMessage(priceKobo: number): string {
  return `The price of this plan has changed: it is now ${nairaText(priceKobo)}. Please choose it again.`;
}

// The cable and exam calls name the provider twice, by id and by title; a
// request whose two disagree is refused rather than guessed at.
export function titleField(body: JsonObject, key: string, provider: Provider): Checked<string> {
  const given = field(body, key, requiredAlone(titleMismatch(undefined, provider)));
  return "error" in given ? given : titleMatch(given.value, provider);
}

export function titleMatch(given: string, provider: Provider): Checked<string> {
  return sameTitle(given, provider.title) ? { value: provider.title } : { error: titleMismatch(given, provider) };
}

function titleMismatch(given: string | undefined, provider: Provider): string {
  const shown = given === undefined ? "" : ` ${quoted(given)}`;
  return `The provider title${shown} does not match ${provider.title}. Select the provider again.`;
}
