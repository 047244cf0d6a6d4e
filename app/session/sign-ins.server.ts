import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  ABSOLUTE_LIFETIME_MS,
  type Device,
  deviceOf,
  IDLE_LIFETIME_MS,
  isSeenDue,
  isSignInLive,
} from "../domain/sign-ins.ts";
import type { PortalDatabase, SignInsTable } from "../store/schema.ts";

// Where a person is signed in (issue 23 §4, decision 049): one row per sign-in in the portal's
// own database, named by the session cookie. Every signed-in request reads its row by primary
// key, so a row deleted by one container signs that browser out on the next request to any.
// Every query about a person's sign-ins takes their account id (DESIGN.md §15).

type Db = Kysely<PortalDatabase>;

export type SignIn = Device & {
  id: string;
  accountId: number;
  address: string;
  createdAt: string;
  seenAt: string;
  /** The account's last use before this sign-in began, if it had one. */
  previous: (Device & { at: string }) | null;
};

/** A sign-in as Profile lists it: `handle` stands for the row in forms, so no row id reaches a page. */
export type ListedSignIn = Omit<SignIn, "id" | "previous" | "accountId"> & { handle: string; current: boolean };

function toSignIn(row: SignInsTable): SignIn {
  const previous =
    row.previous_at === null
      ? null
      : { at: row.previous_at, browser: row.previous_browser ?? "", system: row.previous_system ?? "" };
  return {
    id: row.id,
    accountId: row.account_id,
    browser: row.browser,
    system: row.system,
    address: row.address,
    createdAt: row.created_at,
    seenAt: row.seen_at,
    previous,
  };
}

/** A stand-in for a row's id in a page: the same for the same row, and no use as a cookie. */
export function signInHandle(id: string): string {
  return createHash("sha256").update(id).digest("base64url").slice(0, 22);
}

function expired(db: Db, nowMs: number) {
  const idleSince = new Date(nowMs - IDLE_LIFETIME_MS).toISOString();
  const startedSince = new Date(nowMs - ABSOLUTE_LIFETIME_MS).toISOString();
  return db
    .deleteFrom("sign_ins")
    .where((where) => where.or([where("seen_at", "<", idleSince), where("created_at", "<", startedSince)]));
}

/** Deletes every sign-in past its idle or absolute lifetime; how many there were. */
export async function removeExpiredSignIns(db: Db, nowMs = Date.now()): Promise<number> {
  const result = await expired(db, nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A new sign-in of the account from this browser: a row under a fresh random id, with the
 * account's last use before it. Expired rows of every account are cleared on the way.
 */
export async function recordSignIn(
  db: Db,
  request: { accountId: number; userAgent: string | null; address: string },
  nowMs = Date.now(),
): Promise<SignIn> {
  const now = new Date(nowMs).toISOString();
  const device = deviceOf(request.userAgent);
  const id = randomBytes(32).toString("base64url");
  return db.transaction().execute(async (transaction) => {
    await expired(transaction, nowMs).execute();
    const last = await transaction
      .selectFrom("last_uses")
      .selectAll()
      .where("account_id", "=", request.accountId)
      .executeTakeFirst();
    const row: SignInsTable = {
      id,
      account_id: request.accountId,
      browser: device.browser,
      system: device.system,
      address: request.address,
      created_at: now,
      seen_at: now,
      previous_at: last?.at ?? null,
      previous_browser: last?.browser ?? null,
      previous_system: last?.system ?? null,
    };
    await transaction.insertInto("sign_ins").values(row).execute();
    await markLastUse(transaction, request.accountId, device, now);
    return toSignIn(row);
  });
}

async function markLastUse(db: Db, accountId: number, device: Device, at: string): Promise<void> {
  const use = { at, browser: device.browser, system: device.system };
  await db
    .insertInto("last_uses")
    .values({ account_id: accountId, ...use })
    .onConflict((conflict) => conflict.column("account_id").doUpdateSet(use))
    .execute();
}

/**
 * The live sign-in the cookie names: null when its row is gone (signed out elsewhere) or past
 * its lifetime (then deleted). A minute or more since its last-seen time, this request moves
 * it, and says so (`seen`), so the cookie's Max-Age moves on too.
 */
export async function liveSignIn(
  db: Db,
  id: string,
  nowMs = Date.now(),
): Promise<{ signIn: SignIn; seen: boolean } | null> {
  const row = await db.selectFrom("sign_ins").selectAll().where("id", "=", id).executeTakeFirst();
  if (row === undefined) return null;
  const signIn = toSignIn(row);
  if (!isSignInLive(signIn, nowMs)) {
    await endSignIn(db, id);
    return null;
  }
  if (!isSeenDue(signIn.seenAt, nowMs)) return { signIn, seen: false };
  const seenAt = new Date(nowMs).toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction.updateTable("sign_ins").set({ seen_at: seenAt }).where("id", "=", id).execute();
    await markLastUse(transaction, signIn.accountId, signIn, seenAt);
  });
  return { signIn: { ...signIn, seenAt }, seen: true };
}

/** Logout: the row goes. */
export async function endSignIn(db: Db, id: string): Promise<void> {
  await db.deleteFrom("sign_ins").where("id", "=", id).execute();
}

/** "Sign out everywhere else", and a password change: every sign-in of the account but this one. */
export async function endOtherSignIns(db: Db, accountId: number, keepId: string): Promise<number> {
  const result = await db
    .deleteFrom("sign_ins")
    .where("account_id", "=", accountId)
    .where("id", "!=", keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function rowsOf(db: Db, accountId: number): Promise<SignInsTable[]> {
  return db.selectFrom("sign_ins").selectAll().where("account_id", "=", accountId).execute();
}

/** Ends one of the account's sign-ins by its handle; false when it has none by that handle. */
export async function endSignInByHandle(db: Db, accountId: number, handle: string): Promise<boolean> {
  const row = (await rowsOf(db, accountId)).find((candidate) => signInHandle(candidate.id) === handle);
  if (row === undefined) return false;
  await db.deleteFrom("sign_ins").where("id", "=", row.id).where("account_id", "=", accountId).execute();
  return true;
}

/** The account's live sign-ins, the most recently used first, with this browser's marked. */
export async function listSignIns(
  db: Db,
  accountId: number,
  currentId: string,
  nowMs = Date.now(),
): Promise<ListedSignIn[]> {
  return (await rowsOf(db, accountId))
    .map(toSignIn)
    .filter((signIn) => isSignInLive(signIn, nowMs))
    .sort((a, b) => b.seenAt.localeCompare(a.seenAt) || b.createdAt.localeCompare(a.createdAt))
    .map(({ id, browser, system, address, createdAt, seenAt }) => ({
      handle: signInHandle(id),
      current: id === currentId,
      browser,
      system,
      address,
      createdAt,
      seenAt,
    }));
}
