import { parseCsv, shownValue } from "./csv.ts";
import { pastedMobile } from "./phone.ts";

// Bulk airtime and data (decision 030): the numbers a person pastes or uploads, read as they
// mean them, each row with its number or the reason it cannot be bought. Pure, so the rules
// have table tests; pricing and buying are app/bulk's.

export const MAX_BULK_ROWS = 100;
export const MAX_BULK_FILE_BYTES = 100 * 1024;

/** A number as the person gave it, with what its file row asks for (an amount, a plan), if anything. */
export type BulkEntry = { text: string; given: string };

/**
 * Why a row cannot be bought, as data rather than words: the review, the results page and
 * their file say it in the reader's language when they show it (app/bulk/words.ts), and a
 * batch keeps it so (decision 061).
 */
export type RowProblem =
  | { kind: "no-number" }
  | { kind: "not-digits"; text: string }
  | { kind: "not-nigerian"; text: string }
  | { kind: "duplicate"; row: number }
  | { kind: "no-network" }
  | { kind: "no-amount" }
  | { kind: "not-an-amount"; given: string }
  | { kind: "amount-too-low"; minimumKobo: number }
  | { kind: "amount-too-high"; maximumKobo: number }
  | { kind: "no-plan"; network: string }
  | { kind: "not-a-plan"; given: string; network: string };

/** One row of the list: its number in local form, or why it cannot be bought. */
export type BulkRow = BulkEntry & { row: number; phone: string | null; problem: RowProblem | null };

const digitCount = (text: string) => text.replace(/\D/g, "").length;

/**
 * The numbers of a pasted list: separated by new lines, commas, semicolons or spaces, in the
 * 080… or 234… form. A number written with spaces ("0803 123 4567") is one number: the
 * pieces between spaces are joined until they make one.
 */
export function pastedEntries(text: string): BulkEntry[] {
  const entries: BulkEntry[] = [];
  for (const part of text.split(/[\r\n,;]+/)) {
    let pending = "";
    const flush = () => {
      if (pending !== "") entries.push({ text: pending, given: "" });
      pending = "";
    };
    for (const piece of part.split(/\s+/).filter(Boolean)) {
      if (pastedMobile(piece) !== null) {
        flush();
        entries.push({ text: piece, given: "" });
        continue;
      }
      pending = pending === "" ? piece : `${pending} ${piece}`;
      if (pastedMobile(pending) !== null || digitCount(pending) >= 13 || /[a-z]/i.test(piece)) flush();
    }
    flush();
  }
  return entries;
}

/**
 * The numbers of a CSV file: the first field of each row, and the second as what that row
 * asks for (an amount for airtime, a plan for data). A first row without a digit in its first
 * field is a header; empty rows are skipped.
 */
export function csvEntries(text: string): BulkEntry[] {
  const rows = parseCsv(text)
    .map((fields) => fields.map((field) => shownValue(field.trim())))
    .filter((fields) => fields.some((field) => field !== ""));
  const first = rows[0]?.[0] ?? "";
  const body = /\d/.test(first) ? rows : rows.slice(1);
  return body.map(([number = "", given = ""]) => ({ text: number, given }));
}

/** Each entry as a row: its number read, or why it cannot be bought; a number listed twice is bought once. */
export function listRows(entries: readonly BulkEntry[]): BulkRow[] {
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const row = index + 1;
    const phone = pastedMobile(entry.text);
    if (phone === null) return { ...entry, row, phone, problem: numberProblem(entry.text) };
    const first = seen.get(phone);
    if (first !== undefined) return { ...entry, row, phone, problem: duplicateOf(first) };
    seen.set(phone, row);
    return { ...entry, row, phone, problem: null };
  });
}

function numberProblem(text: string): RowProblem {
  if (text === "") return { kind: "no-number" };
  if (/[^\d\s()+.-]/.test(text)) return { kind: "not-digits", text };
  return { kind: "not-nigerian", text };
}

export function duplicateOf(row: number): RowProblem {
  return { kind: "duplicate", row };
}
