import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { portalStore } from "../store/database.server.ts";
import type { PortalDatabase } from "../store/schema.ts";
import { orderSchema } from "../upstream/orders.ts";
import type { RowProblem } from "../domain/bulk.ts";
import { BULK_PRODUCTS, type BulkProduct } from "../domain/products.ts";

// Where bulk purchases live while they run and for a day after (decision 030): the
// portal's own database (decision 051), so a single container keeps its batches
// across a restart and every container on one PostgreSQL sees every batch. A batch is
// created once (its id is the primary key): Confirm posted twice, to one portal or to two,
// starts one batch. Only the process that created it writes to it afterwards.

export const ROW_OUTCOMES = ["not-started", "running", "delivered", "pending", "failed", "unknown"] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

const batchRowSchema = z.object({
  row: z.number().int(),
  phone: z.string(),
  network: z.string(),
  item: z.string(),
  chargeKobo: z.number().int(),
  /**
   * What the shop sells the row for by its price rule (decision 085), kept as the row's sale
   * once it is bought; null without a rule, for a row that failed or whose sale could not be
   * kept, and in a batch stored before rows had one.
   */
  soldForKobo: z.number().int().nullable().default(null),
  order: orderSchema,
  outcome: z.enum(ROW_OUTCOMES),
  message: z.string(),
  transactionId: z.number().int().nullable(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

/** Why a row was left out, as data: the results say it in the language of whoever reads them. */
const rowProblemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("no-number") }),
  z.object({ kind: z.literal("not-digits"), text: z.string() }),
  z.object({ kind: z.literal("not-nigerian"), text: z.string() }),
  z.object({ kind: z.literal("duplicate"), row: z.number().int() }),
  z.object({ kind: z.literal("no-network") }),
  z.object({ kind: z.literal("no-amount") }),
  z.object({ kind: z.literal("not-an-amount"), given: z.string() }),
  z.object({ kind: z.literal("amount-too-low"), minimumKobo: z.number().int() }),
  z.object({ kind: z.literal("amount-too-high"), maximumKobo: z.number().int() }),
  z.object({ kind: z.literal("no-plan"), network: z.string() }),
  z.object({ kind: z.literal("not-a-plan"), given: z.string(), network: z.string() }),
]) satisfies z.ZodType<RowProblem>;

/** A row the review left out (not a number, no network, a duplicate...): never bought, kept for the results. */
const leftOutRowSchema = z.object({
  row: z.number().int(),
  /** The number as read, or the text of the row when it is not one. */
  text: z.string(),
  network: z.string(),
  /** Why, as data; a batch stored before the pages spoke three languages holds the English words. */
  reason: z.union([rowProblemSchema, z.string()]),
});
type LeftOutRow = z.infer<typeof leftOutRowSchema>;

export type Batch = {
  id: string;
  userId: number;
  key: string;
  product: BulkProduct;
  createdAt: number;
  /** When the runner last wrote: a batch that stays unfinished long after it stopped its runner. */
  touchedAt: number;
  /** The confirmed form's digest: a repeat of that Confirm finds this batch; a changed list does not. */
  formDigest: string;
  finishedAt: number | null;
  /** Why the runner stopped before the end, if it did: SESSION_ENDED (progress.ts), said in words when shown. */
  stopped: string | null;
  rows: BatchRow[];
  leftOut: LeftOutRow[];
};

export type BatchStore = {
  /** Stores a new batch; false when one with its id exists already (and nothing is written). */
  create(batch: Batch): Promise<boolean>;
  /** The account's batch, or null when it has none by that id (or its day is over). */
  read(userId: number, id: string): Promise<Batch | null>;
  /** Writes what the runner changed: when it wrote, its end, why it stopped, its rows. */
  save(batch: Batch): Promise<void>;
};

/** A batch is kept this long after it was confirmed, so its results can be read and downloaded. */
export const BATCH_TTL_MS = 24 * 60 * 60_000;

/** One batch per confirmed review: the id follows from who confirmed it and the form's one-time key. */
export function batchIdOf(userId: number, key: string): string {
  return createHash("sha256").update(`bulk:${userId}:${key}`).digest("base64url").slice(0, 22);
}

const iso = (ms: number) => new Date(ms).toISOString();
const productSchema = z.enum(BULK_PRODUCTS);
const rowsSchema = z.array(batchRowSchema);
const leftOutSchema = z.array(leftOutRowSchema);

function parsed<T>(schema: z.ZodType<T>, json: string): T | null {
  const result = schema.safeParse(JSON.parse(json));
  return result.success ? result.data : null;
}

/** The batches in `db`; `now` is the clock their day is counted by. */
export function createBatchStore(db: Kysely<PortalDatabase>, now: () => number = Date.now): BatchStore {
  return {
    async create(batch) {
      // Day-old batches go first, so an expired batch's id can be created afresh; the index
      // on created_at makes this one short delete per Confirm.
      await db
        .deleteFrom("bulk_batches")
        .where("created_at", "<=", iso(now() - BATCH_TTL_MS))
        .execute();
      const inserted = await db
        .insertInto("bulk_batches")
        .values({
          id: batch.id,
          account_id: batch.userId,
          form_key: batch.key,
          product: batch.product,
          form_digest: batch.formDigest,
          created_at: iso(batch.createdAt),
          touched_at: iso(batch.touchedAt),
          finished_at: batch.finishedAt === null ? null : iso(batch.finishedAt),
          stopped: batch.stopped,
          rows_to_buy: JSON.stringify(batch.rows),
          rows_left_out: JSON.stringify(batch.leftOut),
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async read(userId, id) {
      const found = await db
        .selectFrom("bulk_batches")
        .selectAll()
        .where("id", "=", id)
        .where("account_id", "=", userId)
        .where("created_at", ">", iso(now() - BATCH_TTL_MS))
        .executeTakeFirst();
      if (found === undefined) return null;
      const product = productSchema.safeParse(found.product);
      const rows = parsed(rowsSchema, found.rows_to_buy);
      const leftOut = parsed(leftOutSchema, found.rows_left_out);
      if (!product.success || rows === null || leftOut === null) return null;
      return {
        id: found.id,
        userId: found.account_id,
        key: found.form_key,
        product: product.data,
        createdAt: Date.parse(found.created_at),
        touchedAt: Date.parse(found.touched_at),
        formDigest: found.form_digest,
        finishedAt: found.finished_at === null ? null : Date.parse(found.finished_at),
        stopped: found.stopped,
        rows,
        leftOut,
      };
    },
    async save(batch) {
      // An update, never an insert: saving a batch that is not there (its day is over) creates nothing.
      await db
        .updateTable("bulk_batches")
        .set({
          touched_at: iso(batch.touchedAt),
          finished_at: batch.finishedAt === null ? null : iso(batch.finishedAt),
          stopped: batch.stopped,
          rows_to_buy: JSON.stringify(batch.rows),
        })
        .where("id", "=", batch.id)
        .execute();
    },
  };
}

/** The portal's batches, in the database opened at start-up. */
export function batchStore(): BatchStore {
  return createBatchStore(portalStore().db);
}
