import { PORTAL_DB } from "../../../playwright.config.ts";

// The portals playwright.config.ts starts: the product's name, where each is served, its
// session secret and its sandbox's database file, as the config hands them to the tests through
// the environment (E2E_PORT, E2E_SESSION_SECRET, E2E_SANDBOX_DB), and the notice the seed shows.

export const PRODUCT_NAME = "Payvend";

/** The second server, whose upstream (127.0.0.1:9) refuses every connection. */
// playwright.config.ts starts the outage server on the port after the portal's.
export const OUTAGE_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** sandbox/seed/settings.ts's notification, as plain text (its <b> and <a> dropped). */
export const NOTICE_TEXT = "New: MTN SME data now delivers in seconds. See today's prices on the pricing page.";

/** The SESSION_SECRET of the portals the tests start, set by playwright.config.ts. */
export function testSessionSecret(): string {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is not set: run through playwright.config.ts.");
  return secret;
}

/**
 * A portal to sign in to: where it is served, the sandbox database its upstream keeps, and its
 * own database (its DATABASE_URL), where the sign-in's row goes.
 */
export type PortalUnderTest = { origin: string; databasePath: string; portalDatabase: string };

/** playwright.config.ts's portal, on the embedded sandbox. */
export function mainPortal(): PortalUnderTest {
  const databasePath = mainSandboxDb();
  const origin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
  return { origin, databasePath, portalDatabase: `file:${PORTAL_DB}` };
}

/** The main test server's sandbox database (playwright.config.ts). */
export function mainSandboxDb(): string {
  const path = process.env.E2E_SANDBOX_DB;
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  return path;
}
