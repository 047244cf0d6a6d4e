import { createHash } from "node:crypto";
import { z } from "zod";
import { orderSchema } from "../upstream/orders.ts";
import { seal, unseal } from "../infra/seal.server.ts";

// The confirmation step's hidden field: the order exactly as the server priced it, the
// one-time idempotency key, who it is for and when it was made, sealed by the server.
// Confirm buys what this says and nothing the browser could have changed.

const confirmationSchema = z.object({
  userId: z.number().int(),
  key: z.uuid(),
  issuedAt: z.number().int(),
  order: orderSchema,
  /** What the wallet pays, as the confirmation showed it; a bulk row's has none. */
  chargeKobo: z.number().int().nonnegative().optional(),
  /** The form as the user filled it, for Change and for a refusal. */
  values: z.record(z.string(), z.string()),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

/** How long the priced summary stands; after that the user looks at fresh prices. */
export const CONFIRMATION_TTL_MS = 15 * 60_000;

const PURPOSE = "purchase-confirmation";

export function sealConfirmation(confirmation: Confirmation): string {
  return seal(PURPOSE, confirmation);
}

/** The confirmation, or null when it is malformed or not signed by one of our secrets. */
export function openConfirmation(sealed: unknown): Confirmation | null {
  return unseal(PURPOSE, confirmationSchema, sealed);
}

export function isExpired(confirmation: Confirmation, now = Date.now()): boolean {
  return now - confirmation.issuedAt > CONFIRMATION_TTL_MS;
}

/**
 * One outcome per key and order: the same order under the same key replays; a different one
 * under a reused key goes to the upstream, whose Idempotency-Key check refuses it (422).
 */
export function onceKeyOf(confirmation: Confirmation): string {
  const order = createHash("sha256").update(JSON.stringify(confirmation.order)).digest("base64url");
  return `${confirmation.userId}:${confirmation.key}:${order}`;
}
