import { z } from "zod";
import {
  byListName,
  type CustomerList,
  type ListEntry,
  listNameKey,
  LISTS_LIMIT,
  LIST_MAX_NUMBERS,
  listEntries,
  listName,
} from "../domain/customer-lists.ts";
import { type ListFieldErrors, listProblemWords } from "./list-words.ts";
import { portalStore } from "../store/database.server.ts";
import { exclusive, LOCK_SPACE } from "../store/exclusive.server.ts";

// Customer lists (decision 086) in the portal's own database: named lists of numbers to fill a
// bulk batch. Every query names the signed-in account: a list of one account is never read,
// changed or even counted for another.

const entriesSchema = z
  .array(z.object({ number: z.string(), network: z.string(), name: z.string() }))
  .max(LIST_MAX_NUMBERS);

function listOf(row: { id: number; name: string; entries: string }): CustomerList | null {
  try {
    const read = entriesSchema.safeParse(JSON.parse(row.entries));
    return read.success ? { id: row.id, name: row.name, entries: read.data } : null;
  } catch {
    return null;
  }
}

/** The account's lists, by name. */
export async function customerLists(accountId: number): Promise<CustomerList[]> {
  const { db } = portalStore();
  const rows = await db
    .selectFrom("customer_lists")
    .select(["id", "name", "entries"])
    .where("account_id", "=", accountId)
    .execute();
  return rows.flatMap((row) => listOf(row) ?? []).sort(byListName);
}

/** The account's list `id`, or null for none such (another account's included). */
export async function customerList(accountId: number, id: number): Promise<CustomerList | null> {
  const { db } = portalStore();
  const row = await db
    .selectFrom("customer_lists")
    .select(["id", "name", "entries"])
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row === undefined ? null : listOf(row);
}

export type ListSaveResult = { result: "added"; id: number } | { result: "taken" } | { result: "full" };

/**
 * Keeps a new list (its name and entries already read by app/domain/customer-lists.ts). A name
 * the account has, in any case, is refused rather than overwritten; an account keeps at most 50
 * lists, counted under a lock on the account so two tabs saving the 50th at once make 50.
 */
export async function saveCustomerList(
  accountId: number,
  name: string,
  entries: readonly ListEntry[],
): Promise<ListSaveResult> {
  const { db, engine } = portalStore();
  return exclusive(db, engine, { space: LOCK_SPACE.customerLists, key: accountId }, async (transaction) => {
    const nameKey = listNameKey(name);
    const lists = await transaction
      .selectFrom("customer_lists")
      .select("name_key")
      .where("account_id", "=", accountId)
      .execute();
    if (lists.some((list) => list.name_key === nameKey)) return { result: "taken" } as const;
    if (lists.length >= LISTS_LIMIT) return { result: "full" } as const;
    const row = await transaction
      .insertInto("customer_lists")
      .values({
        account_id: accountId,
        name,
        name_key: nameKey,
        entries: JSON.stringify(entries),
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { result: "added", id: Number(row.id) } as const;
  });
}

/** Deletes the account's list `id`; its name, or null when it had none such. */
export async function deleteCustomerList(accountId: number, id: number): Promise<string | null> {
  const { db } = portalStore();
  const row = await db
    .deleteFrom("customer_lists")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .returning("name")
    .executeTakeFirst();
  return row?.name ?? null;
}

export type CheckedSave = { saved: { id: number; name: string; count: number } } | { errors: ListFieldErrors };

/**
 * A list as typed, checked and kept: the name (tidied, not blank, not too long, not one of the
 * account's lists) and the numbers (at least one, at most 100), each problem worded for the
 * field it belongs next to (decision 086).
 */
export async function saveListAsTyped(
  accountId: number,
  typedName: string,
  typedEntries: readonly ListEntry[],
): Promise<CheckedSave> {
  const taken = (await customerLists(accountId)).map((list) => list.name);
  const name = listName(typedName, taken);
  const entries = listEntries(typedEntries);
  const errors: ListFieldErrors = {};
  const facts = { name: typedName.trim(), count: typedEntries.length };
  for (const read of [name, entries]) {
    if ("error" in read) {
      const { field, message } = listProblemWords(read.error, facts);
      errors[field] = message;
    }
  }
  if ("error" in name || "error" in entries) return { errors };
  const saved = await saveCustomerList(accountId, name.name, entries.entries);
  if (saved.result !== "added") {
    const { field, message } = listProblemWords(saved.result === "taken" ? "nameTaken" : "full", facts);
    return { errors: { [field]: message } };
  }
  return { saved: { id: saved.id, name: name.name, count: entries.entries.length } };
}
