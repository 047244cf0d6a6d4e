import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect } from "@playwright/test";
import { type Portal, startPortal } from "../../support/portal-process.ts";

// A portal of the worker's own for the request-level hardening specs (abuse, security), where
// the main test server's settings would hide what is tested.

export const SECRET = "hardening-suite-session-secret-0123456789";

export type OwnPortal = Portal & { databasePath: string };

/**
 * One portal per worker for what the main test server cannot show: it trusts the loopback
 * proxy (so a test can say the request came over HTTPS, or from another client address),
 * allows the fewest logins per address the settings accept (10), and signs with a secret the
 * tests know.
 */
export const test = base.extend<Record<never, never>, { ownPortal: OwnPortal }>({
  ownPortal: [
    async ({}, use) => {
      const directory = await mkdtemp(join(tmpdir(), "hardening-"));
      const databasePath = join(directory, "sandbox.db");
      const portal = await startPortal(process.cwd(), {
        TRUST_PROXY: "loopback",
        LOGIN_ATTEMPTS_PER_IP: "10",
        SESSION_SECRET: SECRET,
        SANDBOX_DB: databasePath,
      });
      try {
        await use({ ...portal, databasePath });
      } finally {
        await portal.stop();
        await rm(directory, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
});

export { expect };
