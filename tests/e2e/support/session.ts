import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { createSessionStorage, holdSignIn } from "../../../app/session/session.server.ts";
import { recordSignIn } from "../../../app/session/sign-ins.server.ts";
import { openToken } from "../../../app/session/token-seal.server.ts";
import { openStore, type Store, storeLocation } from "../../../app/store/database.server.ts";
import { createSandbox } from "../../../sandbox/handler.ts";
import type { Credentials } from "./accounts.ts";
import { mainPortal, type PortalUnderTest, testSessionSecret } from "./portals.ts";

// Signing in without the login page (only the tests about that page use it): the
// upstream's own login call gives a token and its profile call the account; the portal's own
// session code records the sign-in's row, its token sealed, in the portal's database
// (app/session/sign-ins.server.ts) and puts the row's id in a signed session cookie
// (app/session/session.server.ts), as the login action does, so the server cannot tell the
// two apart. Saves a page, a form post and a redirect per test.

/** What a session cookie's value holds: its signed base64 JSON, read without checking the signature. */
export function cookieData(value: string): Record<string, unknown> {
  const [payload = ""] = decodeURIComponent(value).split(".");
  const data: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  return typeof data === "object" && data !== null ? Object.fromEntries(Object.entries(data)) : {};
}

/**
 * The upstream token of the sign-in a session cookie's value names, as the portal keeps it in
 * its database (sealed with the portal's SESSION_SECRET, decision 064); null when its row is gone.
 */
export async function upstreamTokenOf(
  portalDatabase: string,
  cookieValue: string,
  secret = testSessionSecret(),
): Promise<string | null> {
  const id = cookieData(cookieValue)["signIn"];
  if (typeof id !== "string") throw new Error("the session cookie names no sign-in");
  const { db } = await storeOf(portalDatabase);
  const row = await db.selectFrom("sign_ins").select("token_sealed").where("id", "=", id).executeTakeFirst();
  return row?.token_sealed ? openToken(row.token_sealed, id, [secret]) : null;
}

// One connection per portal database for the worker's life, as the server keeps one: opening
// it runs the migration check, which waits on the server's writes.
const stores = new Map<string, Promise<Store>>();

export function storeOf(databaseUrl: string): Promise<Store> {
  let store = stores.get(databaseUrl);
  if (store === undefined) {
    store = openStore(storeLocation(databaseUrl));
    stores.set(databaseUrl, store);
  }
  return store;
}

function tokenOf(body: unknown): string | null {
  return typeof body === "object" && body !== null && "key" in body && typeof body.key === "string" ? body.key : null;
}

function idOf(body: unknown): number | null {
  return typeof body === "object" && body !== null && "id" in body && typeof body.id === "number" ? body.id : null;
}

/**
 * POST /v1/login/ then GET /v1/user/profile/ (calls 4 and 5, docs/upstream-api.md) to the sandbox on this
 * database file: the account's new token and its id, as the login action learns them.
 */
async function upstreamLogin(
  databasePath: string,
  account: Credentials,
): Promise<{ token: string; accountId: number }> {
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
    const profile = await sandbox.handle(
      new Request("http://sandbox.invalid/v1/user/profile/", { headers: { Authorization: `Bearer ${token}` } }),
    );
    const accountId = idOf(await profile.json());
    if (!profile.ok || accountId === null) throw new Error(`no profile for ${account.email}: ${profile.status}`);
    return { token, accountId };
  } finally {
    sandbox.close();
  }
}

/**
 * The session cookie ("name=value") a login with `token` of `accountId` on `portal` would set,
 * its sign-in row recorded in the portal's database as the login action records it, and how
 * many seconds the browser keeps it. `secret` is the portal's SESSION_SECRET, which seals the
 * token in the row; `at` backdates the sign-in (a test of expiry).
 */
export async function mintSessionCookie(
  portal: Pick<PortalUnderTest, "origin" | "portalDatabase">,
  { token, accountId, userAgent = "", secret = testSessionSecret(), at = Date.now() }: MintedSession,
): Promise<{ pair: string; maxAge: number }> {
  const { db } = await storeOf(portal.portalDatabase);
  const signIn = await recordSignIn(db, { accountId, userAgent, address: "127.0.0.1", token }, at, [secret]);
  const storage = createSessionStorage(new URL(portal.origin).protocol === "https:", [secret]);
  const session = await storage.getSession();
  holdSignIn(session, signIn.id);
  const setCookie = await storage.commitSession(session);
  const [pair = ""] = setCookie.split(";");
  return { pair, maxAge: Number(/;\s*Max-Age=(\d+)/i.exec(setCookie)?.[1] ?? "0") };
}

type MintedSession = { token: string; accountId: number; userAgent?: string; secret?: string; at?: number };

/**
 * The session cookie ("name=value") a login of `account` on `portal` would have set, for a
 * client without a browser (plain fetch) to send.
 */
export async function sessionCookieFor(account: Credentials, portal: PortalUnderTest = mainPortal()): Promise<string> {
  const { token, accountId } = await upstreamLogin(portal.databasePath, account);
  return (await mintSessionCookie(portal, { token, accountId })).pair;
}

/** Gives `context` the session cookie a login of `account` on `portal` would have set. */
export async function addSession(
  context: BrowserContext,
  account: Credentials,
  portal: PortalUnderTest,
): Promise<void> {
  const { token, accountId } = await upstreamLogin(portal.databasePath, account);
  // The browser's own User-Agent, as Chromium sends it, and the address the tests connect from.
  const version = context.browser()?.version() ?? "";
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
  const { pair, maxAge } = await mintSessionCookie(portal, { token, accountId, userAgent });
  const equals = pair.indexOf("=");
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

/**
 * Signs `page` in as `account` without the login page (mintSessionCookie above) and opens the dashboard.
 * `portal` is another portal than playwright.config.ts's (the fault tests' own).
 */
export async function signIn(page: Page, account: Credentials, portal: PortalUnderTest = mainPortal()): Promise<void> {
  await addSession(page.context(), account, portal);
  await page.goto(`${portal.origin}/dashboard`);
  await expect(page).toHaveURL(`${portal.origin}/dashboard`);
}

/**
 * A second, independent browser session (its own cookies) with the project's JavaScript
 * setting, for "another user" checks. The caller closes it.
 */
export async function newSession(
  browser: Browser,
  options: { javaScriptEnabled: boolean; baseURL: string | undefined },
): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: options.javaScriptEnabled, baseURL: options.baseURL });
}
