import { errorCode } from "./http-call.server.ts";
import { log } from "./log.server.ts";

// A disk that stops taking writes (full, remounted read-only, files made immutable) fails
// every write of every request the same way. The operator needs to hear it once, loudly, and
// again when it is over; a line with a stack per request would bury everything else
// (decision 067). The process keeps answering meanwhile: reads still work.

let failing: { since: string; where: string; failures: number } | null = null;

/**
 * A write to the portal's database failed: logged at error level the first time, then only
 * counted until a write succeeds again. `where` names the write, as "health check".
 */
export function storeWriteFailed(where: string, error: unknown): void {
  if (failing !== null) {
    failing.failures += 1;
    return;
  }
  failing = { since: new Date().toISOString(), where, failures: 1 };
  log("error", "store.unwritable", {
    where,
    reason: error instanceof Error ? error.message : String(error),
    code: errorCode(error),
    meaning: "the portal's database cannot be written: sign-ins, PINs and saved numbers fail until it can",
  });
}

/** A write to the portal's database succeeded: the end of a failure is logged, and the next one is news again. */
export function storeWriteWorked(): void {
  if (failing === null) return;
  log("warn", "store.writable-again", {
    since: failing.since,
    firstFailure: failing.where,
    failedWrites: failing.failures,
  });
  failing = null;
}
