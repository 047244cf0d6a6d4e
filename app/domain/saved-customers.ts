import { type HistoryRow, type RepeatQuery, repeatOf } from "./buy-again.ts";
import { pastedMobile } from "./phone.ts";
import { isProductKey, type ProductKey, savedFieldsOf } from "./products.ts";

// Saved customers (decision 050): a phone number, a meter, a smart card or a
// JAMB profile ID kept under a name the person chooses ("Mama Nkechi"). The rules here are
// pure; app/customers keeps the entries in the portal's own database.

/** The kinds, with their English names; a page names them in its language (app/customers/names.ts). */
export const SAVED_KINDS = {
  phone: "Phone number",
  meter: "Meter",
  card: "Smart card",
  jamb: "JAMB profile ID",
} as const;
export type SavedKind = keyof typeof SAVED_KINDS;

export const NAME_MAX_LENGTH = 40;
export const SAVED_LIMIT = 200;

/**
 * What can be wrong with an entry as typed. The rules name the problem; the words for it, in the
 * person's language, are app/forms/saved-problems.ts's (the domain holds no messages).
 */
export type SavedProblem =
  | "nameRequired"
  | "nameTooLong"
  | "kind"
  | "numberRequired"
  | "phone"
  | "digits"
  | "meterProvider"
  | "cardProvider"
  | "meterType"
  | "full";

export type SavedCustomer = {
  id: number;
  kind: SavedKind;
  number: string;
  name: string;
  /** The provider's title as the upstream lists it; "" for phones and profile IDs. */
  provider: string;
  /** "prepaid" or "postpaid" for a meter; "" otherwise. */
  meterType: string;
};

/** What a purchase or receipt offers to save: everything but the name. */
export type SaveOffer = Pick<SavedCustomer, "kind" | "number" | "provider" | "meterType">;

export function isSavedKind(value: unknown): value is SavedKind {
  return typeof value === "string" && Object.hasOwn(SAVED_KINDS, value);
}

/**
 * A name as it is kept: trimmed, runs of spaces (and tabs, new lines) made one, control
 * characters dropped; an error when nothing is left or it is longer than 40 characters.
 */
export function savedName(text: string): { name: string } | { error: SavedProblem } {
  // Control characters (new lines, tabs, escapes) never belong in a name: they become spaces.
  const name = text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (name === "") return { error: "nameRequired" };
  if (Array.from(name).length > NAME_MAX_LENGTH) return { error: "nameTooLong" };
  return { name };
}

/**
 * A number of its kind as it is kept: a phone in its 11-digit local form however it was
 * pasted ("+234 803 123 4567"), the others as digits, as the product forms take them.
 */
export function savedNumber(kind: SavedKind, text: string): { number: string } | { error: SavedProblem } {
  const typed = text.trim();
  if (typed === "") return { error: "numberRequired" };
  if (kind === "phone") {
    const phone = pastedMobile(typed);
    return phone === null ? { error: "phone" } : { number: phone };
  }
  return /^\d{6,20}$/.test(typed) ? { number: typed } : { error: "digits" };
}

/** Which saved kinds a product's form lists, first the one its main number is; none for what is not a product. */
export function savedKindsFor(product: string): SavedKind[] {
  return isProductKey(product) ? savedFieldsOf(product).map(([kind]) => kind) : [];
}

/** "Mama Nkechi" before "mama Tunde": by name as people read it, then by number. */
export function bySavedName(a: SavedCustomer, b: SavedCustomer): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.number.localeCompare(b.number);
}

/**
 * The numbers whose names a transaction search names: each word of the search (ignoring case)
 * is in the name. A search of digits names none: it is a number already.
 */
export function numbersNamed(entries: readonly Pick<SavedCustomer, "name" | "number">[], search: string): string[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || /^\+?[\d\s-]+$/.test(search.trim())) return [];
  const found = entries.filter((entry) => {
    const name = entry.name.toLowerCase();
    return words.every((word) => name.includes(word));
  });
  return [...new Set(found.map((entry) => entry.number))];
}

