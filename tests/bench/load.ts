import type { Options, Result } from "autocannon";
import autocannon from "autocannon";

export type LoadSettings = {
  connections: number;
  durationSeconds: number;
  /** 0 skips the warm-up. */
  warmupSeconds: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts included; any of these make the numbers suspect. */
  errors: number;
  /** Responses by status code, to spot a page that answered something else under load. */
  statuses: Record<string, number>;
};

// Runs in flight, so an interrupted benchmark can close their connections at once: the
// portal's graceful shutdown waits for busy connections, up to 10 s.
const running = new Set<{ stop: () => void }>();
let stopped = false;

export function stopLoad(): void {
  stopped = true;
  for (const instance of running) instance.stop();
  running.clear();
}

/**
 * One autocannon run that stopLoad() can end early. A stopped run still settles with what
 * it counted so far; that would be reported as if complete and the next run would start,
 * so after stopLoad() nothing settles and the interrupt handler ends the process.
 */
export async function runLoad<Context>(options: Options<Context>): Promise<Result> {
  if (stopped) return new Promise<never>(() => undefined);
  const instance = autocannon(options);
  running.add(instance);
  try {
    const result = await instance;
    if (stopped) return await new Promise<never>(() => undefined);
    return result;
  } finally {
    running.delete(instance);
  }
}

function run(
  url: string,
  connections: number,
  durationSeconds: number,
  headers: Record<string, string>,
): Promise<Result> {
  // One worker thread fires the requests, so the baseline server, which lives on this
  // process's main thread, does not have to share its event loop with the load generator.
  // The portal is a separate process either way; this keeps the comparison fair.
  return runLoad({ url, connections, duration: durationSeconds, workers: 1, headers });
}

/** Warm up (JIT, caches, connection pools), throw that run away, then measure; `headers` go with every request (a session cookie). */
export async function measure(
  url: string,
  settings: LoadSettings,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) await run(url, settings.connections, settings.warmupSeconds, headers);
  const result = await run(url, settings.connections, settings.durationSeconds, headers);
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) statuses[status] = count;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    statuses,
  };
}
