import { data } from "react-router";
import { requestInfoContext } from "../context.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { checkUpstream } from "../upstream/public.server.ts";
import type { Route } from "./+types/healthz";

// For the container's HEALTHCHECK and load balancers. The portal itself is up if this
// answers; `upstream` says whether buying would work right now.
export async function loader({ context }: Route.LoaderArgs) {
  const requestId = context.get(requestInfoContext).requestId;
  try {
    await checkUpstream(requestId);
    return data({ status: "ok", upstream: "up" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    const upstream = error instanceof UpstreamError ? error.kind : "error";
    return data({ status: "degraded", upstream: "down", reason: upstream }, { headers: { "Cache-Control": "no-store" } });
  }
}
