import { type BulkEntry, csvEntries, MAX_BULK_FILE_BYTES, MAX_BULK_ROWS, pastedEntries } from "../domain/bulk.ts";
import { LOCAL_MOBILE, pastedMobile } from "../domain/phone.ts";
import { boughtByAmount, type BulkProduct, isBulkProduct } from "../domain/products.ts";
import { m } from "../i18n/paraglide/messages.js";
import type { Message } from "./fields.ts";
import { AIRTIME_LIMITS, AMOUNT_REQUIRED, nairaAmount } from "./amount.ts";

// The bulk purchase form (decision 030): what to buy, the numbers pasted or in a CSV file, and
// one amount for them all. The product had no bulk buying, so the messages are ours
// (decision 030); the amount's are the single purchase's, as on the airtime page. Each is a message
// function, called when the form is read, in the language of that request.

export const NUMBERS_EMPTY: Message = () => m.valid_bulk_numbers_empty();
export const FILE_NOT_CSV: Message = () => m.valid_bulk_file_not_csv();
export const FILE_TOO_BIG: Message = () => m.valid_bulk_file_too_big();
export const PRODUCT_MESSAGE: Message = () => m.valid_bulk_product_choose();

export function tooManyNumbers(count: number): string {
  return m.valid_bulk_too_many({ max: MAX_BULK_ROWS, count });
}

/** The form as typed, to show it back: nothing is lost on an error or a review. */
export type BulkFields = { product: string; numbers: string; amount: string; csv: string; csvName: string };
export type BulkErrors = Partial<Record<"product" | "numbers" | "file" | "amount", string>>;

/** What the review prices: the entries, the one amount, and the networks and plans chosen on the review. */
export type BulkInput = {
  product: BulkProduct;
  entries: BulkEntry[];
  amountKobo: number | null;
  /** A provider id per phone number, where the person changed the network on the review. */
  networks: Record<string, string>;
  /** A data plan code per provider id, for the rows that give none of their own. */
  plans: Record<string, string>;
};

export type BulkForm = { fields: BulkFields; input: BulkInput | null; errors: BulkErrors };

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The posted file's text, or why it cannot be read as the CSV it should be. */
async function fileText(file: File): Promise<{ text: string } | { error: string }> {
  if (file.size > MAX_BULK_FILE_BYTES) return { error: FILE_TOO_BIG() };
  const named = /\.csv$/i.test(file.name) || file.type === "text/csv";
  if (!named) return { error: FILE_NOT_CSV() };
  try {
    const content = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return content.includes("\0") ? { error: FILE_NOT_CSV() } : { text: content };
  } catch {
    return { error: FILE_NOT_CSV() };
  }
}

/** The CSV the form brings: a file chosen now, else the one kept from an earlier review (unless let go). */
async function postedCsv(formData: FormData): Promise<{ csv: string; csvName: string; error?: string }> {
  const file = formData.get("file");
  if (file instanceof File && file.size > 0) {
    const read = await fileText(file);
    return "error" in read ? { csv: "", csvName: "", error: read.error } : { csv: read.text, csvName: file.name };
  }
  const kept = text(formData.get("csv"));
  if (kept === "" || formData.get("keepFile") !== "on") return { csv: "", csvName: "" };
  if (kept.length > MAX_BULK_FILE_BYTES) return { csv: "", csvName: "", error: FILE_TOO_BIG() };
  return { csv: kept, csvName: text(formData.get("csvName")) };
}

/** Choices on the review, posted as `<prefix><key>` fields. */
function prefixed(formData: FormData, prefix: string): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name.startsWith(prefix) && typeof value === "string" && value !== "") chosen[name.slice(prefix.length)] = value;
  }
  return chosen;
}

/** Saved phone numbers ticked to join the list (decision 050). */
export const SAVED_FIELD = "saved";

/**
 * The numbers as typed, with each ticked saved number not among them added on a line of its
 * own: the list the review shows, and what the form holds from then on.
 */
export function withTicked(typed: string, ticked: readonly FormDataEntryValue[]): string {
  const listed = new Set(pastedEntries(typed).map((entry) => pastedMobile(entry.text) ?? entry.text));
  const added = [
    ...new Set(ticked.filter((value): value is string => typeof value === "string" && LOCAL_MOBILE.test(value))),
  ].filter((number) => !listed.has(number));
  if (added.length === 0) return typed;
  return [typed.trimEnd(), ...added].filter(Boolean).join("\n");
}

export const NETWORK_FIELD = "network-";
export const PLAN_FIELD = "plan-";

/** The posted form read: the fields as typed, and the input to review, or what is wrong with it. */
export async function readBulkForm(formData: FormData): Promise<BulkForm> {
  const product = text(formData.get("product"));
  const numbers = withTicked(text(formData.get("numbers")), formData.getAll(SAVED_FIELD));
  const amount = text(formData.get("amount")).trim();
  const { csv, csvName, error: fileError } = await postedCsv(formData);
  const fields = { product, numbers, amount, csv, csvName };
  const errors: BulkErrors = {};
  if (!isBulkProduct(product)) errors.product = PRODUCT_MESSAGE();
  if (fileError !== undefined) errors.file = fileError;
  const entries = [...pastedEntries(numbers), ...csvEntries(csv)];
  if (entries.length === 0 && fileError === undefined) errors.numbers = NUMBERS_EMPTY();
  if (entries.length > MAX_BULK_ROWS) errors.numbers = tooManyNumbers(entries.length);
  let amountKobo: number | null = null;
  if (isBulkProduct(product) && boughtByAmount(product)) {
    const needed = entries.some((entry) => entry.given === "");
    if (amount === "" && needed) errors.amount = AMOUNT_REQUIRED();
    if (amount !== "") {
      const parsed = nairaAmount(AIRTIME_LIMITS.minimumKobo, AIRTIME_LIMITS.maximumKobo).safeParse(amount);
      if (parsed.success) amountKobo = parsed.data;
      else errors.amount = parsed.error.issues[0]?.message ?? AMOUNT_REQUIRED();
    }
  }
  if (!isBulkProduct(product) || Object.keys(errors).length > 0) return { fields, input: null, errors };
  return {
    fields,
    errors,
    input: {
      product,
      entries,
      amountKobo,
      networks: prefixed(formData, NETWORK_FIELD),
      plans: prefixed(formData, PLAN_FIELD),
    },
  };
}
