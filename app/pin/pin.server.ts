import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { isPinFormat, PIN_LOCK_MS, type PinRequirement, pinLock, WRONG_PIN_WINDOW_MS } from "../domain/pin.ts";
import { pinLockedMessage, wrongPinMessage } from "./messages.ts";
import { m } from "../i18n/paraglide/messages.js";
import { env } from "../infra/env.server.ts";
import { portalStore } from "../store/database.server.ts";
import { exclusive, LOCK_SPACE } from "../store/exclusive.server.ts";

// The transaction PIN (decision 056): a salted scrypt hash in the portal's own
// database, compared in constant time, never logged. Wrong tries are counted there too, so
// the lock holds across every container that shares the database.

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// 16 MB and about 50 ms a try: slow enough that a stolen table is expensive to try all
// 10,000 PINs against, quick enough for a Confirm.
const COST = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt, KEY_LENGTH, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, "base64");
  const cost = { N: Number(n), r: Number(r), p: Number(p), maxmem: COST.maxmem };
  const actual = await scryptAsync(pin, Buffer.from(salt, "base64"), expected.length, cost);
  return timingSafeEqual(actual, expected);
}

export async function hasPin(accountId: number): Promise<boolean> {
  const { db } = portalStore();
  const row = await db
    .selectFrom("transaction_pins")
    .select("account_id")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets or replaces the account's PIN; earlier wrong tries no longer count. */
export async function savePin(accountId: number, pin: string): Promise<void> {
  const { db } = portalStore();
  const pinHash = await hashPin(pin);
  const changedAt = new Date().toISOString();
  await db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto("transaction_pins")
      .values({ account_id: accountId, pin_hash: pinHash, changed_at: changedAt })
      .onConflict((conflict) => conflict.column("account_id").doUpdateSet({ pin_hash: pinHash, changed_at: changedAt }))
      .execute();
    await transaction.deleteFrom("pin_attempts").where("account_id", "=", accountId).execute();
  });
}

export type PinCheck =
  | { result: "right" }
  | { result: "no-pin" }
  | { result: "wrong"; message: string }
  | { result: "locked"; message: string };

/** Each account's newest PIN check in this process, which the next one waits for. */
const lastChecks = new Map<number, { pin: string; check: Promise<PinCheck> }>();

