import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { openStore, type Store, storeLocation } from "../store/database.server.ts";
import { type Batch, BATCH_TTL_MS, batchIdOf, type BatchStore, createBatchStore } from "./batches.server.ts";

// Where a bulk purchase lives while it runs and for a day after, on both engines the portal's
// own data may live in (decision 051): Confirm pressed twice, or on two portals at once, must
// start one batch, the results page must find it after a restart, and day-old batches go.

/** A new, empty database on an engine, by URL. */
const freshUrl = freshDatabases("batches");
const opened: Store[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const CREATED = 1_700_000_000_000;

/** A clock the test moves by hand. */
function clock(start = CREATED) {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}

/** Opens the database as a portal starting on it does: its own file handle or connection pool. */
async function open(url: string): Promise<Store> {
  const store = await openStore(storeLocation(url));
  opened.push(store);
  return store;
}

function batch(id: string, changes: Partial<Batch> = {}): Batch {
  return {
    id,
    userId: 7,
    key: "5f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f",
    product: "airtime",
    createdAt: CREATED,
    touchedAt: CREATED,
    formDigest: "digest-1",
    finishedAt: null,
    stopped: null,
    rows: [
      {
        row: 1,
        phone: "08031234567",
        network: "MTN",
        item: "₦200 airtime",
        chargeKobo: 200_00,
        soldForKobo: null,
        order: { product: "airtime", subcategoryId: 1, phoneNumber: "08031234567", amountKobo: 200_00 },
        outcome: "not-started",
        message: "",
        transactionId: null,
      },
    ],
    leftOut: [],
    ...changes,
  };
}

async function batchesIn(store: Store): Promise<string[]> {
  const rows = await store.db.selectFrom("bulk_batches").select("id").orderBy("id").execute();
  return rows.map((row) => row.id);
}

describe.each(["sqlite", "postgres"] as const)("the batches on %s", (engine) => {
  async function fresh(now?: () => number): Promise<{ store: Store; batches: BatchStore }> {
    const store = await open(await freshUrl(engine));
    return { store, batches: createBatchStore(store.db, now ?? clock().now) };
  }

  it("gives back the batch it was given, with the rows the review left out and their reasons", async () => {
    const { batches } = await fresh();
    const leftOut = [
      { row: 2, text: "07001234567", network: "", reason: { kind: "no-network" } as const },
      { row: 3, text: "0803123456a", network: "", reason: { kind: "not-digits", text: "0803123456a" } as const },
      { row: 4, text: "08031234567", network: "MTN", reason: { kind: "no-plan", network: "MTN" } as const },
    ];
    await expect(batches.create(batch("a", { leftOut }))).resolves.toBe(true);
    await expect(batches.read(7, "a")).resolves.toEqual(batch("a", { leftOut }));
  });

  it("reads a batch stored before the reasons were kept as data, with its reasons in words", async () => {
    const { batches } = await fresh();
    const leftOut = [{ row: 2, text: "07001234567", network: "", reason: "Choose this number's network." }];
    await expect(batches.create(batch("a", { leftOut }))).resolves.toBe(true);
    await expect(batches.read(7, "a")).resolves.toEqual(batch("a", { leftOut }));
  });

  it("reads a batch stored before rows had a Sold for as rows without one, and keeps one it is given", async () => {
    const { store, batches } = await fresh();
    await batches.create(batch("a"));
    const [stored] = JSON.parse(
      (await store.db.selectFrom("bulk_batches").select("rows_to_buy").executeTakeFirstOrThrow()).rows_to_buy,
    ) as Record<string, unknown>[];
    const before = Object.fromEntries(Object.entries(stored ?? {}).filter(([key]) => key !== "soldForKobo"));
    await store.db
      .updateTable("bulk_batches")
      .set({ rows_to_buy: JSON.stringify([before]) })
      .execute();
    await expect(batches.read(7, "a")).resolves.toEqual(batch("a"));

    const priced = batch("b");
    for (const row of priced.rows) row.soldForKobo = 208_00;
    await batches.create(priced);
    expect((await batches.read(7, "b"))?.rows.map((row) => row.soldForKobo)).toEqual([208_00]);
  });

  it("finds no batch that was never created, and none of another account's", async () => {
    const { batches } = await fresh();
    await batches.create(batch("a"));
    await expect(batches.read(7, "missing")).resolves.toBeNull();
    await expect(batches.read(8, "a")).resolves.toBeNull();
  });

  it("creates a batch once: Confirm posted again is told so, and the first batch is kept", async () => {
    const { batches } = await fresh();
    await expect(batches.create(batch("a"))).resolves.toBe(true);
    await expect(batches.create(batch("a", { formDigest: "digest-2", stopped: "second" }))).resolves.toBe(false);
    await expect(batches.read(7, "a")).resolves.toEqual(batch("a"));
  });

  it("creates one batch of 20 Confirms of one review posted at once to two portals", async () => {
    const url = await freshUrl(engine);
    const [first, second] = [await open(url), await open(url)];
    const portals = [createBatchStore(first.db, clock().now), createBatchStore(second.db, clock().now)] as const;
    const tries = Array.from({ length: 20 }, (_, index) => batch("a", { formDigest: `digest-${index}` }));
    const created = await Promise.all(tries.map((each, index) => portals[index % 2 === 0 ? 0 : 1].create(each)));
    expect(created.filter(Boolean)).toHaveLength(1);
    const winner = tries[created.indexOf(true)];
    // Either portal reads the one batch, as the winner wrote it.
    for (const portal of portals) await expect(portal.read(7, "a")).resolves.toEqual(winner);
    expect(await batchesIn(first)).toEqual(["a"]);
  });

  it("keeps what the runner saves, and only that", async () => {
    const { batches } = await fresh();
    await batches.create(batch("a"));
    const saved = batch("a", { touchedAt: CREATED + 1_000, finishedAt: CREATED + 2_000, stopped: "Stopped." });
    const first = saved.rows[0];
    if (first !== undefined) Object.assign(first, { outcome: "delivered", message: "Sent.", transactionId: 99 });
    await batches.save(saved);
    await expect(batches.read(7, "a")).resolves.toEqual(saved);
    // What a Confirm made is the Confirm's: a save does not move the batch to another
    // account, key or list.
    await batches.save({ ...saved, userId: 8, key: "6f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f", formDigest: "other" });
    await expect(batches.read(7, "a")).resolves.toEqual(saved);
  });

  it("keeps a copy: a change the runner has not saved is not seen", async () => {
    const { batches } = await fresh();
    const created = batch("a");
    await batches.create(created);
    created.stopped = "not saved";
    await expect(batches.read(7, "a")).resolves.toMatchObject({ stopped: null });
  });

  it("does not create a batch by saving one it does not hold", async () => {
    const { store, batches } = await fresh();
    await batches.save(batch("a"));
    await expect(batches.read(7, "a")).resolves.toBeNull();
    expect(await batchesIn(store)).toEqual([]);
  });

  it("keeps a batch for a day after it was created, however recently it was saved, and not a millisecond longer", async () => {
    const time = clock();
    const { batches } = await fresh(time.now);
    await batches.create(batch("a"));
    time.advance(BATCH_TTL_MS - 1_000);
    await batches.save(batch("a", { touchedAt: time.now(), stopped: "saved late" }));
    time.advance(999);
    await expect(batches.read(7, "a")).resolves.not.toBeNull();
    time.advance(1);
    await expect(batches.read(7, "a")).resolves.toBeNull();
  });

  it("lets an expired batch's id be created afresh", async () => {
    const time = clock();
    const { batches } = await fresh(time.now);
    await batches.create(batch("a"));
    time.advance(BATCH_TTL_MS);
    await expect(batches.create(batch("a", { createdAt: time.now(), formDigest: "digest-2" }))).resolves.toBe(true);
    await expect(batches.read(7, "a")).resolves.toMatchObject({ formDigest: "digest-2" });
  });

  it("deletes the batches older than a day when the next one is created, and keeps the rest", async () => {
    const time = clock();
    const { store, batches } = await fresh(time.now);
    await batches.create(batch("old"));
    time.advance(12 * 60 * 60_000);
    await batches.create(batch("younger", { createdAt: time.now() }));
    time.advance(12 * 60 * 60_000);
    await batches.create(batch("new", { createdAt: time.now() }));
    expect(await batchesIn(store)).toEqual(["new", "younger"]);
  });

  it("keeps its batches when the portal restarts on the same database", async () => {
    const url = await freshUrl(engine);
    const before = await open(url);
    await createBatchStore(before.db, clock().now).create(batch("a"));
    await before.close();
    opened.splice(opened.indexOf(before), 1);
    const after = await open(url);
    await expect(createBatchStore(after.db, clock().now).read(7, "a")).resolves.toEqual(batch("a"));
  });
});

describe("batchIdOf", () => {
  const key = "5f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f";

  it("gives the same id to the same person's same review, so Confirm posted twice finds one batch", () => {
    expect(batchIdOf(7, key)).toBe(batchIdOf(7, key));
  });

  it("is short and safe in a URL path", () => {
    expect(batchIdOf(7, key)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("differs for another person or another review", () => {
    const ids = new Set([batchIdOf(7, key), batchIdOf(8, key), batchIdOf(7, "6f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f")]);
    expect(ids.size).toBe(3);
  });

  it("does not show the review's key", () => {
    expect(batchIdOf(7, key)).not.toContain(key.slice(0, 8));
  });
});
