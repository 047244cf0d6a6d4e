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
import { storeWriteFailed } from "../infra/store-writes.server.ts";
import type { PortalDatabase, SignInsTable } from "../store/schema.ts";
import { openToken, sealToken } from "./token-seal.server.ts";
import { env } from "../infra/env.server.ts";

// Where a person is signed in (decision 049): one row per sign-in in the portal's own
// database, named by the session cookie, holding the sign-in's upstream token sealed
// (decision 064). Every signed-in request reads its row by primary key, so a row deleted by one
// container signs that browser out on the next request to any. A row never simply goes: it is
// retired, its token queued in `pending_revocations` in the same transaction, and the caller
// revokes it at the upstream (revocations.server.ts). Every query about a person's sign-ins
// takes their account id.

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

/** The ids of every sign-in past its idle or absolute lifetime. */
async function expiredIds(db: Db, nowMs: number): Promise<string[]> {
  const idleSince = new Date(nowMs - IDLE_LIFETIME_MS).toISOString();
  const startedSince = new Date(nowMs - ABSOLUTE_LIFETIME_MS).toISOString();
  const rows = await db
    .selectFrom("sign_ins")
    .select("id")
    .where((where) => where.or([where("seen_at", "<", idleSince), where("created_at", "<", startedSince)]))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes these sign-ins, queueing each one's token for revocation in the same transaction
 * (decision 064), and, when another browser of the account `elsewhere` ended them, noting so
 * (decision 080): the ids whose tokens were queued. A row another request retired first is
 * skipped, so a token is queued once.
 */
async function retire(db: Db, ids: readonly string[], nowMs: number, elsewhere = false): Promise<string[]> {
  if (ids.length === 0) return [];
  const at = new Date(nowMs).toISOString();
  const work = async (transaction: Db) => {
    const rows = await transaction
      .selectFrom("sign_ins")
      .select(["id", "token_sealed"])
      .where("id", "in", ids)
      .execute();
    if (rows.length === 0) return [];
    if (elsewhere) {
      // No cookie outlives its sign-in's longest lifetime, so neither does the note of its end.
      await transaction
        .deleteFrom("ended_sign_ins")
        .where("ended_at", "<", new Date(nowMs - ABSOLUTE_LIFETIME_MS).toISOString())
        .execute();
      await transaction
        .insertInto("ended_sign_ins")
        .values(rows.map((row) => ({ handle: signInHandle(row.id), ended_at: at })))
        .onConflict((conflict) => conflict.column("handle").doNothing())
        .execute();
    }
    const queued = rows.flatMap((row) =>
      row.token_sealed === null
        ? []
        : [{ id: row.id, token_sealed: row.token_sealed, queued_at: at, tries: 0, due_at: at }],
    );
    if (queued.length > 0) {
      await transaction
        .insertInto("pending_revocations")
        .values(queued)
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
    await transaction
      .deleteFrom("sign_ins")
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    return queued.map((row) => row.id);
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Retires every sign-in past its idle or absolute lifetime; the ids whose tokens are queued. */
export async function removeExpiredSignIns(db: Db, nowMs = Date.now()): Promise<string[]> {
  return retire(db, await expiredIds(db, nowMs), nowMs);
}

/**
 * A new sign-in of the account from this browser with its upstream token: a row under a fresh
 * random id, the token sealed for it under the first of `secrets`, with the account's last use
 * before it. Expired rows of every account are retired on the way (their tokens queued).
 */
export async function recordSignIn(
  db: Db,
  request: { accountId: number; userAgent: string | null; address: string; token: string },
  nowMs = Date.now(),
  secrets: readonly string[] = env().SESSION_SECRET,
): Promise<SignIn> {
  const now = new Date(nowMs).toISOString();
  const device = deviceOf(request.userAgent);
  const id = randomBytes(32).toString("base64url");
  return db.transaction().execute(async (transaction) => {
    await retire(transaction, await expiredIds(transaction, nowMs), nowMs);
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
      token_sealed: sealToken(request.token, id, secrets),
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

/** A sign-in as a request finds it: the row, and its upstream token unsealed (null in a row from before decision 064). */
export type LiveSignIn = { signIn: SignIn; token: string | null; seen: boolean };

/**
 * The live sign-in the cookie names: null when its row is gone (signed out elsewhere), its
 * token does not open under `secrets` (a secret no longer listed), or past its lifetime (then
 * retired, its token queued for revocation). A minute or more since its last-seen time, this
 * request moves it, and says so (`seen`), so the cookie's Max-Age moves on too. A database that
 * cannot take that write does not stop the page: the row is used as read.
 */
export async function liveSignIn(
  db: Db,
  id: string,
  nowMs = Date.now(),
  secrets: readonly string[] = env().SESSION_SECRET,
): Promise<LiveSignIn | null> {
  const row = await db.selectFrom("sign_ins").selectAll().where("id", "=", id).executeTakeFirst();
  if (row === undefined) return null;
  const signIn = toSignIn(row);
  if (!isSignInLive(signIn, nowMs)) {
    await retire(db, [id], nowMs).catch((error: unknown) => storeWriteFailed("sign-in retired", error));
    return null;
  }
  const token = row.token_sealed === null ? null : openToken(row.token_sealed, id, secrets);
  if (row.token_sealed !== null && token === null) return null;
  if (!isSeenDue(signIn.seenAt, nowMs)) return { signIn, token, seen: false };
  const seenAt = new Date(nowMs).toISOString();
  try {
    await db.transaction().execute(async (transaction) => {
      await transaction.updateTable("sign_ins").set({ seen_at: seenAt }).where("id", "=", id).execute();
      await markLastUse(transaction, signIn.accountId, signIn, seenAt);
    });
  } catch (error) {
    storeWriteFailed("sign-in last use", error);
    return { signIn, token, seen: false };
  }
  return { signIn: { ...signIn, seenAt }, token, seen: true };
}

/**
 * A sign-in from before decision 064, whose cookie still carries its token: the token moves
 * into the row, sealed, unless another request moved it first. True when the row now holds it.
 */
export async function adoptCookieToken(
  db: Db,
  id: string,
  token: string,
  secrets: readonly string[] = env().SESSION_SECRET,
): Promise<boolean> {
  const result = await db
    .updateTable("sign_ins")
    .set({ token_sealed: sealToken(token, id, secrets) })
    .where("id", "=", id)
    .where("token_sealed", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Logout: the row is retired; the ids whose tokens are queued for revocation. */
export async function endSignIn(db: Db, id: string, nowMs = Date.now()): Promise<string[]> {
  return retire(db, [id], nowMs);
}

/**
 * "Sign out everywhere else", and a password change: every sign-in of the account but this
 * one, retired; the ids whose tokens are queued for revocation.
 */
export async function endOtherSignIns(
  db: Db,
  accountId: number,
  keepId: string,
  nowMs = Date.now(),
): Promise<string[]> {
  const others = await db
    .selectFrom("sign_ins")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "!=", keepId)
    .execute();
  return retire(
    db,
    others.map((row) => row.id),
    nowMs,
    true,
  );
}

async function rowsOf(db: Db, accountId: number): Promise<SignInsTable[]> {
  return db.selectFrom("sign_ins").selectAll().where("account_id", "=", accountId).execute();
}

/**
 * Ends one of the account's sign-ins by its handle: the ids whose tokens are queued for
 * revocation, or null when the account has no sign-in by that handle.
 */
export async function endSignInByHandle(
  db: Db,
  accountId: number,
  handle: string,
  nowMs = Date.now(),
): Promise<string[] | null> {
  const row = (await rowsOf(db, accountId)).find((candidate) => signInHandle(candidate.id) === handle);
  if (row === undefined) return null;
  return retire(db, [row.id], nowMs, true);
}

/** Whether another browser of the account ended this sign-in, rather than its time running out (decision 080). */
export async function endedElsewhere(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("ended_sign_ins")
    .select("handle")
    .where("handle", "=", signInHandle(id))
    .executeTakeFirst();
  return row !== undefined;
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
