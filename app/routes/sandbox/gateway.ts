import { data } from "react-router";
import { embeddedSandbox } from "../../upstream/transport.server.ts";
import type { Route } from "./+types/gateway";

// The embedded sandbox's hosted card checkout, reached by the browser under the portal's own
// origin (`/sandbox/gateway/...`), as a real gateway's page would be on its own. Only the
// checkout pages pass; the gateway's server-to-server API stays in-process. It does not exist
// when the portal talks to a real upstream.

async function forward(request: Request, splat: string | undefined): Promise<Response> {
  const sandbox = embeddedSandbox();
  if (!sandbox || splat === undefined || !/^checkout\/[A-Za-z0-9_-]{1,64}$/.test(splat)) {
    throw data({ reason: "not-found" }, { status: 404 });
  }
  const url = new URL(request.url);
  const body = request.method === "POST" ? await request.text() : undefined;
  const headers = new Headers({ Accept: request.headers.get("Accept") ?? "text/html" });
  const type = request.headers.get("Content-Type");
  if (type) headers.set("Content-Type", type);
  const answer = await sandbox.handle(
    new Request(`http://sandbox.invalid/gateway/${splat}${url.search}`, { method: request.method, headers, body }),
  );
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

export function loader({ request, params }: Route.LoaderArgs) {
  return forward(request, params["*"]);
}

export function action({ request, params }: Route.ActionArgs) {
  return forward(request, params["*"]);
}
