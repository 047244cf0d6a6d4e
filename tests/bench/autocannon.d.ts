// autocannon ships no types. Only what tests/bench uses is declared, so a misuse of
// anything else fails to type-check instead of silently being `any`.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Worker threads that fire the requests; 0 runs them on the calling thread. */
    workers?: number;
  }

  interface Histogram {
    average: number;
    p99: number;
  }

  interface Result {
    /** Completed requests per one-second sample. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    /** Connection errors, timeouts included. */
    errors: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Without a callback the returned instance is a thenable that settles with the result. */
  interface Instance extends PromiseLike<Result> {
    /** Ends the run and closes its connections; the thenable then never settles. */
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
