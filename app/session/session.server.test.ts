import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ABSOLUTE_LIFETIME_MS, IDLE_LIFETIME_MS, SEEN_STEP_MS } from "../domain/sign-ins.ts";
import { env } from "../infra/env.server.ts";
import { closeStore, portalStore, storeStartupProblem } from "../store/database.server.ts";
import { setUpstreamTarget } from "../upstream/transport.server.ts";
import { endOtherSessions, endSession, sessionToken, startSession } from "./auth.server.ts";
import { createCsrfCookie, createSessionStorage, sessionMiddleware, servedOverHttps } from "./session.server.ts";
import { readToast, setToast } from "./toast.server.ts";

// Decision 018: 30 minutes idle, 12 hours in all, a new cookie at login; the sign-in's row in
// the portal's database (a SQLite file here; sign-ins.server.test.ts covers PostgreSQL) says
// whether it still stands. The browser drops an idle cookie by its Max-Age; these tests play a
// client that keeps it anyway (a copied cookie), with a fake clock, through the middleware as
// every request passes it.

const folder = mkdtempSync(join(tmpdir(), "portal-session-"));

/** The tokens the portal asked the upstream to revoke (call 15), in order. */
let revoked: string[] = [];

beforeAll(async () => {
  expect(await storeStartupProblem(`file:${join(folder, "portal.db")}`)).toBeNull();
  setUpstreamTarget({
    baseUrl: "http://upstream.test",
    assetBase: "",
    transport: (request) => {
      if (new URL(request.url).pathname === "/v1/logout/") {
        revoked.push(request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "");
      }
      return Promise.resolve(Response.json({ detail: "Successfully logged out." }));
    },
  });
});

afterAll(async () => {
  setUpstreamTarget(undefined);
  await closeStore();
  rmSync(folder, { recursive: true, force: true });
});

const ACCOUNT = 7;

const MINUTE = 60_000;
const START = new Date("2026-03-02T08:00:00Z");

type Visit = { token: string | null; cookie: string | null; setCookie: string | null; cacheControl: string | null };

/** One request through the session middleware; `page` is what its loader does. */
async function visit(
  cookie: string | null,
  page: (context: Readonly<RouterContextProvider>) => Promise<void> | void = () => undefined,
  origin = "http://portal.test",
): Promise<Visit> {
  const request = new Request(`${origin}/dashboard`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = new RouterContextProvider();
  let token: string | null = null;
  const answer = await sessionMiddleware(
    { request, context, params: {}, pattern: "/dashboard", url: new URL(request.url) },
    async () => {
      await page(context);
      token = await sessionToken(context);
      return new Response("page");
    },
  );
  // The middleware always hands on the page's answer; void is only in its general type.
  if (!(answer instanceof Response)) throw new Error("the middleware answered nothing");
  const response = answer;
  const setCookie = response.headers.get("Set-Cookie");
  // What a browser sends back: the name=value pair of the cookie it was given, or the old one.
  const next = setCookie === null ? cookie : (setCookie.split(";")[0] ?? null);
  return { token, cookie: next, setCookie, cacheControl: response.headers.get("Cache-Control") };
}

/** What a session cookie ("name=value") holds: signed base64 JSON. */
function cookieData(cookie: string | null): Record<string, unknown> {
  const value = decodeURIComponent(cookie?.split("=")[1] ?? "");
  const data: unknown = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
  return typeof data === "object" && data !== null ? Object.fromEntries(Object.entries(data)) : {};
}

async function logIn(token = "upstream-token-1"): Promise<string> {
  const { cookie } = await visit(null, (context) => startSession(context, token, ACCOUNT));
  if (cookie === null) throw new Error("login set no cookie");
  return cookie;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ["Date"] });
  revoked = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe("idle expiry (30 minutes)", () => {
  it("keeps a session that is used at least every 30 minutes", async () => {
    let cookie: string | null = await logIn();
    for (let step = 0; step < 6; step += 1) {
      vi.advanceTimersByTime(29 * MINUTE);
      const answer = await visit(cookie);
      expect(answer.token, `after ${(step + 1) * 29} minutes`).toBe("upstream-token-1");
      cookie = answer.cookie;
    }
  });

  it("refuses a kept cookie after 30 minutes without a request", async () => {
    const cookie = await logIn();
    vi.advanceTimersByTime(IDLE_LIFETIME_MS + MINUTE);
    expect((await visit(cookie)).token).toBeNull();
  });

  it("takes a copy of the cookie for the same sign-in, which ends for both at once", async () => {
    const copy = await logIn();
    vi.advanceTimersByTime(20 * MINUTE);
    const live = await visit(copy);
    vi.advanceTimersByTime(20 * MINUTE);
    expect((await visit(copy)).token).toBe("upstream-token-1");
    await visit(live.cookie, (context) => endSession(context));
    expect((await visit(copy)).token).toBeNull();
  });

  it("is not brought back to life by a page that does not ask for the token", async () => {
    const cookie = await logIn();
    vi.advanceTimersByTime(IDLE_LIFETIME_MS + MINUTE);
    const publicPage = await visit(cookie, () => undefined);
    vi.advanceTimersByTime(MINUTE);
    const cookieAfter = publicPage.cookie;
    const request = new Request("http://portal.test/", { headers: cookieAfter ? { Cookie: cookieAfter } : {} });
    const context = new RouterContextProvider();
    let token: string | null = "not asked";
    await sessionMiddleware({ request, context, params: {}, pattern: "/", url: new URL(request.url) }, async () => {
      token = await sessionToken(context);
      return new Response("page");
    });
    expect(token).toBeNull();
  });
});

