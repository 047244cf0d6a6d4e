import { z } from "zod";
import { seal, unseal } from "../infra/seal.server.ts";

// Decision 013: a smart card, meter or JAMB profile must be verified before it is paid for, and
// the server must know that at purchase time without trusting a flag from the browser.
// Verify seals what was verified, for whom and when; Process opens the seal and checks it
// names the very provider and number being bought.

const verificationSchema = z.object({
  userId: z.number().int(),
  product: z.string(),
  providerId: z.number().int(),
  /** The smart card, meter or profile number as verified. */
  number: z.string(),
  /** What else the verify call was asked about: the meter type, the exam variant. */
  detail: z.string(),
  /** What the upstream said about the customer, as label and value. */
  customer: z.array(z.object({ label: z.string(), value: z.string() })),
  issuedAt: z.number().int(),
});
export type Verification = z.infer<typeof verificationSchema>;
export type VerificationTarget = Pick<Verification, "providerId" | "number" | "detail">;

/** Long enough to fill in a form on a slow phone; short enough that a meter is not stale. */
export const VERIFICATION_TTL_MS = 30 * 60_000;

const PURPOSE = "purchase-verification";

export function sealVerification(verification: Verification): string {
  return seal(PURPOSE, verification);
}

/** The verification if it is ours, unaltered, this user's, for this product and still fresh. */
export function openVerification(
  sealed: unknown,
  expected: { userId: number; product: Verification["product"] },
  now = Date.now(),
): Verification | null {
  const verification = unseal(PURPOSE, verificationSchema, sealed);
  if (verification === null) return null;
  if (verification.userId !== expected.userId || verification.product !== expected.product) return null;
  return now - verification.issuedAt > VERIFICATION_TTL_MS ? null : verification;
}

export function verifies(verification: Verification | null, target: VerificationTarget): verification is Verification {
  return (
    verification !== null &&
    verification.providerId === target.providerId &&
    verification.number === target.number &&
    verification.detail === target.detail
  );
}
