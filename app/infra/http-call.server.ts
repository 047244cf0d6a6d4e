// The pieces the two outbound HTTP clients (the upstream client and the payment gateways'
// callGateway) both need, so that a timeout, a network failure and a body that is not JSON
// are read the same way whichever service the portal is calling.

/**
 * Settles as `promise` does, or rejects with the signal's reason once it aborts. fetch honours
 * the signal on its own, but the embedded sandbox, called in-process as the transport, ignores
 * it; racing the signal is what makes the timeout hold for every transport.
 */
export function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The body as JSON, or undefined when it is empty or not JSON; the caller decides what that means. */
export function parseJson(raw: string): unknown {
  if (raw.trim() === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The system error code (ECONNREFUSED, ENOTFOUND, …) of a failed call, or null. node:http
 * puts it on the error itself; fetch rejects with a bare TypeError("fetch failed") and puts
 * it on its `cause`.
 */
export function errorCode(error: unknown): string | null {
  for (const candidate of [error, error instanceof Error ? error.cause : undefined]) {
    if (candidate && typeof candidate === "object" && "code" in candidate && typeof candidate.code === "string")
      return candidate.code;
  }
  return null;
}

/** Whole milliseconds since `started`, a performance.now() reading, for the log. */
export function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
