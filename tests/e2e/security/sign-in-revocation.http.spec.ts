import type { APIRequestContext } from "@playwright/test";
import { z } from "zod";
import { signInHandle } from "../../../app/session/sign-ins.server.ts";
import { createSessionStorage } from "../../../app/session/session.server.ts";
import { FIRST_RETRY_MS } from "../../../app/session/revocations.server.ts";
import { createAccount, type Person } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import type { FaultUpstream } from "../support/fault-upstream.ts";
import { csrfOf, postForm, postLogin, sessionCookie } from "../support/http.ts";
import { testSessionSecret } from "../support/portals.ts";
import { cookieData, mintSessionCookie, storeOf, upstreamTokenOf } from "../support/session.ts";
import type { Portal } from "../../support/portal-process.ts";

// Decision 064: every way a sign-in ends revokes its upstream token (call 15), so a copied
// cookie, or a token read out of one before, is worth nothing afterwards; when the upstream
// cannot be reached the sign-in ends all the same and the token is revoked on a later try; a
// cookie from before, which holds the token itself, is taken once more and moves to the new form.
// Against the fault upstream, whose sandbox a test asks directly whether it still takes a token.

/** Whether the upstream still takes this bearer token: its profile call (call 5), asked directly. */
async function upstreamTakes(faults: FaultUpstream, token: string): Promise<boolean> {
  const answer = await faults.sandbox.handle(
    new Request("http://sandbox.invalid/v1/user/profile/", { headers: { Authorization: `Bearer ${token}` } }),
  );
  return answer.status === 200;
}

/** One browser signed in by the login form: its cookie jar, and the token the portal keeps for it. */
type Device = { client: APIRequestContext; cookie: string; token: string };

async function signIn(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  portal: Portal,
  person: Person,
): Promise<Device> {
  const client = await playwright.request.newContext({ baseURL: portal.origin });
  expect((await postLogin(client, portal.origin, person)).status(), `login of ${person.email}`).toBe(302);
  const cookie = (await sessionCookie(client))?.value ?? "";
  const token = await upstreamTokenOf(portal.databaseUrl, cookie);
  if (token === null) throw new Error("the login recorded no token");
  return { client, cookie, token };
}

/** A form of the signed-in Profile page, posted as its browser posts it. */
async function postProfile(device: Device, origin: string, form: Record<string, string>): Promise<number> {
  const page = await device.client.get("/dashboard/profile");
  expect(page.status()).toBe(200);
  const answer = await postForm(device.client, origin, "/dashboard/profile", {
    csrf: csrfOf(await page.text()),
    ...form,
  });
  return answer.status();
}

async function logOut(device: Device, origin: string): Promise<void> {
  const page = await device.client.get("/logout");
  const answer = await postForm(device.client, origin, "/logout", { csrf: csrfOf(await page.text()) });
  expect(answer.headers()["location"]).toBe("/login");
}

/** Where a request with only this session cookie ("name=value") ends up: "signed in", or where it was sent. */
async function visitWith(portal: Portal, pair: string): Promise<{ landed: string; setCookie: string | null }> {
  const answer = await fetch(`${portal.origin}/dashboard`, { headers: { Cookie: pair }, redirect: "manual" });
  await answer.body?.cancel();
  const landed = answer.status === 200 ? "signed in" : (answer.headers.get("Location") ?? String(answer.status));
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  return { landed, setCookie: session ?? null };
}

/** A token straight from the upstream's login (call 4) and the account's id (call 5), as a login action gets them. */
async function upstreamLogin(faults: FaultUpstream, person: Person): Promise<{ token: string; accountId: number }> {
  const login = await faults.sandbox.handle(
    new Request("http://sandbox.invalid/v1/login/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: person.email, password: person.password }),
    }),
  );
  const { key } = z.object({ key: z.string() }).parse(await login.json());
  const profile = await faults.sandbox.handle(
    new Request("http://sandbox.invalid/v1/user/profile/", { headers: { Authorization: `Bearer ${key}` } }),
  );
  const { id } = z.object({ id: z.number() }).parse(await profile.json());
  return { token: key, accountId: id };
}