/**
 * What a past purchase (a history row) offers to save: its smart card with the provider, its
 * meter with company and type, its JAMB profile ID, or else its phone. Null for a purchase of
 * many numbers (bulk SMS to several) or one whose number cannot be told.
 */
export function saveOfferOfRow(row: HistoryRow): SaveOffer | null {
  const repeat = repeatOf(row);
  return repeat === null ? null : saveOfferOf(repeat.product, repeat.query, repeat.query.network ?? "");
}

/**
 * What a purchase of `product` offers to save, from its form's fields (as Buy again names
 * them): the first of the product's saved kinds whose field is filled, a smart card with its
 * `provider`, a meter with its provider and type. Null when that one cannot be kept as it is.
 */
export function saveOfferOf(product: ProductKey, fields: RepeatQuery, provider: string): SaveOffer | null {
  for (const [kind, field] of savedFieldsOf(product)) {
    const typed = fields[field] ?? "";
    if (typed === "") continue;
    const withProvider = kind === "card" || kind === "meter";
    const meterType = kind === "meter" ? (fields.meterType ?? "") : "";
    if ((withProvider && provider === "") || (kind === "meter" && meterType === "")) return null;
    const number = savedNumber(kind, typed);
    return "number" in number
      ? { kind, number: number.number, provider: withProvider ? provider : "", meterType }
      : null;
  }
  return null;
}

/**
 * How an entry reads in a list: "Mama Nkechi: 45012345678, Prepaid, IKEDC - Ikeja Electric".
 * `meterTypeName` words a meter's type in the page's language (English without).
 */
export function savedEntryText(
  entry: Pick<SavedCustomer, "name" | "number" | "provider" | "meterType">,
  meterTypeName: (meterType: string) => string | undefined = (meterType) => METER_TYPE_NAMES[meterType],
): string {
  return `${entry.name}: ${savedEntryDetails(entry, meterTypeName)}`;
}

/** An entry's number, a meter's type and its provider: "45012345678, Prepaid, IKEDC - Ikeja Electric". */
export function savedEntryDetails(
  entry: Pick<SavedCustomer, "number" | "provider" | "meterType">,
  meterTypeName: (meterType: string) => string | undefined,
): string {
  return [entry.number, meterTypeName(entry.meterType), entry.provider].filter(Boolean).join(", ");
}

/** The meter types, with their English names; a page names them in its language (app/customers/names.ts). */
export const METER_TYPE_NAMES: Readonly<Record<string, string>> = { prepaid: "Prepaid", postpaid: "Postpaid" };

export type SavedField = "name" | "kind" | "number" | "provider" | "meterType";
type Posted = Partial<Record<SavedField, string>>;

/**
 * A saved entry as a form posted it, made what it is kept as, or each field's problem: a
 * name, a kind, a number of that kind, and for a meter its company and type, for a smart
 * card its provider. A provider posted for a phone or profile ID is dropped, not kept.
 */
export function readSavedEntry(
  posted: Posted,
): { entry: Omit<SavedCustomer, "id"> } | { errors: Partial<Record<SavedField, SavedProblem>> } {
  const errors: Partial<Record<SavedField, SavedProblem>> = {};
  const name = savedName(posted.name ?? "");
  if ("error" in name) errors.name = name.error;
  const { kind } = posted;
  if (!isSavedKind(kind)) return { errors: { ...errors, kind: "kind" } };
  const number = savedNumber(kind, posted.number ?? "");
  if ("error" in number) errors.number = number.error;
  const provider = kind === "meter" || kind === "card" ? (posted.provider ?? "").trim() : "";
  if (kind === "meter" && provider === "") errors.provider = "meterProvider";
  if (kind === "card" && provider === "") errors.provider = "cardProvider";
  const meterType = kind === "meter" ? (posted.meterType ?? "") : "";
  if (kind === "meter" && METER_TYPE_NAMES[meterType] === undefined) errors.meterType = "meterType";
  if ("error" in name || "error" in number || Object.keys(errors).length > 0) return { errors };
  return { entry: { kind, number: number.number, name: name.name, provider, meterType } };
}
