import { useState } from "react";
import type { VerifiedView } from "../../purchases/step.ts";

/** What the form now names: the provider, the number, and the detail verified with it. */
type VerifyTarget = { providerId: number | null; number: string; detail: string };

export type VerificationState = { verified: VerifiedView | null; providerChanged: boolean };

/**
 * The verification the server sent, while the form still names its provider, number and
 * detail. A provider changed since tells the person why it is gone (decision 013).
 */
export function stillVerified(verified: VerifiedView | null | undefined, now: VerifyTarget): VerificationState {
  if (verified == null) return { verified: null, providerChanged: false };
  const { target } = verified;
  if (target.providerId !== now.providerId) return { verified: null, providerChanged: true };
  const same = target.number === now.number.trim() && target.detail === now.detail;
  return { verified: same ? verified : null, providerChanged: false };
}

/**
 * The verification of the last answer while the form names what it verified. Once the provider
 * changes it stays dropped, even if the person goes back to the first one: as without
 * JavaScript, where the server drops it with the next press (app/purchases/replies.server.ts).
 */
export function useVerification(
  reply: { verified: VerifiedView | null; providerChanged: boolean } | undefined,
  now: VerifyTarget,
): VerificationState {
  const [dropped, setDropped] = useState(false);
  const state = stillVerified(reply?.verified, now);
  if (state.providerChanged && !dropped) setDropped(true);
  return dropped || reply?.providerChanged ? { verified: null, providerChanged: true } : state;
}
