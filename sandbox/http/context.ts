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
  // Where a browser reaches the sandbox gateway's /gateway/... pages, without a trailing
  // slash: the portal's /sandbox in embedded mode, the sandbox's own origin when served.
  readonly gatewayBase: string;
}

export function isoTime(context: Pick<SandboxContext, "now">, offsetMs = 0): string {
  return new Date(context.now() + offsetMs).toISOString();
}
