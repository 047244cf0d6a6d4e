import type { DatabaseSync } from "node:sqlite";
import type { Log } from "./log.ts";

export interface SandboxContext {
  readonly db: DatabaseSync;
  readonly request: Request;
  readonly url: URL;
  readonly log: Log;
  // Milliseconds since the epoch; injected so tests can move time past an expiry.
  readonly now: () => number;
  // Where the portal runs, without a trailing slash; password-reset links point there.
  readonly portalOrigin: string;
  // How long a purchase the biller left pending waits before it settles.
  readonly settleAfterMs: number;
}

export function isoTime(context: Pick<SandboxContext, "now">, offsetMs = 0): string {
  return new Date(context.now() + offsetMs).toISOString();
}
