import { data } from "react-router";
import { UpstreamError } from "./errors.ts";

export type OutageData = { reason: "upstream"; kind: UpstreamError["kind"] };

/**
 * For loaders: when the upstream is down or too busy the page cannot render, so answer with
 * the outage page (502/503/504) instead of a generic 500.
 */
export async function forPage<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) {
      throw data({ reason: "upstream", kind: error.kind } satisfies OutageData, { status: error.pageStatus });
    }
    throw error;
  }
}
