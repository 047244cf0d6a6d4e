import { data } from "react-router";
import { requestInfoContext } from "../infra/context.ts";
import { redisHealth } from "../infra/redis.server.ts";
import { storeHealth } from "../store/database.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { checkUpstream } from "../upstream/public.server.ts";
import type { Route } from "./+types/healthz";

// For the container's HEALTHCHECK and load balancers. `database` says whether the portal's
// own data (PINs, sign-ins) takes a write: without it no one can sign in, so the answer is
// 503 and the container is unhealthy (decision 067). `upstream` says whether buying would
// work right now, and `redis` (with REDIS_URL) whether the shared limits and purchase
// outcomes can be reached: both "degraded" with 200, as a restart of this container would
// mend neither.
export async function loader({ context }: Route.LoaderArgs) {
  const requestId = context.get(requestInfoContext).requestId;
  const [upstream, redis, database] = await Promise.all([
    checkUpstream(requestId).then(
      () => ({ upstream: "up" as const }),
      (error: unknown) => ({
        upstream: "down" as const,
        reason: error instanceof UpstreamError ? error.kind : "error",
      }),
    ),
    redisHealth(),
    storeHealth(),
  ]);
  const status = upstream.upstream === "up" && redis !== "down" && database === "up" ? "ok" : "degraded";
  return data(
    { status, ...upstream, database, ...(redis === "off" ? {} : { redis }) },
    { status: database === "up" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
