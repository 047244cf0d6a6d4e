import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Portal, startPortal } from "../support/portal-process.ts";

// The framework's floor: one route built with the same React and React Router as the
// portal (tests/bench/bare), served by Express and the same adapter. A portal page's req/s
// against it is what the portal adds on top of what any React Router page costs.

export const BARE_PATH = "/";

/** Builds the bare page (a few seconds): it is the bench's own fixture, not the portal. */
export async function buildBarePage(root: string): Promise<void> {
  const cli = join(root, "node_modules/@react-router/dev/bin.cjs");
  await promisify(execFile)(process.execPath, [cli, "build", join(root, "tests/bench/bare")], { cwd: root });
}

export function startBarePage(root: string): Promise<Portal> {
  return startPortal(join(root, "tests/bench/bare"));
}
