import {
  bySavedName,
  isSavedKind,
  numbersNamed,
  SAVED_LIMIT,
  type SavedCustomer,
  type SavedKind,
} from "../domain/saved-customers.ts";
import { portalStore } from "../store/database.server.ts";
import { exclusive, LOCK_SPACE } from "../store/exclusive.server.ts";

// Saved customers (decision 050) in the portal's own database. Every query names
// the signed-in account: a row of one account is never read or changed for another.

type Row = {
  id: number;
  kind: string;
  number: string;
  name: string;
  provider: string;
  meter_type: string;
};

function entryOf(row: Row): SavedCustomer | null {
  if (!isSavedKind(row.kind)) return null;
  const { id, kind, number, name, provider } = row;
  return { id, kind, number, name, provider, meterType: row.meter_type };
}

const COLUMNS = ["id", "kind", "number", "name", "provider", "meter_type"] as const;

/** The account's saved entries of `kinds` (all of them without), by name. */
export async function savedCustomers(accountId: number, kinds?: readonly SavedKind[]): Promise<SavedCustomer[]> {
  const { db } = portalStore();
  let query = db.selectFrom("saved_customers").select(COLUMNS).where("account_id", "=", accountId);
  if (kinds !== undefined) {
    if (kinds.length === 0) return [];
    query = query.where("kind", "in", [...kinds]);
  }
  const rows = await query.execute();
  return rows.flatMap((row) => entryOf(row) ?? []).sort(bySavedName);
}

/** The name `number` of `kind` is saved under, or null. */
export async function savedNameOf(accountId: number, kind: SavedKind, number: string): Promise<string | null> {
  const { db } = portalStore();
  const row = await db
    .selectFrom("saved_customers")
    .select("name")
    .where("account_id", "=", accountId)
    .where("kind", "=", kind)
    .where("number", "=", number)
    .executeTakeFirst();
  return row?.name ?? null;
}

export type SaveResult =
  | { result: "added" }
  /** The number of this kind was saved already: it now has this name (and provider). */
  | { result: "renamed"; before: string }
  | { result: "full" };

/**
 * Saves an entry, or renames the one already saved for its kind and number. An account keeps
 * at most 200: the count and the insert run under a lock on the account, so entries saved at
 * the same moment from two tabs or two containers cannot take it past the limit.
 */
export async function saveCustomer(accountId: number, entry: Omit<SavedCustomer, "id">): Promise<SaveResult> {
  const { db, engine } = portalStore();
  return exclusive(db, engine, { space: LOCK_SPACE.savedCustomers, key: accountId }, async (transaction) => {
    const existing = await transaction
      .selectFrom("saved_customers")
      .select(["id", "name"])
      .where("account_id", "=", accountId)
      .where("kind", "=", entry.kind)
      .where("number", "=", entry.number)
      .executeTakeFirst();
    const { name, provider, meterType } = entry;
    if (existing !== undefined) {
      await transaction
        .updateTable("saved_customers")
        .set({ name, provider, meter_type: meterType })
        .where("id", "=", existing.id)
        .execute();
      return { result: "renamed", before: existing.name } as const;
    }
    const count = await transaction
      .selectFrom("saved_customers")
      .select((expression) => expression.fn.countAll<number | string>().as("count"))
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) >= SAVED_LIMIT) return { result: "full" } as const;
    await transaction
      .insertInto("saved_customers")
      .values({
        account_id: accountId,
        kind: entry.kind,
        number: entry.number,
        name,
        provider,
        meter_type: meterType,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { result: "added" } as const;
  });
}

/** Gives the account's entry `id` a new name; the entry as it was, or null when it has none such. */
export async function renameCustomer(accountId: number, id: number, name: string): Promise<SavedCustomer | null> {
  const { db } = portalStore();
  return db.transaction().execute(async (transaction) => {
    const row = await transaction
      .selectFrom("saved_customers")
      .select(COLUMNS)
      .where("account_id", "=", accountId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (row === undefined) return null;
    await transaction
      .updateTable("saved_customers")
      .set({ name })
      .where("account_id", "=", accountId)
      .where("id", "=", id)
      .execute();
    return entryOf(row);
  });
}

/** Deletes the account's entry `id`; what it was, or null when it had none such. */
export async function deleteCustomer(accountId: number, id: number): Promise<SavedCustomer | null> {
  const { db } = portalStore();
  const row = await db
    .deleteFrom("saved_customers")
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row === undefined ? null : entryOf(row);
}

/** The numbers saved under names a transaction search names ("nkechi"); none for a blank search. */
export async function numbersNamedIn(accountId: number, search: string): Promise<string[]> {
  if (search.trim() === "") return [];
  return numbersNamed(await savedCustomers(accountId), search);
}
