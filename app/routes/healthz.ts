import { data } from "react-router";
import { requestInfoContext } from "../infra/context.ts";
import { redisHealth } from "../infra/redis.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { checkUpstream } from "../upstream/public.server.ts";
import type { Route } from "./+types/healthz";

// For the container's HEALTHCHECK and load balancers. The portal itself is up if this
// answers; `upstream` says whether buying would work right now, and `redis` (with
// REDIS_URL) whether the shared limits and purchase outcomes can be reached.
export async function loader({ context }: Route.LoaderArgs) {
  const requestId = context.get(requestInfoContext).requestId;
  const [upstream, redis] = await Promise.all([
    checkUpstream(requestId).then(
      () => ({ upstream: "up" as const }),
      (error: unknown) => ({
        upstream: "down" as const,
        reason: error instanceof UpstreamError ? error.kind : "error",
      }),
    ),
    redisHealth(),
  ]);
  const status = upstream.upstream === "up" && redis !== "down" ? "ok" : "degraded";
  return data(
    { status, ...upstream, ...(redis === "off" ? {} : { redis }) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
