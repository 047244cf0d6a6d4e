import { spawn } from "node:child_process";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Portal, PortalSettings } from "../support/portal-process.ts";
import { freePort, PortalStartError, startPortal, stopChild } from "../support/portal-process.ts";
import { get } from "./http.ts";

// Where the bench's portal finds its upstream. Operators run the portal in front of an
// upstream on another machine, so by default the sandbox runs as a server of its own
// (`node sandbox/serve.ts`) and the portal's CPU and memory are the portal's alone; the
// embedded sandbox (one process doing both) is still there to compare with.

export const UPSTREAM_PLACEMENTS = ["process", "embedded"] as const;
export type UpstreamPlacement = (typeof UPSTREAM_PLACEMENTS)[number];

/** The portal, and the sandbox's process when it has one (for its CPU, reported apart). */
export type BenchPortal = Portal & { upstreamPid: number | undefined };

const START_TIMEOUT_MS = 30_000;

type SandboxProcess = { url: string; pid: number; stop: () => Promise<void> };

/** `node sandbox/serve.ts` on the given database, answering before this returns. */
async function startSandboxProcess(root: string, databasePath: string): Promise<SandboxProcess> {
  const directory = await mkdtemp(join(tmpdir(), "bench-upstream-"));
  // A log line per call: to a file, for the same reasons as the portal's (portal-process.ts).
  const log = await open(join(directory, "sandbox.log"), "w");
  const port = await freePort();
  const child = spawn(process.execPath, ["sandbox/serve.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, SANDBOX_PORT: String(port), SANDBOX_HOST: "127.0.0.1", SANDBOX_DB: databasePath },
    stdio: ["ignore", log.fd, log.fd],
  });
  await log.close();
  child.on("error", (error) => process.stderr.write(`bench: sandbox process error: ${error.message}\n`));
  const stop = async () => {
    await stopChild(child);
    await rm(directory, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null && child.pid !== undefined) {
    // Any answer at all means it listens; the portal's own health check follows.
    if (
      await get(`${url}/`).then(
        () => true,
        () => false,
      )
    )
      return { url, pid: child.pid, stop };
    await sleep(100);
  }
  await stop();
  throw new PortalStartError(`the sandbox (node sandbox/serve.ts) did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * The built portal on the sandbox placed as asked; settings.SANDBOX_DB, when given, is the
 * database the sandbox uses either way.
 */
export async function startBenchPortal(
  root: string,
  placement: UpstreamPlacement,
  settings: PortalSettings,
): Promise<BenchPortal> {
  if (placement === "embedded") return { ...(await startPortal(root, settings)), upstreamPid: undefined };
  const directory = await mkdtemp(join(tmpdir(), "bench-upstream-db-"));
  const sandbox = await startSandboxProcess(root, settings.SANDBOX_DB ?? join(directory, "sandbox.db"));
  const cleanUp = async () => {
    await sandbox.stop();
    await rm(directory, { recursive: true, force: true });
  };
  let portal: Portal;
  try {
    portal = await startPortal(root, { ...settings, UPSTREAM_URL: sandbox.url });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    ...portal,
    upstreamPid: sandbox.pid,
    stop: async () => {
      await portal.stop();
      await cleanUp();
    },
  };
}