test("every way a sign-in ends revokes its token at the upstream", async ({ playwright, faults, faultPortal }) => {
  const origin = faultPortal.origin;
  const person = await createAccount("revocation", { verified: true, database: faults.databasePath });
  const devices: Device[] = [];
  const device = async () => {
    const signedIn = await signIn(playwright, faultPortal, person);
    devices.push(signedIn);
    return signedIn;
  };
  try {
    // Logout.
    const leaving = await device();
    expect(await upstreamTakes(faults, leaving.token)).toBe(true);
    await logOut(leaving, origin);
    expect(await upstreamTakes(faults, leaving.token), "after logout").toBe(false);

    // Sign out of one other device, from Profile.
    const here = await device();
    const phone = await device();
    const id = cookieData(phone.cookie)["signIn"];
    expect(await postProfile(here, origin, { intent: "end-sign-in", signIn: signInHandle(String(id)) })).toBe(302);
    expect(await upstreamTakes(faults, phone.token), "after Sign out of that device").toBe(false);
    expect(await upstreamTakes(faults, here.token)).toBe(true);

    // Sign out everywhere else.
    const laptop = await device();
    const tablet = await device();
    expect(await postProfile(here, origin, { intent: "end-other-sign-ins" })).toBe(302);
    expect(await upstreamTakes(faults, laptop.token), "after Sign out everywhere else").toBe(false);
    expect(await upstreamTakes(faults, tablet.token), "after Sign out everywhere else").toBe(false);
    expect(await upstreamTakes(faults, here.token)).toBe(true);

    // A new password.
    const other = await device();
    const newPassword = `${person.password}-new`;
    expect(
      await postProfile(here, origin, {
        intent: "change-password",
        oldPassword: person.password,
        newPassword,
        confirmPassword: newPassword,
      }),
    ).toBe(302);
    expect(await upstreamTakes(faults, other.token), "after a password change").toBe(false);
    expect(await upstreamTakes(faults, here.token)).toBe(true);

    // Idle for 31 minutes: the next request finds it expired, ends it and revokes its token.
    const idle = await upstreamLogin(faults, { ...person, password: newPassword });
    const stale = await mintSessionCookie(
      { origin, portalDatabase: faultPortal.databaseUrl },
      { ...idle, at: Date.now() - 31 * 60_000 },
    );
    expect((await visitWith(faultPortal, stale.pair)).landed).toBe("/login");
    await expect.poll(() => upstreamTakes(faults, idle.token), { message: "after idle expiry" }).toBe(false);
  } finally {
    await Promise.all(devices.map((each) => each.client.dispose()));
  }
});

test("a sign-in ends even when the upstream cannot be reached, and its token is revoked on a later try", async ({
  playwright,
  faults,
  faultPortal,
}) => {
  const person = await createAccount("revocation-later", { verified: true, database: faults.databasePath });
  const leaving = await signIn(playwright, faultPortal, person);
  const staying = await signIn(playwright, faultPortal, person);
  try {
    faults.inject("503", "/v1/logout/");
    await logOut(leaving, faultPortal.origin);
    // Out of the portal at once: the row is gone, so the cookie is worth nothing here...
    expect((await visitWith(faultPortal, `__session=${leaving.cookie}`)).landed).toBe("/login");
    // ...but the upstream never heard of it, so the token still works there for now.
    expect(faults.calls("/v1/logout/")).toBe(1);
    expect(await upstreamTakes(faults, leaving.token)).toBe(true);
    faults.heal();
    // Any signed-in request after the retry is due tries again, in the background.
    await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS));
    await expect
      .poll(
        async () => {
          expect((await staying.client.get("/dashboard")).status()).toBe(200);
          return upstreamTakes(faults, leaving.token);
        },
        { message: "the queued revocation, once the upstream is back", intervals: [500], timeout: 10_000 },
      )
      .toBe(false);
    expect(await upstreamTakes(faults, staying.token)).toBe(true);
  } finally {
    await Promise.all([leaving.client.dispose(), staying.client.dispose()]);
  }
});

test("a cookie from before decision 064, holding the token, works once more and moves to the new form", async ({
  faults,
  faultPortal,
}) => {
  const person = await createAccount("revocation-legacy", { verified: true, database: faults.databasePath });
  const upstream = await upstreamLogin(faults, person);
  // As a login before decision 064 left it: the row without the token, the cookie with it.
  const minted = await mintSessionCookie(
    { origin: faultPortal.origin, portalDatabase: faultPortal.databaseUrl },
    upstream,
  );
  const id = String(cookieData(minted.pair.slice(minted.pair.indexOf("=") + 1))["signIn"]);
  const { db } = await storeOf(faultPortal.databaseUrl);
  await db.updateTable("sign_ins").set({ token_sealed: null }).where("id", "=", id).execute();
  const storage = createSessionStorage(false, [testSessionSecret()]);
  const session = await storage.getSession();
  session.set("signIn", id);
  session.set("token", upstream.token);
  const legacy = (await storage.commitSession(session)).split(";")[0] ?? "";
  expect(cookieData(legacy.slice(legacy.indexOf("=") + 1))).toEqual({ signIn: id, token: upstream.token });

  const first = await visitWith(faultPortal, legacy);
  expect(first.landed).toBe("signed in");
  const renewed = (first.setCookie ?? "").split(";")[0] ?? "";
  expect(cookieData(renewed.slice(renewed.indexOf("=") + 1))).toEqual({ signIn: id });
  expect(await upstreamTokenOf(faultPortal.databaseUrl, renewed.slice(renewed.indexOf("=") + 1))).toBe(upstream.token);
  expect((await visitWith(faultPortal, renewed)).landed).toBe("signed in");

  // Ended now, the token the old cookie carried is revoked too: the old cookie is worth nothing.
  const page = await fetch(`${faultPortal.origin}/logout`, { headers: { Cookie: renewed } });
  const csrfCookie =
    page.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__csrf="))
      ?.split(";")[0] ?? "";
  const logout = await fetch(`${faultPortal.origin}/logout`, {
    method: "POST",
    headers: { Cookie: `${renewed}; ${csrfCookie}`, Origin: faultPortal.origin },
    body: new URLSearchParams({ csrf: csrfOf(await page.text()) }),
    redirect: "manual",
  });
  expect(logout.headers.get("Location")).toBe("/login");
  expect(await upstreamTakes(faults, upstream.token)).toBe(false);
  expect((await visitWith(faultPortal, legacy)).landed).toBe("/login");
});
