import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { env } from "../infra/env.server.ts";
import { log } from "../infra/log.server.ts";
import type { PortalDatabase, PendingRevocationsTable } from "../store/schema.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { openToken, sealToken } from "./token-seal.server.ts";

// Every ended sign-in's upstream token is revoked at the upstream (decision 064). Ending a
// sign-in queues its token in `pending_revocations` in the same transaction that deletes its
// row (sign-ins.server.ts), so a token is never forgotten: the request that ended it tries at
// once, and a token the upstream could not take is tried again by later signed-in requests,
// later each time, until it is revoked or given up.

type Db = Kysely<PortalDatabase>;

/** Asks the upstream to revoke one token; rejects with an UpstreamError as the client does. */
export type Revoke = (token: string) => Promise<unknown>;

/** The first retry after this long; each failure doubles the wait, up to an hour. */
export const FIRST_RETRY_MS = 2_000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** After this many tries (about 6 hours of an unreachable upstream) the token is given up. */
export const MOST_TRIES = 12;
/** A sweep takes at most this many due tokens, so no request waits on a long queue. */
const SWEEP_BATCH = 20;
/** One sweep per process at most this often: a signed-in request starts one in the background. */
const SWEEP_EVERY_MS = 2_000;

/** When the try after `tries` failed ones is due. */
export function nextTryAt(tries: number, nowMs: number): string {
  const wait = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1));
  return new Date(nowMs + wait).toISOString();
}

/**
 * Queues a token no sign-in row holds (Forgot PIN's password check) after `tries` failed
 * tries: its id in the queue.
 */
export async function queueRevocation(
  db: Db,
  token: string,
  { nowMs = Date.now(), tries = 0, secrets = env().SESSION_SECRET }: QueueOptions = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const at = new Date(nowMs).toISOString();
  const due = tries === 0 ? at : nextTryAt(tries, nowMs);
  await db
    .insertInto("pending_revocations")
    .values({ id, token_sealed: sealToken(token, id, secrets), queued_at: at, tries, due_at: due })
    .execute();
  return id;
}

type QueueOptions = { nowMs?: number; tries?: number; secrets?: readonly string[] };

/** The queued tokens due by now, the longest waiting first. */
export async function dueRevocations(db: Db, nowMs = Date.now(), limit = SWEEP_BATCH) {
  return db
    .selectFrom("pending_revocations")
    .selectAll()
    .where("due_at", "<=", new Date(nowMs).toISOString())
    .orderBy("due_at")
    .limit(limit)
    .execute();
}

/** Of these queued tokens, those never tried: only a first try is made out of turn. */
function firstTries(db: Db, ids: readonly string[]) {
  return db.selectFrom("pending_revocations").selectAll().where("id", "in", ids).where("tries", "=", 0).execute();
}

type Outcome = "revoked" | "retry" | "dropped";

/** Whether a failed revocation may work later: the upstream was away, not saying no. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof UpstreamError) || error.isTemporary;
}

async function tryOne(
  db: Db,
  row: PendingRevocationsTable,
  revoke: Revoke,
  nowMs: number,
  secrets: readonly string[],
): Promise<Outcome> {
  const token = openToken(row.token_sealed, row.id, secrets);
  let outcome: Outcome;
  if (token === null) {
    // Sealed under a secret no longer listed: nobody can use it through the portal either.
    outcome = "dropped";
  } else {
    outcome = await revoke(token).then(
      (): Outcome => "revoked",
      // Refused as unknown or already revoked counts as done, as does any other refusal:
      // the upstream answered, and asking again would get the same answer.
      (error: unknown): Outcome => (worthRetrying(error) ? "retry" : "revoked"),
    );
  }
  const tries = row.tries + 1;
  if (outcome === "retry" && tries >= MOST_TRIES) outcome = "dropped";
  if (outcome === "retry") {
    await db
      .updateTable("pending_revocations")
      .set({ tries, due_at: nextTryAt(tries, nowMs) })
      .where("id", "=", row.id)
      .execute();
  } else {
    await db.deleteFrom("pending_revocations").where("id", "=", row.id).execute();
  }
  if (outcome === "dropped") log("warn", "sign-in.revocation-given-up", { tries, queuedAt: row.queued_at });
  return outcome;
}

/**
 * Tries to revoke the queued tokens: these ids (just ended, tried at once if never tried), or,
 * without ids, those due now. A token the upstream could not take stays queued for
 * a later try; how each went, in order.
 */
export async function revokeQueued(
  db: Db,
  revoke: Revoke,
  ids?: readonly string[],
  nowMs = Date.now(),
  secrets: readonly string[] = env().SESSION_SECRET,
): Promise<Outcome[]> {
  if (ids?.length === 0) return [];
  const rows = ids === undefined ? await dueRevocations(db, nowMs) : await firstTries(db, ids);
  return Promise.all(rows.map((row) => tryOne(db, row, revoke, nowMs, secrets)));
}

let lastSweepMs = 0;

/**
 * In the background, at most once per SWEEP_EVERY_MS per process: retries the queued tokens
 * that are due. Never rejects; a failure is logged.
 */
export function sweepRevocations(db: Db, revoke: Revoke, nowMs = Date.now()): void {
  if (nowMs - lastSweepMs < SWEEP_EVERY_MS) return;
  lastSweepMs = nowMs;
  void revokeQueued(db, revoke, undefined, nowMs).catch((error: unknown) => {
    log("warn", "sign-in.revocation-sweep-failed", { error: error instanceof Error ? error.message : String(error) });
  });
}

/**
 * A token no sign-in row holds, revoked now; queued for a later try when the upstream cannot
 * take it now.
 */
export async function revokeOrQueue(db: Db, revoke: Revoke, token: string, nowMs = Date.now()): Promise<void> {
  try {
    await revoke(token);
  } catch (error) {
    if (worthRetrying(error)) await queueRevocation(db, token, { nowMs, tries: 1 });
  }
}
