import { createSandbox, type Sandbox } from "../../sandbox/handler.ts";
import { env } from "../infra/env.server.ts";
import { nodeHttpTransport } from "./node-transport.server.ts";

/** One seam between the portal and its upstream (HTTP to UPSTREAM_URL, or the embedded sandbox in-process). */
export type Transport = (request: Request) => Promise<Response>;

export type UpstreamTarget = {
  transport: Transport;
  /** Where paths are appended; a stand-in origin for the in-process sandbox. */
  baseUrl: string;
  /** Prefix for provider logos: the API base, or '' when the portal serves them itself. */
  assetBase: string;
};

const EMBEDDED_BASE = "http://sandbox.invalid";

let target: UpstreamTarget | undefined;
let embedded: Sandbox | null = null;

export function upstreamTarget(): UpstreamTarget {
  if (target) return target;
  const { UPSTREAM_URL, SANDBOX_DB } = env();
  if (UPSTREAM_URL) {
    target = { transport: nodeHttpTransport, baseUrl: UPSTREAM_URL, assetBase: UPSTREAM_URL };
  } else {
    const { PUBLIC_ORIGIN, PORT } = env();
    const sandbox = createSandbox({
      databasePath: SANDBOX_DB,
      portalOrigin: PUBLIC_ORIGIN ?? `http://localhost:${PORT}`,
    });
    embedded = sandbox;
    target = { transport: (request) => sandbox.handle(request), baseUrl: EMBEDDED_BASE, assetBase: "" };
  }
  return target;
}

/** The in-process sandbox, or null when the portal talks to a real upstream. */
export function embeddedSandbox(): Sandbox | null {
  upstreamTarget();
  return embedded;
}

/** Tests point the client somewhere else (a fault-injecting stand-in, a stub). */
export function setUpstreamTarget(next: UpstreamTarget | undefined): void {
  target = next;
}