describe("signing the cookie again", () => {
  it("sends no new cookie within a minute of the last one, and a new one after it", async () => {
    const cookie = await logIn();
    vi.advanceTimersByTime(SEEN_STEP_MS - 1);
    const soon = await visit(cookie);
    expect(soon.token).toBe("upstream-token-1");
    expect(soon.setCookie).toBeNull();
    expect(soon.cacheControl).toBe("no-store");
    vi.advanceTimersByTime(1);
    expect((await visit(cookie)).setCookie).toMatch(/Max-Age=1800/);
  });

  it("keeps a session visited every 59 seconds alive, though not every visit sends a new cookie", async () => {
    let cookie: string | null = await logIn();
    for (let step = 0; step < 40; step += 1) {
      vi.advanceTimersByTime(59 * 1000);
      const answer = await visit(cookie);
      expect(answer.token, `after ${step + 1} visits`).toBe("upstream-token-1");
      cookie = answer.cookie;
    }
  });
});

describe("absolute expiry (12 hours)", () => {
  it("ends a session 12 hours after login however busy it is", async () => {
    let cookie: string | null = await logIn();
    const steps = ABSOLUTE_LIFETIME_MS / (20 * MINUTE);
    for (let step = 0; step < steps; step += 1) {
      vi.advanceTimersByTime(20 * MINUTE);
      const answer = await visit(cookie);
      expect(answer.token, `after ${((step + 1) * 20) / 60} hours`).toBe("upstream-token-1");
      cookie = answer.cookie;
    }
    vi.advanceTimersByTime(MINUTE);
    expect((await visit(cookie)).token).toBeNull();
  });
});

