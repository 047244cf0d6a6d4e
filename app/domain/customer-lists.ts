import { MAX_BULK_ROWS } from "./bulk.ts";
import { providerNamed } from "./buy-again.ts";
import { pastedMobile } from "./phone.ts";

// Customer lists (decision 086): a named list of phone numbers, each with its network and the
// customer's name ("Office staff", "Church data"), kept to fill a bulk batch. The rules are
// pure; app/customers keeps the lists in the portal's own database, one account's never read
// for another.

/** A list fills one batch, so it holds at most what a batch takes. */
export const LIST_MAX_NUMBERS = MAX_BULK_ROWS;
export const LIST_NAME_MAX_LENGTH = 40;
/** Lists an account keeps. */
export const LISTS_LIMIT = 50;

/** One number of a list: local form, the network's title as the upstream lists it ("" when not known), a name ("" when none). */
export type ListEntry = { number: string; network: string; name: string };

export type CustomerList = { id: number; name: string; entries: ListEntry[] };

/** What can be wrong with a list; a layer above words it in the person's language. */
export type ListProblem = "nameRequired" | "nameTooLong" | "nameTaken" | "noNumbers" | "tooMany" | "full";

/** Two names that differ only in case or spacing are one name: "office staff" is "Office  Staff". */
export function listNameKey(name: string): string {
  return tidy(name).toLowerCase();
}

function tidy(text: string): string {
  return text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A list's name as kept (tidied as a saved name is), or why it cannot be: blank, too long, or another list's. */
export function listName(text: string, taken: readonly string[]): { name: string } | { error: ListProblem } {
  const name = tidy(text);
  if (name === "") return { error: "nameRequired" };
  if (Array.from(name).length > LIST_NAME_MAX_LENGTH) return { error: "nameTooLong" };
  const key = listNameKey(name);
  if (taken.some((other) => listNameKey(other) === key)) return { error: "nameTaken" };
  return { name };
}

/**
 * The entries of a list as kept: each number in local form, once (its first entry wins), entries
 * that are no Nigerian mobile number dropped; an error for none, or for more than a batch takes.
 */
export function listEntries(entries: readonly ListEntry[]): { entries: ListEntry[] } | { error: ListProblem } {
  const kept = new Map<string, ListEntry>();
  for (const entry of entries) {
    const number = pastedMobile(entry.number);
    if (number === null || kept.has(number)) continue;
    kept.set(number, { number, network: tidy(entry.network), name: tidy(entry.name) });
  }
  if (kept.size === 0) return { error: "noNumbers" };
  if (kept.size > LIST_MAX_NUMBERS) return { error: "tooMany" };
  return { entries: [...kept.values()] };
}

/** The bulk form's numbers box filled from a list: one number a line. */
export function listAsNumbers(entries: readonly ListEntry[]): string {
  return entries.map((entry) => entry.number).join("\n");
}

/**
 * The networks a list names, as the bulk review's choices (provider id by number) against
 * today's providers: a number whose network is no longer listed is left to its prefix.
 */
export function listNetworks(
  entries: readonly ListEntry[],
  providers: readonly { id: number; title: string }[],
): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const entry of entries) {
    const provider = entry.network ? providerNamed(entry.network, providers) : null;
    if (provider !== null) chosen[entry.number] = String(provider.id);
  }
  return chosen;
}

/** Lists by name, as people look for them. */
export function byListName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}
