import { describe, expect, it } from "vitest";
import { type Batch, BATCH_TTL_MS, batchIdOf, createMemoryBatchStore } from "./batches.server.ts";

// Where a bulk purchase lives while it runs and for a day after: Confirm pressed twice must
// start one batch, the results page must find it, and a busy portal must not grow forever.

/** A clock the test moves by hand. */
function clock(start = 1_700_000_000_000) {
  let at = start;
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}

function batch(id: string, changes: Partial<Batch> = {}): Batch {
  return {
    id,
    userId: 7,
    key: "5f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f",
    product: "airtime",
    createdAt: 1_700_000_000_000,
    touchedAt: 1_700_000_000_000,
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

describe("createMemoryBatchStore", () => {
  it("gives back the batch it was given", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    await expect(store.create(batch("a"))).resolves.toBe(true);
    await expect(store.read("a")).resolves.toEqual(batch("a"));
  });

  it("reads a batch stored before rows left out were kept as leaving none out", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    const older = batch("a");
    Reflect.deleteProperty(older, "leftOut");
    await store.create(older);
    await expect(store.read("a")).resolves.toEqual(batch("a"));
  });

  it("keeps the rows the review left out, with their reasons", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    const leftOut = [{ row: 2, text: "07001234567", network: "", reason: "Choose this number's network." }];
    await store.create(batch("a", { leftOut }));
    await expect(store.read("a")).resolves.toMatchObject({ leftOut });
  });

  it("finds no batch that was never created", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    await expect(store.read("missing")).resolves.toBeNull();
  });

  it("creates a batch once: Confirm posted again is told so, and the first batch is kept", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    await expect(store.create(batch("a"))).resolves.toBe(true);
    await expect(store.create(batch("a", { userId: 8, stopped: "second" }))).resolves.toBe(false);
    await expect(store.read("a")).resolves.toEqual(batch("a"));
  });

  it("keeps what the runner saves", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    await store.create(batch("a"));
    const saved = batch("a", { touchedAt: 1_700_000_001_000, finishedAt: 1_700_000_002_000 });
    const first = saved.rows[0];
    if (first !== undefined) Object.assign(first, { outcome: "delivered", message: "Sent.", transactionId: 99 });
    await store.save(saved);
    await expect(store.read("a")).resolves.toEqual(saved);
  });

  it("keeps a copy: a change the runner has not saved is not seen", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    const created = batch("a");
    await store.create(created);
    created.stopped = "not saved";
    await expect(store.read("a")).resolves.toMatchObject({ stopped: null });
  });

  it("does not create a batch by saving one it does not hold", async () => {
    const store = createMemoryBatchStore({ maxBatches: 10 });
    await store.save(batch("a"));
    await expect(store.read("a")).resolves.toBeNull();
  });

  it("keeps a batch for a day after it was created, and not a millisecond longer", async () => {
    const time = clock();
    const store = createMemoryBatchStore({ maxBatches: 10, now: time.now });
    await store.create(batch("a"));
    time.advance(BATCH_TTL_MS - 1);
    await expect(store.read("a")).resolves.not.toBeNull();
    time.advance(1);
    await expect(store.read("a")).resolves.toBeNull();
  });

  it("keeps a day from creation, however recently the batch was saved", async () => {
    const time = clock();
    const store = createMemoryBatchStore({ maxBatches: 10, now: time.now });
    await store.create(batch("a"));
    time.advance(BATCH_TTL_MS - 1_000);
    await store.save(batch("a", { stopped: "saved late" }));
    time.advance(1_000);
    await expect(store.read("a")).resolves.toBeNull();
  });

  it("lets an expired batch's id be created afresh", async () => {
    const time = clock();
    const store = createMemoryBatchStore({ maxBatches: 10, now: time.now });
    await store.create(batch("a"));
    time.advance(BATCH_TTL_MS);
    await expect(store.create(batch("a", { userId: 8 }))).resolves.toBe(true);
    await expect(store.read("a")).resolves.toMatchObject({ userId: 8 });
  });

  it("makes room by dropping the oldest batch when full", async () => {
    const time = clock();
    const store = createMemoryBatchStore({ maxBatches: 3, now: time.now });
    for (const id of ["a", "b", "c", "d"]) {
      await expect(store.create(batch(id))).resolves.toBe(true);
      time.advance(1_000);
    }
    const kept = await Promise.all(["a", "b", "c", "d"].map(async (id) => (await store.read(id)) !== null));
    expect(kept).toEqual([false, true, true, true]);
  });

  it("holds no more batches than its bound, however many are created", async () => {
    const store = createMemoryBatchStore({ maxBatches: 5 });
    const ids = Array.from({ length: 20 }, (_, index) => `batch-${index}`);
    for (const id of ids) await store.create(batch(id));
    const kept = await Promise.all(ids.map(async (id) => (await store.read(id)) !== null));
    expect(kept.filter(Boolean)).toHaveLength(5);
    expect(kept.slice(15)).toEqual([true, true, true, true, true]);
  });

  it("still refuses a second Confirm of the oldest batch when the store is full", async () => {
    const store = createMemoryBatchStore({ maxBatches: 2 });
    await store.create(batch("a"));
    await store.create(batch("b"));
    await expect(store.create(batch("a", { stopped: "second" }))).resolves.toBe(false);
    await expect(store.read("a")).resolves.toMatchObject({ stopped: null });
  });

  it("drops no other batch for a second Confirm when the store is full", async () => {
    const store = createMemoryBatchStore({ maxBatches: 2 });
    await store.create(batch("a"));
    await store.create(batch("b"));
    await expect(store.create(batch("b"))).resolves.toBe(false);
    await expect(store.read("a")).resolves.not.toBeNull();
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
