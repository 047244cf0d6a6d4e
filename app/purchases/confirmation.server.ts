import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { env } from "../env.server.ts";
import { orderSchema } from "../upstream/orders.ts";

// The confirmation step's hidden field: the order exactly as the server priced it, the
// one-time idempotency key, who it is for and when it was made, sealed with an HMAC of the
// session secret. Confirm buys what this says and nothing the browser could have changed.

const confirmationSchema = z.object({
  userId: z.number().int(),
  key: z.uuid(),
  issuedAt: z.number().int(),
  order: orderSchema,
  /** The form as the user filled it, for Change and for a refusal. */
  values: z.record(z.string(), z.string()),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

/** How long the priced summary stands; after that the user looks at fresh prices. */
export const CONFIRMATION_TTL_MS = 15 * 60_000;

const PURPOSE = "purchase-confirmation";

function signature(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(`${PURPOSE}.${body}`).digest();
}

export function sealConfirmation(confirmation: Confirmation): string {
  const body = Buffer.from(JSON.stringify(confirmation)).toString("base64url");
  const [secret] = env().SESSION_SECRET;
  if (secret === undefined) throw new Error("SESSION_SECRET has no secret to sign with.");
  return `${body}.${signature(secret, body).toString("base64url")}`;
}

/** The confirmation, or null when it is malformed or not signed by one of our secrets. */
export function openConfirmation(sealed: unknown): Confirmation | null {
  if (typeof sealed !== "string") return null;
  const [body, mac, extra] = sealed.split(".");
  if (body === undefined || mac === undefined || extra !== undefined) return null;
  const given = Buffer.from(mac, "base64url");
  // Node's decoder skips characters it does not know; only the exact encoding counts.
  if (given.toString("base64url") !== mac) return null;
  const signed = env().SESSION_SECRET.some((secret) => {
    const expected = signature(secret, body);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  try {
    const parsed = confirmationSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isExpired(confirmation: Confirmation, now = Date.now()): boolean {
  return now - confirmation.issuedAt > CONFIRMATION_TTL_MS;
}