describe("the cookie", () => {
  it("is a new one at every login, and the new session holds nothing of the old", async () => {
    // A flash message stands for anything a session held before login.
    const visitor = await visit(null, (context) => setToast(context, { type: "success", message: "before" }));
    const first = await visit(visitor.cookie, (context) => startSession(context, "token-a", ACCOUNT));
    const second = await visit(first.cookie, (context) => startSession(context, "token-b", ACCOUNT));
    expect(first.cookie).not.toBe(visitor.cookie);
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.token).toBe("token-b");
    let toast: unknown = "not read";
    await visit(second.cookie, (context) => {
      toast = readToast(context);
    });
    expect(toast).toBeNull();
  });

  it("is HttpOnly, SameSite=Lax, __Host- and Secure over HTTPS", async () => {
    const { setCookie } = await visit(null, (context) => startSession(context, "t", ACCOUNT), "https://portal.test");
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Domain=/i);
  });

  it("is HttpOnly and SameSite=Lax but not Secure over plain http, where it could not come back", async () => {
    const { setCookie } = await visit(null, (context) => startSession(context, "t", ACCOUNT), "http://portal.test");
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/; Secure/);
  });

  it("an http cookie does not sign anyone in over HTTPS", async () => {
    const cookie = await logIn();
    expect((await visit(cookie, () => undefined, "https://portal.test")).token).toBeNull();
  });

  it("the CSRF cookie takes the same prefix and flags", async () => {
    expect(await createCsrfCookie(true).serialize("x")).toMatch(
      /^__Host-csrf=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(await createCsrfCookie(false).serialize("x")).toMatch(/^__csrf=.*; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("answers to a signed-in browser are never stored by a cache", async () => {
    const cookie = await logIn();
    expect((await visit(cookie)).cacheControl).toBe("no-store");
    expect((await visit(null)).cacheControl).toBeNull();
  });
});

describe("the sign-in's row", () => {
  it("is named by the cookie, which holds its id and nothing else: a login makes one and a logout ends it", async () => {
    const rows = () => portalStore().db.selectFrom("sign_ins").select("id").where("account_id", "=", 99).execute();
    const { cookie } = await visit(null, (context) => startSession(context, "token-99", 99));
    const [row] = await rows();
    expect(row?.id).toMatch(/^[\w-]{43}$/);
    expect(cookieData(cookie)).toEqual({ signIn: row?.id });
    await visit(cookie, (context) => endSession(context));
    expect(await rows()).toEqual([]);
    // The logout revoked its token at the upstream (decision 064).
    expect(revoked).toEqual(["token-99"]);
  });

  it("once deleted by another browser, signs this one out on its next request, its token revoked", async () => {
    const here = await logIn("token-here");
    const there = await logIn("token-there");
    await visit(here, async (context) => {
      expect(await endOtherSessions(context, ACCOUNT)).toBeGreaterThanOrEqual(1);
    });
    expect(revoked).toContain("token-there");
    expect(revoked).not.toContain("token-here");
    expect((await visit(there)).token).toBeNull();
    expect((await visit(here)).token).toBe("token-here");
  });

  it("takes a cookie from before decision 064 once more, moving its token into the row", async () => {
    const cookie = await logIn("token-legacy");
    const id = cookieData(cookie)["signIn"];
    if (typeof id !== "string") throw new Error("no sign-in id in the cookie");
    // As a login before decision 064 left it: the token in the cookie, none in the row.
    await portalStore().db.updateTable("sign_ins").set({ token_sealed: null }).where("id", "=", id).execute();
    const storage = createSessionStorage(false, env().SESSION_SECRET);
    const session = await storage.getSession();
    session.set("signIn", id);
    session.set("token", "token-legacy");
    const legacy = (await storage.commitSession(session)).split(";")[0] ?? "";
    expect(cookieData(legacy)).toEqual({ signIn: id, token: "token-legacy" });

    const first = await visit(legacy);
    expect(first.token).toBe("token-legacy");
    expect(cookieData(first.cookie)).toEqual({ signIn: id });
    const row = await portalStore().db.selectFrom("sign_ins").selectAll().where("id", "=", id).executeTakeFirst();
    expect(row?.token_sealed).toMatch(/^v1\./);
    expect((await visit(first.cookie)).token).toBe("token-legacy");
    await visit(first.cookie, (context) => endSession(context));
    expect(revoked).toEqual(["token-legacy"]);
  });
});

describe("servedOverHttps", () => {
  it.each([
    ["https://portal.test/login", true],
    ["http://portal.test/login", false],
  ])("%s → %s", (url, expected) => {
    expect(servedOverHttps(new Request(url))).toBe(expected);
  });
});
