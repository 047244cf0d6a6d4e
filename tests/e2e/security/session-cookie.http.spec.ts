import { readFile } from "node:fs/promises";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { DEMO } from "../support/accounts.ts";
import { fieldValue, formHeaders, postFormWithHeaders, postLogin, sessionCookie } from "../support/http.ts";
import { expect, SECRET, test } from "../support/own-portal.ts";
import { cookieData, upstreamTokenOf } from "../support/session.ts";

// Decisions 018 and 064: the session cookie is HttpOnly and SameSite=Lax,
// Secure with the __Host- prefix over HTTPS; it holds only a random sign-in id; every login
// issues a new one; a copy stops working at logout; the upstream token shows up nowhere;
// signed-in answers are never cached.
// On a portal of the suite's own that trusts the loopback proxy, so a request can say it came
// over HTTPS, and from an address of its own (each test logs in from a fresh one, as the
// portal allows 10 logins per address).

let nextAddress = 1;
function freshAddress(): Record<string, string> {
  nextAddress += 1;
  return { "X-Forwarded-For": `198.51.100.${nextAddress}` };
}

const SIGNED_IN_PAGES = [
  "/dashboard",
  "/dashboard/profile",
  "/dashboard/transactions",
  "/dashboard/purchase-airtime",
  "/dashboard/fund-wallet",
];

/** Each page as a document and as the `.data` answer a hydrated browser fetches instead. */
const SIGNED_IN_ANSWERS = SIGNED_IN_PAGES.flatMap((path) => [path, `${path}.data`]);

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
}

function cookieNamed(response: APIResponse, name: string): string {
  const cookie = setCookies(response).find((value) => value.startsWith(`${name}=`));
  if (cookie === undefined) throw new Error(`no ${name} cookie set; got ${setCookies(response).join(" | ")}`);
  return cookie;
}

