import type { BrowserContext } from "@playwright/test";
import { createSessionStorage, holdToken } from "../../app/session/session.server.ts";
import { createSandbox } from "../../sandbox/handler.ts";
import type { Credentials } from "./accounts/support.ts";

// Signing in without the login page (only the tests about that page use it): the
// upstream's own login call gives a token, and the portal's own session code
// (app/session/session.server.ts) puts it in a signed session cookie, as the login action
// does, so the server cannot tell the two apart. Saves a page, a form post and a redirect per test.

/** The SESSION_SECRET of the portals the tests start, set by playwright.config.ts. */
export function testSessionSecret(): string {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is not set: run through playwright.config.ts.");
  return secret;
}

/** A portal to sign in to: where it is served and the sandbox database its upstream keeps. */
export type PortalUnderTest = { origin: string; databasePath: string };

/** playwright.config.ts's portal, on the embedded sandbox. */
export function mainPortal(): PortalUnderTest {
  const databasePath = process.env.E2E_SANDBOX_DB;
  if (!databasePath) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  return { origin: `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`, databasePath };
}

function tokenOf(body: unknown): string | null {
  return typeof body === "object" && body !== null && "key" in body && typeof body.key === "string" ? body.key : null;
}

/** POST /v1/login/ (CONTRACT.md) to the sandbox on this database file: the account's new token. */
async function upstreamLogin(databasePath: string, account: Credentials): Promise<string> {
  // Opened for the one call and closed, so no settle timer runs in the test's process.
  const sandbox = createSandbox({ databasePath, log: () => undefined });
  try {
    const answer = await sandbox.handle(
      new Request("http://sandbox.invalid/v1/login/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: account.email, password: account.password }),
      }),
    );
    const body: unknown = await answer.json();
    const token = tokenOf(body);
    if (!answer.ok || token === null) {
      throw new Error(`the upstream refused ${account.email}: ${answer.status} ${JSON.stringify(body)}`);
    }
    return token;
  } finally {
    sandbox.close();
  }
}

/** Gives `context` the session cookie a login of `account` on `portal` would have set. */
export async function addSession(
  context: BrowserContext,
  account: Credentials,
  portal: PortalUnderTest,
): Promise<void> {
  const token = await upstreamLogin(portal.databasePath, account);
  const storage = createSessionStorage(new URL(portal.origin).protocol === "https:", [testSessionSecret()]);
  const session = await storage.getSession();
  holdToken(session, token, Date.now());
  const setCookie = await storage.commitSession(session);
  const [pair = ""] = setCookie.split(";");
  const equals = pair.indexOf("=");
  const maxAge = Number(/;\s*Max-Age=(\d+)/i.exec(setCookie)?.[1] ?? "0");
  await context.addCookies([
    {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      url: portal.origin,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(Date.now() / 1000) + maxAge,
    },
  ]);
}
