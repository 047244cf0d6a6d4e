// tsconfig.json's lib stops at ES2023; Promise.withResolvers is ES2024, and Node has it since 22.
/// <reference lib="es2024.promise" />
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import type { Caller } from "../infra/context.ts";
import { log } from "../infra/log.server.ts";
import type { Outcome } from "../purchases/confirm.server.ts";
import type { Confirmation } from "../purchases/confirmation.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { closeStore, openStore, portalStore, storeLocation, storeStartupProblem } from "../store/database.server.ts";
import { salesSince } from "../settings/sales.server.ts";
import { getTransaction } from "../upstream/dashboard.server.ts";
import { type Batch, type BatchRow, type BatchStore, createBatchStore } from "./batches.server.ts";
import { batchProgress, SESSION_ENDED, staleAfterMs } from "./progress.ts";
import { BULK_CONCURRENCY, type Buy, type KeepSale, rowKey, runBatch } from "./runner.server.ts";

vi.mock("../infra/log.server.ts", () => ({
  log: vi.fn(),
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

// A bought row's Sold for is kept by its transaction reference, which only the upstream's row
// says (call 37): each transaction's reference here is "REF-" and its id.
vi.mock("../upstream/dashboard.server.ts", () => ({
  getTransaction: vi.fn(async (_caller: Caller, id: number) => ({ reference: `REF-${id}` })),
}));

// The runner spends the person's money row by row: every row is bought once, never twice,
// two at a time, and the store always knows a row is being bought before it is.

const BATCH_KEY = "5f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f";
const CREATED = 1_700_000_000_000;
const caller: Caller = { requestId: "request-1", token: "token-1" };
const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function row(number: number): BatchRow {
  const phone = `080312345${String(number).padStart(2, "0")}`;
  return {
    row: number,
    phone,
    network: "MTN",
    item: "₦200 airtime",
    chargeKobo: 200_00,
    soldForKobo: null,
    order: { product: "airtime", subcategoryId: 1, phoneNumber: phone, amountKobo: 200_00 },
    outcome: "not-started",
    message: "",
    transactionId: null,
  };
}

function batch(count: number): Batch {
  return {
    id: "batch-1",
    userId: 7,
    key: BATCH_KEY,
    product: "airtime",
    createdAt: CREATED,
    touchedAt: CREATED,
    formDigest: "digest-1",
    finishedAt: null,
    stopped: null,
    rows: Array.from({ length: count }, (_, index) => row(index + 1)),
    leftOut: [],
  };
}

/**
 * A store that keeps every batch saved, as the progress page would have read it at that
 * moment; its saves wait for `slow` when given.
 */
function recordingStore(slow?: Promise<void>) {
  const saved: Batch[] = [];
  const store: BatchStore = {
    create: vi.fn(async () => true),
    read: vi.fn(async () => saved.at(-1) ?? null),
    save: vi.fn(async (batch: Batch) => {
      const copy = structuredClone(batch);
      await slow;
      saved.push(copy);
    }),
  };
  return { store, saved, last: () => saved.at(-1) };
}

/** A buy that answers each row with the outcome `answer` gives for its order, and records its calls. */
function answering(answer: (confirmation: Confirmation) => Outcome) {
  return vi.fn<Buy>(async (_caller, confirmation) => answer(confirmation));
}

/** A buy whose calls wait until the test settles them, one deferred per call. */
function heldBuy() {
  const calls: { confirmation: Confirmation; outcome: PromiseWithResolvers<Outcome> }[] = [];
  const buy = vi.fn<Buy>((_caller, confirmation) => {
    const outcome = Promise.withResolvers<Outcome>();
    calls.push({ confirmation, outcome });
    return outcome.promise;
  });
  return { buy, calls };
}

const phoneOf = (confirmation: Confirmation) =>
  confirmation.order.product === "airtime" ? confirmation.order.phoneNumber : "";

/** Lets every promise that can settle now settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const delivered: Outcome = { kind: "success", message: "Airtime sent.", transactionId: 1 };
const signedOut: Outcome = { kind: "signed-out", error: new UpstreamError("unauthenticated", "Token expired.") };

describe("runBatch", () => {
  it("buys every row once, with the row's own order and key, as the person who confirmed it", async () => {
    const { store } = recordingStore();
    const buy = answering(() => delivered);
    const running = batch(5);
    await runBatch(store, running, caller, buy);
    expect(buy).toHaveBeenCalledTimes(5);
    expect(buy.mock.calls.map(([, confirmation]) => confirmation)).toEqual(
      running.rows.map((each) => ({
        userId: 7,
        key: rowKey(BATCH_KEY, each.row),
        issuedAt: CREATED,
        order: each.order,
        values: {},
      })),
    );
    expect(buy.mock.calls.every(([given]) => given === caller)).toBe(true);
  });

  it("writes what each row became, in the upstream's words", async () => {
    const answers: Record<string, Outcome> = {
      "08031234501": { kind: "success", message: "Airtime sent.", transactionId: 101 },
      "08031234502": { kind: "pending", message: "Awaiting the network.", transactionId: 102 },
      "08031234503": { kind: "refused", message: "Insufficient wallet balance." },
      "08031234504": { kind: "unknown" },
      "08031234505": { kind: "success", message: "", transactionId: null },
    };
    const { store, last } = recordingStore();
    await runBatch(
      store,
      batch(5),
      caller,
      answering((confirmation) => answers[phoneOf(confirmation)] ?? delivered),
    );
    expect(last()?.rows.map(({ outcome, message, transactionId }) => ({ outcome, message, transactionId }))).toEqual([
      { outcome: "delivered", message: "Airtime sent.", transactionId: 101 },
      { outcome: "pending", message: "Awaiting the network.", transactionId: 102 },
      { outcome: "failed", message: "Insufficient wallet balance.", transactionId: null },
      { outcome: "unknown", message: "", transactionId: null },
      { outcome: "delivered", message: "", transactionId: null },
    ]);
  });

  it("ends the batch when every row is settled, with no reason to have stopped", async () => {
    const { store, last } = recordingStore();
    const before = Date.now();
    const running = batch(3);
    await runBatch(
      store,
      running,
      caller,
      answering(() => delivered),
    );
    expect(running.finishedAt).toBeGreaterThanOrEqual(before);
    expect(last()).toEqual(running);
    expect(last()?.stopped).toBeNull();
  });

  it("saves each row as running before buying it", async () => {
    const { store, last } = recordingStore();
    const seen: (string | undefined)[] = [];
    const buy = answering((confirmation) => {
      seen.push(last()?.rows.find((each) => each.phone === phoneOf(confirmation))?.outcome);
      return delivered;
    });
    await runBatch(store, batch(4), caller, buy);
    expect(seen).toEqual(["running", "running", "running", "running"]);
  });

  it("does not buy a row until the store has its running state, however slow the store", async () => {
    const held = Promise.withResolvers<void>();
    const { store, last } = recordingStore(held.promise);
    const buy = answering(() => delivered);
    const done = runBatch(store, batch(2), caller, buy);
    await settle();
    expect(buy).not.toHaveBeenCalled();
    held.resolve();
    await done;
    expect(buy).toHaveBeenCalledTimes(2);
    expect(last()?.rows.map((each) => each.outcome)).toEqual(["delivered", "delivered"]);
  });

  it("buys two rows at a time, never more", async () => {
    const { store } = recordingStore();
    const { buy, calls } = heldBuy();
    const done = runBatch(store, batch(5), caller, buy);
    let most = 0;
    for (let settled = 0; settled < 5; settled += 1) {
      await settle();
      const inFlight = calls.length - settled;
      most = Math.max(most, inFlight);
      expect(inFlight).toBeLessThanOrEqual(BULK_CONCURRENCY);
      calls[settled]?.outcome.resolve(delivered);
    }
    await done;
    expect(BULK_CONCURRENCY).toBe(2);
    expect(most).toBe(2);
    expect(buy).toHaveBeenCalledTimes(5);
  });

  it("starts the next row as soon as either of the two in flight settles", async () => {
    const { store } = recordingStore();
    const { buy, calls } = heldBuy();
    const done = runBatch(store, batch(3), caller, buy);
    await settle();
    expect(calls.map((call) => phoneOf(call.confirmation))).toEqual(["08031234501", "08031234502"]);
    calls[1]?.outcome.resolve(delivered);
    await settle();
    expect(calls.map((call) => phoneOf(call.confirmation))).toEqual(["08031234501", "08031234502", "08031234503"]);
    calls[0]?.outcome.resolve(delivered);
    calls[2]?.outcome.resolve(delivered);
    await done;
  });

  it("stops when the session ends, leaving the rows after it not started and saying why", async () => {
    const { store, last } = recordingStore();
    const { buy, calls } = heldBuy();
    const running = batch(5);
    const done = runBatch(store, running, caller, buy);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.outcome.resolve(signedOut);
    await settle();
    calls[0]?.outcome.resolve(delivered);
    await done;
    expect(buy).toHaveBeenCalledTimes(2);
    expect(last()?.rows.map((each) => each.outcome)).toEqual([
      "delivered",
      "not-started",
      "not-started",
      "not-started",
      "not-started",
    ]);
    expect(last()?.stopped).toBe(SESSION_ENDED);
    expect(last()?.finishedAt).not.toBeNull();
  });

  it("says the session ended in words that tell the person what to do, when the batch is read", () => {
    const ended = batchProgress({ ...batch(1), finishedAt: CREATED, stopped: SESSION_ENDED }, CREATED, 1_000);
    expect(ended.stopped).toBe(
      "Your session ended, so the rows not started were not bought. Sign in and buy them again.",
    );
  });

  it("keeps buying when the store fails to save, and logs it", async () => {
    const store: BatchStore = {
      create: vi.fn(async () => true),
      read: vi.fn(async () => null),
      save: vi.fn(async () => {
        throw new Error("database is locked");
      }),
    };
    const buy = answering(() => delivered);
    const running = batch(3);
    await expect(runBatch(store, running, caller, buy)).resolves.toBeUndefined();
    expect(buy).toHaveBeenCalledTimes(3);
    expect(running.rows.map((each) => each.outcome)).toEqual(["delivered", "delivered", "delivered"]);
    expect(log).toHaveBeenCalledWith("warn", "bulk.save-failed", { batch: "batch-1", error: "database is locked" });
  });

  it("finishes an empty batch without buying anything", async () => {
    const { store, last } = recordingStore();
    const buy = answering(() => delivered);
    await runBatch(store, batch(0), caller, buy);
    expect(buy).not.toHaveBeenCalled();
    expect(last()?.finishedAt).not.toBeNull();
  });

  it("keeps each bought row's Sold for by its transaction, and none for a row that failed or is not known", async () => {
    const answers: Record<string, Outcome> = {
      "08031234501": { kind: "success", message: "Airtime sent.", transactionId: 101 },
      "08031234502": { kind: "pending", message: "Awaiting the network.", transactionId: 102 },
      "08031234503": { kind: "refused", message: "Insufficient wallet balance." },
      "08031234504": { kind: "unknown" },
    };
    const { store, last } = recordingStore();
    const priced = batch(4);
    for (const each of priced.rows) each.soldForKobo = 208_00;
    const keepSale = vi.fn<KeepSale>(async () => true);
    const buy = answering((confirmation) => answers[phoneOf(confirmation)] ?? delivered);
    await runBatch(store, priced, caller, buy, keepSale);
    expect(keepSale.mock.calls.map(([, userId, id, soldFor]) => [userId, id, soldFor])).toEqual([
      [7, 101, 208_00],
      [7, 102, 208_00],
    ]);
    expect(last()?.rows.map((each) => each.soldForKobo)).toEqual([208_00, 208_00, null, null]);
    expect(buy).toHaveBeenCalledTimes(4);
  });

  it("a sale that cannot be kept leaves the row bought, once, and shown without a Sold for", async () => {
    const { store, last } = recordingStore();
    const priced = batch(2);
    for (const each of priced.rows) each.soldForKobo = 208_00;
    const buy = answering(() => delivered);
    await runBatch(store, priced, caller, buy, async () => false);
    expect(last()?.rows.map((each) => [each.outcome, each.soldForKobo])).toEqual([
      ["delivered", null],
      ["delivered", null],
    ]);
    expect(buy).toHaveBeenCalledTimes(2);
  });
});

describe("runBatch on the portal's database, when the portal stops mid-batch", () => {
  it("leaves the rows in flight running and the rest not started: the restarted portal shows them stopped, buys none", async () => {
    const folder = mkdtempSync(join(tmpdir(), "portal-runner-"));
    const location = storeLocation(`file:${join(folder, "portal.db")}`);
    const before = await openStore(location);
    const after = await openStore(location);
    try {
      const dayOfTheBatch = () => CREATED;
      const running = batch(5);
      await createBatchStore(before.db, dayOfTheBatch).create(running);
      const { buy, calls } = heldBuy();
      void runBatch(createBatchStore(before.db, dayOfTheBatch), running, caller, buy);
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      calls[0]?.outcome.resolve(delivered);
      await vi.waitFor(() => expect(calls).toHaveLength(3));
      // The process ends here: rows 2 and 3 were sent to the upstream and never answered.

      const found = await createBatchStore(after.db, dayOfTheBatch).read(7, "batch-1");
      expect(found?.rows.map((each) => each.outcome)).toEqual([
        "delivered",
        "running",
        "running",
        "not-started",
        "not-started",
      ]);
      if (found === null) return;
      const staleMs = staleAfterMs(15_000);
      const stopped = batchProgress(found, found.touchedAt + staleMs + 1, staleMs);
      expect(stopped.running).toBe(false);
      expect(stopped.stopped).toMatch(/^This bulk purchase stopped before the end: the portal was restarted\./);
      expect(stopped.rows.map((each) => each.status)).toEqual([
        "Delivered",
        "Outcome not known yet",
        "Outcome not known yet",
        "Not started",
        "Not started",
      ]);
      expect(buy).toHaveBeenCalledTimes(3);
    } finally {
      await Promise.all([before.close(), after.close()]);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("a row's idempotency key", () => {
  it.each([1, 2, 3, 50, 100])("is an RFC 4122 version 5 UUID for row %i", (number) => {
    expect(rowKey(BATCH_KEY, number)).toMatch(UUID_V5);
  });

  it("is the same each time for the same batch and row, so a retry is not a second purchase", () => {
    expect(rowKey(BATCH_KEY, 3)).toBe(rowKey(BATCH_KEY, 3));
  });

  it("differs for every row of a batch, and from the batch's own key", () => {
    const keys = Array.from({ length: 100 }, (_, index) => rowKey(BATCH_KEY, index + 1));
    expect(new Set(keys).size).toBe(100);
    expect(keys).not.toContain(BATCH_KEY);
    for (const key of keys) expect(key).toMatch(UUID_V5);
  });

  it("differs for the same row of another batch", () => {
    expect(rowKey(BATCH_KEY, 1)).not.toBe(rowKey("6f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f", 1));
  });
});

describe("runBatch's sales in the portal's database (decision 085)", () => {
  const freshUrl = freshDatabases("runner-sales");
  afterEach(() => closeStore());

  it("keeps a bought row's Sold for under its reference, a failed row's not at all", async () => {
    expect(await storeStartupProblem(await freshUrl("sqlite"))).toBeNull();
    const store = createBatchStore(portalStore().db, () => CREATED);
    const priced = batch(3);
    priced.rows.forEach((each, index) => (each.soldForKobo = 208_00 + index * 1_00));
    await store.create(priced);
    const answers: Record<string, Outcome> = {
      "08031234501": { kind: "success", message: "Airtime sent.", transactionId: 101 },
      "08031234502": { kind: "refused", message: "Insufficient wallet balance." },
      "08031234503": { kind: "pending", message: "Awaiting the network.", transactionId: 103 },
    };
    const buy = answering((confirmation) => answers[phoneOf(confirmation)] ?? delivered);
    await runBatch(store, priced, caller, buy);
    const sales = await salesSince(7, new Date(0).toISOString());
    expect([...sales].sort()).toEqual([
      ["REF-101", 208_00],
      ["REF-103", 210_00],
    ]);
    expect(
      vi
        .mocked(getTransaction)
        .mock.calls.map(([, id]) => id)
        .sort(),
    ).toEqual([101, 103]);
    expect((await store.read(7, "batch-1"))?.rows.map((each) => each.soldForKobo)).toEqual([208_00, null, 210_00]);
    expect(buy).toHaveBeenCalledTimes(3);
  });
});