function attributes(cookie: string): string[] {
  return cookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

async function withClient<T>(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  origin: string,
  use: (client: APIRequestContext) => Promise<T>,
): Promise<T> {
  const client = await playwright.request.newContext({ baseURL: origin });
  try {
    return await use(client);
  } finally {
    await client.dispose();
  }
}

test("over HTTPS both cookies are __Host-, Secure, HttpOnly and SameSite=Lax, and HSTS is on", async ({
  playwright,
  ownPortal,
}) => {
  await withClient(playwright, ownPortal.origin, async (client) => {
    const https = { ...freshAddress(), "X-Forwarded-Proto": "https" };
    const loginPage = await client.get("/login", { headers: https });
    expect(loginPage.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
    const csrfCookie = cookieNamed(loginPage, "__Host-csrf");
    const csrf = fieldValue(await loginPage.text(), "csrf");
    // Sent by hand: a client of plain http keeps no Secure cookie, a browser on https would.
    const cookie = csrfCookie.split(";")[0] ?? "";
    const login = await postFormWithHeaders(
      client,
      "/login",
      { csrf, website: "", email: DEMO.email, password: DEMO.password },
      { ...formHeaders("https://" + new URL(ownPortal.origin).host), ...https, Cookie: cookie },
    );
    expect(login.status()).toBe(302);
    for (const set of [csrfCookie, cookieNamed(login, "__Host-session")]) {
      const flags = attributes(set);
      expect(flags, set).toEqual(expect.arrayContaining(["path=/", "httponly", "secure", "samesite=lax"]));
      expect(
        flags.some((flag) => flag.startsWith("domain=")),
        set,
      ).toBe(false);
    }
    expect(setCookies(login).some((set) => set.startsWith("__session="))).toBe(false);
  });
});

test("over plain http the cookies are HttpOnly and SameSite=Lax, without Secure or the __Host- prefix", async ({
  playwright,
  ownPortal,
}) => {
  await withClient(playwright, ownPortal.origin, async (client) => {
    const address = freshAddress();
    const login = await postLogin(client, ownPortal.origin, DEMO, address);
    expect(login.status()).toBe(302);
    const flags = attributes(cookieNamed(login, "__session"));
    expect(flags).toEqual(expect.arrayContaining(["path=/", "httponly", "samesite=lax"]));
    expect(flags).not.toContain("secure");
    expect(login.headers()["strict-transport-security"]).toBeUndefined();
  });
});

test("every login issues a new cookie with a new token", async ({ playwright, ownPortal }) => {
  await withClient(playwright, ownPortal.origin, async (client) => {
    const address = freshAddress();
    expect((await postLogin(client, ownPortal.origin, DEMO, address)).status()).toBe(302);
    const first = await sessionCookie(client);
    // Signed in already, the login form is still posted (another tab left open).
    const csrf = fieldValue(await (await client.get("/logout", { headers: address })).text(), "csrf");
    const again = await postFormWithHeaders(
      client,
      "/login",
      { csrf, website: "", email: DEMO.email, password: DEMO.password },
      formHeaders(ownPortal.origin, address),
    );
    expect(again.status()).toBe(302);
    const second = await sessionCookie(client);
    expect(first).not.toBeNull();
    expect(second?.value).not.toBe(first?.value);
    const tokens = await Promise.all(
      [first, second].map((cookie) => upstreamTokenOf(ownPortal.databaseUrl, cookie?.value ?? "", SECRET)),
    );
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).not.toBe(tokens[0]);
  });
});

test("the session cookie a login sets holds a random sign-in id and no upstream token", async ({
  playwright,
  ownPortal,
}) => {
  await withClient(playwright, ownPortal.origin, async (client) => {
    expect((await postLogin(client, ownPortal.origin, DEMO, freshAddress())).status()).toBe(302);
    const cookie = (await sessionCookie(client))?.value ?? "";
    const data = cookieData(cookie);
    expect(Object.keys(data)).toEqual(["signIn"]);
    expect(data["signIn"]).toMatch(/^[\w-]{43}$/);
    // The token the portal keeps for this sign-in, which the upstream gave at this login.
    const token = await upstreamTokenOf(ownPortal.databaseUrl, cookie, SECRET);
    expect(token?.length).toBeGreaterThan(16);
    expect(Buffer.from(decodeURIComponent(cookie).split(".")[0] ?? "", "base64").toString()).not.toContain(token);
    expect(decodeURIComponent(cookie)).not.toContain(token);
    // Nor does the portal's database file hold it in the clear: it is sealed there.
    const file = ownPortal.databaseUrl.replace(/^file:/, "");
    const stored = await Promise.all([file, `${file}-wal`].map((path) => readFile(path).catch(() => Buffer.alloc(0))));
    expect(stored.some((bytes) => bytes.includes(token ?? ""))).toBe(false);
  });
});

test("after logout a copy of the old cookie no longer signs anyone in", async ({ playwright, ownPortal }) => {
  const address = freshAddress();
  const visitWith = (copy: { name: string; value: string } | null, path: string) =>
    withClient(playwright, ownPortal.origin, async (thief) => {
      const answer = await thief.get(path, {
        headers: { ...address, Cookie: `${copy?.name}=${copy?.value}` },
        maxRedirects: 0,
      });
      return { status: answer.status(), location: answer.headers()["location"] ?? "", text: await answer.text() };
    });
  const copy = await withClient(playwright, ownPortal.origin, async (client) => {
    expect((await postLogin(client, ownPortal.origin, DEMO, address)).status()).toBe(302);
    const kept = await sessionCookie(client);
    // Before logout the copy works like the original: what follows is the logout's doing.
    expect((await visitWith(kept, "/dashboard/profile")).status).toBe(200);
    const csrf = fieldValue(await (await client.get("/logout", { headers: address })).text(), "csrf");
    const logout = await postFormWithHeaders(client, "/logout", { csrf }, formHeaders(ownPortal.origin, address));
    expect(logout.status()).toBe(302);
    expect(logout.headers()["location"]).toBe("/login");
    return kept;
  });
  const page = await visitWith(copy, "/dashboard/profile");
  // Its sign-in row went with the logout: the copy is sent to log in, back to the page after.
  expect(page.status).toBe(302);
  expect(page.location).toBe("/login?redirectTo=%2Fdashboard%2Fprofile");
  // The data endpoint answers a redirect in its own format (202 with the target in the body).
  const data = await visitWith(copy, "/dashboard/profile.data");
  expect(data.text).toContain('"/login?redirectTo=');
  expect(data.text).not.toContain(DEMO.email);
});

test("the upstream token appears in no page, no loader data, no redirect and no log line", async ({
  playwright,
  ownPortal,
}) => {
  await withClient(playwright, ownPortal.origin, async (client) => {
    const address = freshAddress();
    const login = await postLogin(client, ownPortal.origin, DEMO, address);
    expect(login.status()).toBe(302);
    const cookie = await sessionCookie(client);
    const token = (await upstreamTokenOf(ownPortal.databaseUrl, cookie?.value ?? "", SECRET)) ?? "";
    expect(token.length).toBeGreaterThan(16);

    const seen: string[] = [login.headers()["location"] ?? ""];
    for (const path of [...SIGNED_IN_ANSWERS, "/dashboard/no-such-page", "/login?redirectTo=%2Fdashboard"]) {
      const answer = await client.get(path, { headers: address, maxRedirects: 0 });
      seen.push(`${path} ${answer.status()} ${answer.headers()["location"] ?? ""}\n${await answer.text()}`);
    }
    for (const text of seen) expect(text.includes(token), text.slice(0, 80)).toBe(false);

    const log = await ownPortal.logText();
    // The log does hold these requests, so its silence about the token means something.
    expect(log).toContain('"path":"/dashboard/profile.data"');
    expect(log.includes(token)).toBe(false);
  });
});

test("signed-in pages and their .data answers are sent with Cache-Control: no-store", async ({
  playwright,
  ownPortal,
}) => {
  await withClient(playwright, ownPortal.origin, async (client) => {
    const address = freshAddress();
    expect((await postLogin(client, ownPortal.origin, DEMO, address)).status()).toBe(302);
    for (const path of SIGNED_IN_ANSWERS) {
      const answer = await client.get(path, { headers: address, maxRedirects: 0 });
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["cache-control"], path).toBe("no-store");
    }
  });
});
