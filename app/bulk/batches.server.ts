import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { redis } from "../infra/redis.server.ts";
import { orderSchema } from "../upstream/orders.ts";

// Where bulk purchases live while they run and for a day after (issue 13, decision 030):
// this process's memory, or Redis with REDIS_URL so that every portal sees every batch.
// A batch is created once (SET NX): Confirm posted twice, to one portal or to two, starts
// one batch. Only the process that created it writes to it afterwards.

export const ROW_OUTCOMES = ["not-started", "running", "delivered", "pending", "failed", "unknown"] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

const batchRowSchema = z.object({
  row: z.number().int(),
  phone: z.string(),
  network: z.string(),
  item: z.string(),
  chargeKobo: z.number().int(),
  order: orderSchema,
  outcome: z.enum(ROW_OUTCOMES),
  message: z.string(),
  transactionId: z.number().int().nullable(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

/** A row the review left out (not a number, no network, a duplicate...): never bought, kept for the results. */
const leftOutRowSchema = z.object({
  row: z.number().int(),
  /** The number as read, or the text of the row when it is not one. */
  text: z.string(),
  network: z.string(),
  reason: z.string(),
});

const batchSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  key: z.uuid(),
  product: z.enum(["airtime", "data"]),
  createdAt: z.number(),
  /** When the runner last wrote: a batch that stays unfinished long after it stopped its runner. */
  touchedAt: z.number(),
  /** The confirmed form's digest: a repeat of that Confirm finds this batch; a changed list does not. */
  formDigest: z.string(),
  finishedAt: z.number().nullable(),
  /** Why the runner stopped before the end (the session ended), if it did. */
  stopped: z.string().nullable(),
  rows: z.array(batchRowSchema),
  /** A batch stored before rows left out were kept has none. */
  leftOut: z.array(leftOutRowSchema).default([]),
});
export type Batch = z.infer<typeof batchSchema>;

export type BatchStore = {
  /** Stores a new batch; false when one with its id exists already (and nothing is written). */
  create(batch: Batch): Promise<boolean>;
  read(id: string): Promise<Batch | null>;
  save(batch: Batch): Promise<void>;
};

/** A batch is kept this long after it was confirmed, so its results can be read and downloaded. */
export const BATCH_TTL_MS = 24 * 60 * 60_000;

/** One batch per confirmed review: the id follows from who confirmed it and the form's one-time key. */
export function batchIdOf(userId: number, key: string): string {
  return createHash("sha256").update(`bulk:${userId}:${key}`).digest("base64url").slice(0, 22);
}

function parse(json: string | null): Batch | null {
  if (json === null) return null;
  const parsed = batchSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export function createMemoryBatchStore(options: { maxBatches: number; now?: () => number }): BatchStore {
  const now = options.now ?? Date.now;
  // Insertion order is age order: the oldest go first when the store is full or they expire.
  const batches = new Map<string, { json: string; expiresAt: number }>();
  function sweep(at: number): void {
    for (const [id, entry] of batches) {
      if (entry.expiresAt > at && batches.size < options.maxBatches) break;
      batches.delete(id);
    }
  }
  return {
    async create(batch) {
      const at = now();
      // A batch that exists is found before anything is swept to make room, so a repeated
      // Confirm never replaces its batch nor pushes out another.
      const existing = batches.get(batch.id);
      if (existing !== undefined && existing.expiresAt > at) return false;
      sweep(at);
      batches.set(batch.id, { json: JSON.stringify(batch), expiresAt: at + BATCH_TTL_MS });
      return true;
    },
    async read(id) {
      const entry = batches.get(id);
      if (entry === undefined || entry.expiresAt <= now()) return null;
      return parse(entry.json);
    },
    async save(batch) {
      const entry = batches.get(batch.id);
      if (entry !== undefined) entry.json = JSON.stringify(batch);
    },
  };
}

export function createRedisBatchStore(client: Redis): BatchStore {
  const key = (id: string) => `bulk:${id}`;
  return {
    async create(batch) {
      return (await client.set(key(batch.id), JSON.stringify(batch), "PX", BATCH_TTL_MS, "NX")) === "OK";
    },
    async read(id) {
      return parse(await client.get(key(id)));
    },
    async save(batch) {
      await client.set(key(batch.id), JSON.stringify(batch), "KEEPTTL", "XX");
    },
  };
}

let shared: BatchStore | undefined;

/** The portal's batches: in Redis when REDIS_URL is set, else in memory (up to 1,000 batches). */
export function batchStore(): BatchStore {
  if (shared === undefined) {
    const client = redis();
    shared = client === null ? createMemoryBatchStore({ maxBatches: 1_000 }) : createRedisBatchStore(client);
  }
  return shared;
}
