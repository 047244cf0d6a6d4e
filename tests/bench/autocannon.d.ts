// autocannon ships no types. Only what tests/bench uses is declared, so a misuse of
// anything else fails to type-check instead of silently being `any`.
declare module "autocannon" {
  /** One request of a connection's sequence; each connection goes through the list in order, over and over. */
  export interface Request<Context> {
    method?: "GET" | "POST";
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /**
     * Called just before the request is sent, with the connection's context (emptied when
     * the sequence starts over). Return the request to send; a falsy value starts the
     * sequence over instead.
     */
    setupRequest?: (request: Request<Context>, context: Context) => Request<Context> | null;
    /** Called with each response; header names as the server spelled them, repeated ones as an array. */
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string | string[]>) => void;
  }

  export interface Options<Context = Record<string, unknown>> {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Worker threads that fire the requests; 0 runs them on the calling thread. */
    workers?: number;
    /** Seconds without an answer before a request counts as a timeout (default 10). */
    timeout?: number;
    /** Needs workers: 0, as functions cannot cross into worker threads. */
    requests?: Request<Context>[];
    initialContext?: Context;
    /** Sent with every request (with `url`, not `requests`). */
    headers?: Record<string, string>;
  }

  export interface Histogram {
    average: number;
    p99: number;
  }

  export interface Result {
    /** Completed requests per one-second sample. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Without a callback the returned instance is a thenable that settles with the result. */
  export interface Instance extends PromiseLike<Result> {
    /** Ends the run and closes its connections; the thenable then settles with what was counted so far. */
    stop(): void;
  }

  function autocannon<Context>(options: Options<Context>): Instance;
  export default autocannon;
}
