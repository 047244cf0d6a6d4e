import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { openStore, storeLocation, type Store } from "../store/database.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import {
  dueRevocations,
  FIRST_RETRY_MS,
  MOST_TRIES,
  queueRevocation,
  type Revoke,
  revokeOrQueue,
  revokeQueued,
} from "./revocations.server.ts";
import { endSignIn, recordSignIn } from "./sign-ins.server.ts";

// Ended sign-ins' tokens revoked at the upstream, on both engines (decision 064): at once when
// it answers, later, and later each time, when it cannot be reached; never forever.

const freshUrl = freshDatabases("revocations");
let store: Store | undefined;

afterEach(async () => {
  await store?.close();
  store = undefined;
});

const NOW = Date.parse("2026-11-27T10:00:00Z");
const SECRETS = ["revocation-test-secret-0123456789"];

async function openFresh(engine: "sqlite" | "postgres"): Promise<Store["db"]> {
  store = await openStore(storeLocation(await freshUrl(engine)));
  return store.db;
}

/** An upstream that answers as told, and remembers what it was asked to revoke. */
function upstream(answer: () => Promise<unknown> = () => Promise.resolve({})) {
  const revoked: string[] = [];
  const revoke: Revoke = (token) => {
    revoked.push(token);
    return answer();
  };
  return { revoke, revoked };
}

const unreachable = () => Promise.reject(new UpstreamError("unreachable", "connect ECONNREFUSED"));

async function queuedCount(db: Store["db"]): Promise<number> {
  return (await db.selectFrom("pending_revocations").select("id").execute()).length;
}

async function endedSignIn(db: Store["db"], token: string): Promise<string[]> {
  const signIn = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token }, NOW, SECRETS);
  return endSignIn(db, signIn.id, NOW);
}

describe.each(["sqlite", "postgres"] as const)("revocations on %s", (engine) => {
  it("revokes an ended sign-in's token at once and forgets it", async () => {
    const db = await openFresh(engine);
    const ids = await endedSignIn(db, "token-a");
    const { revoke, revoked } = upstream();
    expect(await revokeQueued(db, revoke, ids, NOW, SECRETS)).toEqual(["revoked"]);
    expect(revoked).toEqual(["token-a"]);
    expect(await queuedCount(db)).toBe(0);
  });

  it("counts a token the upstream no longer knows as revoked", async () => {
    const db = await openFresh(engine);
    const ids = await endedSignIn(db, "token-b");
    const { revoke } = upstream(() => Promise.reject(new UpstreamError("unauthenticated", "Invalid token.")));
    expect(await revokeQueued(db, revoke, ids, NOW, SECRETS)).toEqual(["revoked"]);
    expect(await queuedCount(db)).toBe(0);
  });

  it("keeps a token the upstream could not take, and tries it again when due, later each time", async () => {
    const db = await openFresh(engine);
    const ids = await endedSignIn(db, "token-c");
    const down = upstream(unreachable);
    expect(await revokeQueued(db, down.revoke, ids, NOW, SECRETS)).toEqual(["retry"]);
    // Named again before it is due (its cookie came back), it waits its turn.
    expect(await revokeQueued(db, down.revoke, ids, NOW + 1, SECRETS)).toEqual([]);
    expect(await dueRevocations(db, NOW + FIRST_RETRY_MS - 1)).toHaveLength(0);
    expect(await revokeQueued(db, down.revoke, undefined, NOW + FIRST_RETRY_MS, SECRETS)).toEqual(["retry"]);
    // The second failure waits twice as long.
    const [row] = await db.selectFrom("pending_revocations").selectAll().execute();
    expect(row?.tries).toBe(2);
    expect(row?.due_at).toBe(new Date(NOW + 3 * FIRST_RETRY_MS).toISOString());
    const back = upstream();
    expect(await revokeQueued(db, back.revoke, undefined, NOW + 3 * FIRST_RETRY_MS, SECRETS)).toEqual(["revoked"]);
    expect(back.revoked).toEqual(["token-c"]);
    expect(down.revoked).toEqual(["token-c", "token-c"]);
    expect(await queuedCount(db)).toBe(0);
  });

  it("gives a token up after its last try, so the queue cannot grow without end", async () => {
    const db = await openFresh(engine);
    await queueRevocation(db, "token-d", { nowMs: NOW, secrets: SECRETS });
    const down = upstream(unreachable);
    let at = NOW;
    for (let tries = 1; tries < MOST_TRIES; tries += 1) {
      expect(await revokeQueued(db, down.revoke, undefined, at, SECRETS), `try ${tries}`).toEqual(["retry"]);
      at += 2 * 60 * 60 * 1000;
    }
    expect(await revokeQueued(db, down.revoke, undefined, at, SECRETS)).toEqual(["dropped"]);
    expect(down.revoked).toHaveLength(MOST_TRIES);
    expect(await queuedCount(db)).toBe(0);
  });

  it("drops a token sealed under a secret no longer listed, without calling the upstream", async () => {
    const db = await openFresh(engine);
    await queueRevocation(db, "token-e", { nowMs: NOW, secrets: ["a-secret-since-rotated-away-0000"] });
    const { revoke, revoked } = upstream();
    expect(await revokeQueued(db, revoke, undefined, NOW, SECRETS)).toEqual(["dropped"]);
    expect(revoked).toEqual([]);
  });

  it("queues a token with no row of its own only when the upstream could not take it", async () => {
    const db = await openFresh(engine);
    await revokeOrQueue(db, upstream().revoke, "token-f", NOW);
    expect(await queuedCount(db)).toBe(0);
    await revokeOrQueue(db, upstream(unreachable).revoke, "token-g", NOW);
    const [row] = await db.selectFrom("pending_revocations").selectAll().execute();
    expect(row).toMatchObject({ tries: 1, due_at: new Date(NOW + FIRST_RETRY_MS).toISOString() });
  });
});