function samePin(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Checks a PIN against the account's. A try is counted before it is compared, under a lock
 * on the account, so however many are posted at once no more than five are compared in a
 * window; a locked account's tries are not compared at all. A right PIN clears the count.
 *
 * In this process an account's checks run one after another (decision 053): a try being
 * compared counts as if wrong, so one made beside it could find five and answer "locked" to
 * the right PIN, pressed twice after four wrong ones. The PIN the check before found right
 * is right again without a try or a compare, so fifty presses cost one. `nowMs` is when the
 * check runs, by default.
 */
export function checkPin(accountId: number, pin: string, nowMs?: number): Promise<PinCheck> {
  const previous = lastChecks.get(accountId);
  const check = (async (): Promise<PinCheck> => {
    const before = await previous?.check.catch(() => null);
    if (previous !== undefined && before?.result === "right" && samePin(previous.pin, pin)) return before;
    return checkPinNow(accountId, pin, nowMs);
  })();
  const entry = { pin, check };
  lastChecks.set(accountId, entry);
  void check
    .catch(() => undefined)
    .then(() => {
      if (lastChecks.get(accountId) === entry) lastChecks.delete(accountId);
    });
  return check;
}

async function checkPinNow(accountId: number, pin: string, nowMs: number | undefined): Promise<PinCheck> {
  const { db, engine } = portalStore();
  const reserved = await exclusive(db, engine, { space: LOCK_SPACE.pin, key: accountId }, async (transaction) => {
    // "Now" is read once the lock is held, and is never before a try already recorded:
    // pinLock leaves tries after "now" out, so a time read before waiting for another
    // container's check (or a container whose clock is behind) would let a sixth wrong PIN
    // be compared.
    const readAt = nowMs ?? Date.now();
    const since = new Date(readAt - WRONG_PIN_WINDOW_MS - PIN_LOCK_MS).toISOString();
    const row = await transaction
      .selectFrom("transaction_pins")
      .select("pin_hash")
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (row === undefined) return { result: "no-pin" } as const;
    await transaction.deleteFrom("pin_attempts").where("account_id", "=", accountId).where("at", "<", since).execute();
    const earlier = await transaction
      .selectFrom("pin_attempts")
      .select("at")
      .where("account_id", "=", accountId)
      .execute();
    const tries = earlier.map((attempt) => Date.parse(attempt.at));
    const now = Math.max(readAt, ...tries);
    const before = pinLock(tries, now);
    if (before.locked) return { result: "locked", message: pinLockedMessage(before.untilMs) } as const;
    await transaction
      .insertInto("pin_attempts")
      .values({ account_id: accountId, at: new Date(now).toISOString() })
      .execute();
    return { result: "compare", pinHash: row.pin_hash, after: pinLock([...tries, now], now) } as const;
  });
  if (reserved.result !== "compare") return reserved;
  if (await pinMatches(pin, reserved.pinHash)) {
    await db.deleteFrom("pin_attempts").where("account_id", "=", accountId).execute();
    return { result: "right" };
  }
  const { after } = reserved;
  return after.locked
    ? { result: "locked", message: pinLockedMessage(after.untilMs) }
    : { result: "wrong", message: wrongPinMessage(after.triesLeft) };
}

/**
 * What a step that spends money asks for (TRANSACTION_PIN): the PIN, nothing, or that the
 * person sets one first.
 */
export async function pinRequirement(accountId: number): Promise<PinRequirement> {
  if (env().TRANSACTION_PIN === "off") return "skip";
  return pinRequirementOf(await hasPin(accountId));
}

/** The same for an account already known to have a PIN or not (Profile reads that once). */
export function pinRequirementOf(pinSet: boolean): PinRequirement {
  const mode = env().TRANSACTION_PIN;
  if (mode === "off") return "skip";
  if (pinSet) return "ask";
  return mode === "required" ? "set-first" : "skip";
}

/**
 * "Buying is locked until …" while five wrong PINs lock the account, else null. Only reads: no
 * try is counted. A try being compared at this moment counts as wrong until it is found right
 * (decision 053), so a page shown in those milliseconds may say locked once.
 */
async function lockedMessage(accountId: number, nowMs: number): Promise<string | null> {
  const { db } = portalStore();
  const since = new Date(nowMs - WRONG_PIN_WINDOW_MS - PIN_LOCK_MS).toISOString();
  const rows = await db
    .selectFrom("pin_attempts")
    .select("at")
    .where("account_id", "=", accountId)
    .where("at", ">=", since)
    .execute();
  const tries = rows.map((attempt) => Date.parse(attempt.at));
  const lock = pinLock(tries, Math.max(nowMs, ...tries));
  return lock.locked ? pinLockedMessage(lock.untilMs) : null;
}

/** What a step that spends money shows before any try: the PIN's requirement, and the lock's words while it holds. */
export type PinAsk = { requirement: PinRequirement; locked: string | null };

/** The confirmation says buying is locked before the person types a PIN only to be refused (decision 069). */
export async function pinAsk(accountId: number, nowMs = Date.now()): Promise<PinAsk> {
  const requirement = await pinRequirement(accountId);
  return { requirement, locked: requirement === "ask" ? await lockedMessage(accountId, nowMs) : null };
}

/** Why a step may not go ahead; `locked` when the words are the lock's. */
export type PinRefusal = { message: string; locked: boolean };

/** The refusal of the posted PIN, or null when the step may go ahead. */
export async function refusePin(accountId: number, posted: FormDataEntryValue | null): Promise<PinRefusal | null> {
  const { requirement, locked } = await pinAsk(accountId);
  if (requirement === "skip") return null;
  const refused = (message: string, isLock = false) => ({ message, locked: isLock });
  if (requirement === "set-first") return refused(m.buy_pin_needed());
  // Locked, a post without a PIN (a page shown before the lock) is told why, not "PIN is required!".
  if (locked !== null) return refused(locked, true);
  const pin = typeof posted === "string" ? posted.replace(/\s/g, "") : "";
  if (pin === "") return refused(m.buy_pin_required());
  if (!isPinFormat(pin)) return refused(m.buy_pin_format());
  const check = await checkPin(accountId, pin);
  if (check.result === "right") return null;
  return check.result === "no-pin" ? refused(m.buy_pin_needed()) : refused(check.message, check.result === "locked");
}

/** A refusal to show beside the PIN field, or null when the step may go ahead. */
export async function pinRefusal(accountId: number, posted: FormDataEntryValue | null): Promise<string | null> {
  return (await refusePin(accountId, posted))?.message ?? null;
}

/**
 * What the confirmation shows of the PIN: after a refusal, that refusal, the lock's words as the
 * lock (not a PIN field whose every try is refused), any other beside the field; with none, as
 * `pinAsk` finds it. An answer tells what its own try found, not what tries beside it did since.
 */
export async function pinView(
  accountId: number,
  refusal: PinRefusal | null,
): Promise<PinAsk & { error: string | null }> {
  if (refusal === null) return { ...(await pinAsk(accountId)), error: null };
  const requirement = await pinRequirement(accountId);
  return refusal.locked
    ? { requirement, locked: refusal.message, error: null }
    : { requirement, locked: null, error: refusal.message };
}
