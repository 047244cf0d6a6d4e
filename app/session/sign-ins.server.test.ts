import { afterEach, describe, expect, it, vi } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { openStore, storeLocation, type Store } from "../store/database.server.ts";
import { storeWriteWorked } from "../infra/store-writes.server.ts";
import { openToken } from "./token-seal.server.ts";
import {
  adoptCookieToken,
  endOtherSignIns,
  endSignIn,
  endSignInByHandle,
  endedElsewhere,
  listSignIns,
  liveSignIn,
  recordSignIn,
  removeExpiredSignIns,
  signInHandle,
} from "./sign-ins.server.ts";

// The sign-in rows on both engines (decision 049): what Profile lists and what a signed-in
// request finds, with a clock the tests move.

const freshUrl = freshDatabases("sign-ins");
let store: Store | undefined;

afterEach(async () => {
  await store?.close();
  store = undefined;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.parse("2026-11-25T20:14:00Z"); // 9:14 pm in Lagos
const TOKEN = "upstream-token-0123456789";
const OLD = "the-secret-before-rotation-0123";
const NEW = "the-secret-after-rotation-45678";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function openFresh(engine: "sqlite" | "postgres"): Promise<Store> {
  const url = await freshUrl(engine);
  store = await openStore(storeLocation(url));
  return store;
}

async function seenAtOf(db: Store["db"], id: string): Promise<string | undefined> {
  const row = await db.selectFrom("sign_ins").select("seen_at").where("id", "=", id).executeTakeFirst();
  return row?.seen_at;
}

describe.each(["sqlite", "postgres"] as const)("sign-ins on %s", (engine) => {
  it("records a row per sign-in: a random id, the account, the browser, the address and the times", async () => {
    const { db } = await openFresh(engine);
    const first = await recordSignIn(
      db,
      { accountId: 7, userAgent: ANDROID_CHROME, address: "102.89.1.7", token: TOKEN },
      NOW,
    );
    const second = await recordSignIn(
      db,
      { accountId: 7, userAgent: ANDROID_CHROME, address: "102.89.1.7", token: TOKEN },
      NOW,
    );
    expect(first.id).toMatch(/^[\w-]{43}$/);
    expect(second.id).not.toBe(first.id);
    const row = await db.selectFrom("sign_ins").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: 7,
      browser: "Chrome",
      system: "Android",
      address: "102.89.1.7",
      created_at: "2026-11-25T20:14:00.000Z",
      seen_at: "2026-11-25T20:14:00.000Z",
    });
    expect((await liveSignIn(db, first.id, NOW + MINUTE))?.signIn).toMatchObject({ accountId: 7, browser: "Chrome" });
  });

  it("writes the last-seen time at most once a minute", async () => {
    const { db } = await openFresh(engine);
    const { id } = await recordSignIn(
      db,
      { accountId: 7, userAgent: ANDROID_CHROME, address: "::1", token: TOKEN },
      NOW,
    );
    expect((await liveSignIn(db, id, NOW + 59_000))?.seen).toBe(false);
    expect(await seenAtOf(db, id)).toBe("2026-11-25T20:14:00.000Z");
    expect((await liveSignIn(db, id, NOW + MINUTE))?.seen).toBe(true);
    expect(await seenAtOf(db, id)).toBe("2026-11-25T20:15:00.000Z");
    expect((await liveSignIn(db, id, NOW + MINUTE + 30_000))?.seen).toBe(false);
    expect(await seenAtOf(db, id)).toBe("2026-11-25T20:15:00.000Z");
  });

  it("finds nothing for a sign-in past 30 idle minutes or 12 hours, and deletes its row", async () => {
    const { db } = await openFresh(engine);
    const idle = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW);
    expect(await liveSignIn(db, idle.id, NOW + 30 * MINUTE + 1)).toBeNull();
    expect(await seenAtOf(db, idle.id)).toBeUndefined();

    let busy = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW);
    for (let minute = 20; minute <= 12 * 60; minute += 20) {
      const live = await liveSignIn(db, busy.id, NOW + minute * MINUTE);
      expect(live, `after ${minute} minutes`).not.toBeNull();
      if (live) busy = live.signIn;
    }
    expect(await liveSignIn(db, busy.id, NOW + 12 * 60 * MINUTE + 1)).toBeNull();
  });

  it("lists the account's own live sign-ins, most recently used first, this one marked", async () => {
    const { db } = await openFresh(engine);
    const phone = await recordSignIn(
      db,
      { accountId: 7, userAgent: ANDROID_CHROME, address: "1.1.1.1", token: TOKEN },
      NOW,
    );
    const laptop = await recordSignIn(
      db,
      { accountId: 7, userAgent: WINDOWS_FIREFOX, address: "2.2.2.2", token: TOKEN },
      NOW,
    );
    await recordSignIn(db, { accountId: 8, userAgent: WINDOWS_FIREFOX, address: "3.3.3.3", token: TOKEN }, NOW);
    await liveSignIn(db, phone.id, NOW + 5 * MINUTE);
    const listed = await listSignIns(db, 7, laptop.id, NOW + 6 * MINUTE);
    expect(listed.map((signIn) => [signIn.browser, signIn.system, signIn.address, signIn.current])).toEqual([
      ["Chrome", "Android", "1.1.1.1", false],
      ["Firefox", "Windows", "2.2.2.2", true],
    ]);
    expect(listed[0]?.handle).toBe(signInHandle(phone.id));
    expect(JSON.stringify(listed)).not.toContain(phone.id);
  });

  it("ends one sign-in by its handle, only the account's own", async () => {
    const { db } = await openFresh(engine);
    const mine = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW);
    const theirs = await recordSignIn(db, { accountId: 8, userAgent: null, address: "::1", token: TOKEN }, NOW);
    expect(await endSignInByHandle(db, 7, signInHandle(theirs.id))).toBeNull();
    expect(await liveSignIn(db, theirs.id, NOW)).not.toBeNull();
    expect(await endSignInByHandle(db, 7, signInHandle(mine.id))).toEqual([mine.id]);
    expect(await liveSignIn(db, mine.id, NOW)).toBeNull();
  });

  it("ends every other sign-in of the account, and a logout ends its own", async () => {
    const { db } = await openFresh(engine);
    const here = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW);
    const others = await Promise.all(
      [1, 2, 3].map(() => recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW)),
    );
    const stranger = await recordSignIn(db, { accountId: 8, userAgent: null, address: "::1", token: TOKEN }, NOW);
    expect((await endOtherSignIns(db, 7, here.id)).sort()).toEqual(others.map((other) => other.id).sort());
    for (const other of others) expect(await liveSignIn(db, other.id, NOW)).toBeNull();
    expect(await liveSignIn(db, here.id, NOW)).not.toBeNull();
    expect(await liveSignIn(db, stranger.id, NOW)).not.toBeNull();
    await endSignIn(db, here.id);
    expect(await liveSignIn(db, here.id, NOW)).toBeNull();
  });

  it("keeps the account's last use before each sign-in, even once that sign-in has ended", async () => {
    const { db } = await openFresh(engine);
    const first = await recordSignIn(
      db,
      { accountId: 7, userAgent: ANDROID_CHROME, address: "::1", token: TOKEN },
      NOW,
    );
    expect(first.previous).toBeNull();
    await liveSignIn(db, first.id, NOW + 10 * MINUTE);
    await endSignIn(db, first.id);
    const second = await recordSignIn(
      db,
      { accountId: 7, userAgent: WINDOWS_FIREFOX, address: "::1", token: TOKEN },
      NOW + HOUR,
    );
    expect(second.previous).toEqual({ at: "2026-11-25T20:24:00.000Z", browser: "Chrome", system: "Android" });
    expect((await liveSignIn(db, second.id, NOW + HOUR))?.signIn.previous).toEqual(second.previous);
    const third = await recordSignIn(
      db,
      { accountId: 7, userAgent: null, address: "::1", token: TOKEN },
      NOW + 2 * HOUR,
    );
    expect(third.previous).toEqual({ at: "2026-11-25T21:14:00.000Z", browser: "Firefox", system: "Windows" });
  });

  it("cleans up expired rows, and every new sign-in does so too", async () => {
    const { db } = await openFresh(engine);
    const old = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW);
    const recent = await recordSignIn(
      db,
      { accountId: 8, userAgent: null, address: "::1", token: TOKEN },
      NOW + 20 * MINUTE,
    );
    expect(await removeExpiredSignIns(db, NOW + 31 * MINUTE)).toEqual([old.id]);
    expect(await seenAtOf(db, old.id)).toBeUndefined();
    expect(await seenAtOf(db, recent.id)).toBeDefined();
    await recordSignIn(db, { accountId: 9, userAgent: null, address: "::1", token: TOKEN }, NOW + 60 * MINUTE);
    expect(await seenAtOf(db, recent.id)).toBeUndefined();
  });

  it("keeps the upstream token in the row sealed, and opens it under any listed secret (decision 064)", async () => {
    const { db } = await openFresh(engine);
    const signIn = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW, [OLD]);
    const row = await db.selectFrom("sign_ins").selectAll().where("id", "=", signIn.id).executeTakeFirstOrThrow();
    expect(row.token_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect((await liveSignIn(db, signIn.id, NOW, [OLD]))?.token).toBe(TOKEN);
    // Rotated: the new secret first, the old one still listed.
    expect((await liveSignIn(db, signIn.id, NOW, [NEW, OLD]))?.token).toBe(TOKEN);
    // The old secret dropped: the sign-in is over.
    expect(await liveSignIn(db, signIn.id, NOW, [NEW])).toBeNull();
    // Sealed for one row, it does not open in another.
    const other = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: "x" }, NOW, [OLD]);
    await db.updateTable("sign_ins").set({ token_sealed: row.token_sealed }).where("id", "=", other.id).execute();
    expect(await liveSignIn(db, other.id, NOW, [OLD])).toBeNull();
  });

  it("queues the token of every sign-in that ends, however it ends", async () => {
    const { db } = await openFresh(engine);
    const record = (token: string, at = NOW) =>
      recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token }, at, [OLD]);
    const loggedOut = await record("logged-out");
    const byHandle = await record("by-handle");
    const here = await record("here");
    await record("elsewhere");
    const idle = await record("idle", NOW - 31 * MINUTE);
    const swept = await record("swept", NOW - 13 * HOUR);
    await endSignIn(db, loggedOut.id, NOW);
    await endSignInByHandle(db, 7, signInHandle(byHandle.id), NOW);
    await endOtherSignIns(db, 7, here.id, NOW);
    expect(await liveSignIn(db, idle.id, NOW, [OLD])).toBeNull();
    expect(await liveSignIn(db, swept.id, NOW, [OLD])).toBeNull();
    const queued = await db.selectFrom("pending_revocations").selectAll().execute();
    const tokens = queued.map((row) => openToken(row.token_sealed, row.id, [OLD])).sort();
    expect(tokens).toEqual(["by-handle", "elsewhere", "idle", "logged-out", "swept"]);
    expect(queued.every((row) => row.tries === 0 && row.due_at === new Date(NOW).toISOString())).toBe(true);
    expect((await db.selectFrom("sign_ins").select("id").execute()).map((row) => row.id)).toEqual([here.id]);
    // Ending a row already ended queues nothing twice.
    expect(await endSignIn(db, loggedOut.id, NOW)).toEqual([]);
    expect(await db.selectFrom("pending_revocations").select("id").execute()).toHaveLength(5);
  });

  it("tells a sign-in ended from another browser from one that ended here or ran out of time", async () => {
    const { db } = await openFresh(engine);
    const record = (at = NOW) => recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, at);
    const here = await record();
    const byHandle = await record();
    const everywhereElse = await record();
    const loggedOut = await record();
    const idle = await record(NOW - 31 * MINUTE);
    expect(await liveSignIn(db, idle.id, NOW)).toBeNull();
    await endSignIn(db, loggedOut.id, NOW);
    await endSignInByHandle(db, 7, signInHandle(byHandle.id), NOW);
    await endOtherSignIns(db, 7, here.id, NOW);
    const elsewhere = async (id: string) => endedElsewhere(db, id);
    expect(await elsewhere(byHandle.id)).toBe(true);
    expect(await elsewhere(everywhereElse.id)).toBe(true);
    expect(await elsewhere(loggedOut.id)).toBe(false);
    expect(await elsewhere(idle.id)).toBe(false);
    expect(await elsewhere(here.id)).toBe(false);
    // The note lasts as long as a sign-in can: a sign-in ended elsewhere 12 hours on clears it.
    const later = await record(NOW + 12 * HOUR + MINUTE);
    await record(NOW + 12 * HOUR + MINUTE);
    await endOtherSignIns(db, 7, later.id, NOW + 12 * HOUR + 2 * MINUTE);
    expect(await elsewhere(byHandle.id)).toBe(false);
  });

  it("moves a token from a cookie of before decision 064 into its row, once", async () => {
    const { db } = await openFresh(engine);
    const signIn = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW, [OLD]);
    await db.updateTable("sign_ins").set({ token_sealed: null }).where("id", "=", signIn.id).execute();
    expect((await liveSignIn(db, signIn.id, NOW, [OLD]))?.token).toBeNull();
    expect(await adoptCookieToken(db, signIn.id, TOKEN, [OLD])).toBe(true);
    expect(await adoptCookieToken(db, signIn.id, "another", [OLD])).toBe(false);
    expect((await liveSignIn(db, signIn.id, NOW, [OLD]))?.token).toBe(TOKEN);
  });

  it("goes on with the row as read when its last use cannot be written, and says so once", async () => {
    const { db } = await openFresh(engine);
    const signIn = await recordSignIn(db, { accountId: 7, userAgent: null, address: "::1", token: TOKEN }, NOW, [OLD]);
    // The last-use write now fails, as on a disk that takes no writes.
    await db.schema.dropTable("last_uses").execute();
    const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    // Another test of this worker may have left the store's failure said already.
    storeWriteWorked();
    const written = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      for (const minutes of [2, 4, 6]) {
        const live = await liveSignIn(db, signIn.id, NOW + minutes * MINUTE, [OLD]);
        expect(live).toMatchObject({ token: TOKEN, seen: false, signIn: { seenAt: new Date(NOW).toISOString() } });
      }
      const warnings = written.mock.calls.filter(([line]) => String(line).includes('"store.unwritable"'));
      expect(warnings).toHaveLength(1);
    } finally {
      // The store's failure is the process's own news: said again only after a write works.
      storeWriteWorked();
      quiet.mockRestore();
      written.mockRestore();
    }
  });
});
