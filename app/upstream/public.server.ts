import { cached } from "../infra/cache.server.ts";
import { callUpstream } from "./client.server.ts";
import { sitePagesSchema, subcategoryListSchema } from "./schemas.ts";

// Public, user-independent calls (calls 1 and 2, docs/upstream-api.md), cached briefly for every visitor.
const PUBLIC_TTL_MS = 60_000;

/** Call 1: site pages content. */
export function getSitePages(requestId: string) {
  return cached("site-pages", PUBLIC_TTL_MS, () =>
    callUpstream({ method: "GET", path: "/v1/get-pages/", schema: sitePagesSchema, requestId }),
  );
}

/** Call 2: every service provider with the Normal-level discount. */
export function getSubcategoryList(requestId: string) {
  return cached("subcategory-list", PUBLIC_TTL_MS, () =>
    callUpstream({ method: "GET", path: "/v1/get-subcategory-list/", schema: subcategoryListSchema, requestId }),
  );
}

/** Whether the upstream answers call 1 now, bypassing the cache. */
export async function checkUpstream(requestId: string): Promise<void> {
  await callUpstream({ method: "GET", path: "/v1/get-pages/", schema: sitePagesSchema, requestId });
}
