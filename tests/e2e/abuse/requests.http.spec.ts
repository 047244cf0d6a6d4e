import { request as httpRequest } from "node:http";
import type { APIResponse } from "@playwright/test";
import { createAccount, newPerson, registrationFields, uniqueEmail } from "../support/accounts.ts";
import { formHeaders, logInByRequest, pageCsrf, postFormWithHeaders, sessionCookie } from "../support/http.ts";
import { expect, test } from "../support/own-portal.ts";
import { mainSandboxDb } from "../support/portals.ts";
import { accountExists, emailsSentTo, tokensIssued } from "./support.ts";

// Decisions 004 and 018: a post from another site is refused (400, React Router's
// origin check), a form without this browser's CSRF token too (403), and a body that is no
// form, too big or of unknown size is answered 4xx at the edge, never 500. A public form
// whose hidden honeypot field came back filled is a bot's, refused before the upstream hears of it.

const ONE_MIB = 1024 * 1024;

/** app/guards/honeypot.server.ts: the field people never see (in a `hidden` element) and form-filling bots fill in. */
const HONEYPOT = { website: "https://cheap-followers.example" };
/**
 * What a filled honeypot gets: the form back, as a 400, with a plain message (decision 046), so
 * a person whose browser showed the field is not left at a dead end.
 */
const BOT_REFUSAL = "The field “Leave this empty” was filled in, so nothing was sent.";

/** What every refusal shares: a 4xx, the usual headers, and not a word about the server's insides. */
async function expectPlainRefusal(response: APIResponse, status: number): Promise<void> {
  expect(response.status()).toBe(status);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["set-cookie"] ?? "").not.toMatch(/session=/);
  const text = await response.text();
  expect(text).not.toMatch(/TypeError|at .+:\d+:\d+|node_modules/);
}

test("a login post from another site is refused with 400, even with a valid token, and signs no one in", async ({
  request,
  baseURL,
}) => {
  const account = await createAccount("cross-origin", { verified: true });
  const csrf = await pageCsrf(request, "/login");
  const form = { csrf, website: "", email: account.email, password: account.password };
  const evil = { Origin: "https://evil.example" };

  await expectPlainRefusal(await postFormWithHeaders(request, "/login", form, evil), 400);
  // The same through React Router's data endpoint, which a script on the page would use.
  await expectPlainRefusal(await postFormWithHeaders(request, "/login.data", form, evil), 400);
  expect(await sessionCookie(request)).toBeNull();

  // The very same form from this site signs in: the 400s above are the origin's doing.
  expect((await postFormWithHeaders(request, "/login", form, formHeaders(String(baseURL)))).status()).toBe(302);
});

test("a form without this browser's CSRF token, or with another browser's, is refused with 403", async ({
  request,
  playwright,
  baseURL,
}) => {
  const origin = String(baseURL);
  const account = await createAccount("csrf", { verified: true });
  await logInByRequest(request, origin, account);
  const ownToken = await pageCsrf(request, "/dashboard/purchase-airtime");

  const stranger = await playwright.request.newContext({ baseURL: origin });
  const strangersToken = await pageCsrf(stranger, "/login");
  await stranger.dispose();
  expect(strangersToken).not.toBe(ownToken);

  const purchase = { intent: "process", provider: "1", phone: "08011111111", amount: "100" };
  for (const [name, form, headers] of [
    ["no token", purchase, formHeaders(origin)],
    ["another browser's token", { ...purchase, csrf: strangersToken }, formHeaders(origin)],
    // Old browsers send no Origin at all; the token is what stops them.
    ["no token and no Origin", purchase, {}],
  ] as const) {
    const response = await postFormWithHeaders(request, "/dashboard/purchase-airtime", form, headers);
    expect(response.status(), name).toBe(403);
    expect(await response.text(), name).not.toContain('name="confirmation"');
  }
  const logout = await postFormWithHeaders(request, "/logout", { csrf: strangersToken }, formHeaders(origin));
  expect(logout.status()).toBe(403);
  // Still signed in: the refused logout changed nothing.
  expect((await request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
});

test("text/plain, JSON, a post with no type and other methods are answered 4xx, not 500", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const csrf = await pageCsrf(request, "/login");
  const login = { csrf, website: "", email: uniqueEmail("types"), password: "Whatever-pass-1" };

  for (const path of ["/login", "/login.data"]) {
    await expectPlainRefusal(
      await request.post(path, {
        data: new URLSearchParams(login).toString(),
        headers: { ...formHeaders(origin), "Content-Type": "text/plain" },
      }),
      415,
    );
    await expectPlainRefusal(await request.post(path, { data: login, headers: formHeaders(origin) }), 415);
    await expectPlainRefusal(await request.fetch(path, { method: "POST", headers: formHeaders(origin) }), 415);
  }
  const put = await request.fetch("/login", { method: "PUT", form: login, headers: formHeaders(origin) });
  await expectPlainRefusal(put, 405);
  expect(put.headers()["allow"]).toBe("GET, HEAD, POST");
  await expectPlainRefusal(await request.fetch("/", { method: "TRACE" }), 405);
});

test("a form over 1 MiB is refused with 413 before it is read, and the server carries on", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const account = await createAccount("oversized", { verified: true });
  const csrf = await pageCsrf(request, "/login");
  const padding = "a".repeat(2 * ONE_MIB);
  const oversized = await request.post("/login", {
    data: new URLSearchParams({
      csrf,
      website: "",
      email: account.email,
      password: account.password,
      padding,
    }).toString(),
    headers: { ...formHeaders(origin), "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  await expectPlainRefusal(oversized, 413);

  // Just under the limit is an ordinary form: the login goes through.
  const nearLimit = await request.post("/login", {
    data: new URLSearchParams({
      csrf,
      website: "",
      email: account.email,
      password: account.password,
      padding: padding.slice(0, ONE_MIB - 1000),
    }).toString(),
    headers: { ...formHeaders(origin), "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(nearLimit.status()).toBe(302);
  expect((await request.get("/healthz")).status()).toBe(200);
});

test("a form streamed without a length is refused with 411 rather than read to the end", async ({ baseURL }) => {
  const url = new URL("/login", String(baseURL));
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
        Origin: url.origin,
      },
    });
    outgoing.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on("error", reject);
    // A client that would go on sending for ever: the answer must come without waiting.
    outgoing.write("email=a%40b.test&");
  });
  expect(status).toBe(411);
});

test("a registration with the honeypot filled is refused with 400: no account, no OTP e-mail, no session", async ({
  request,
  baseURL,
}) => {
  const person = newPerson("honeypot-register");
  const csrf = await pageCsrf(request, "/register");
  const form = { csrf, ...registrationFields(person), ...HONEYPOT };
  const answer = await postFormWithHeaders(request, "/register", form, formHeaders(String(baseURL)));
  await expectPlainRefusal(answer, 400);
  expect(await answer.text()).toContain(BOT_REFUSAL);

  expect(accountExists(mainSandboxDb(), person.email)).toBe(false);
  expect(emailsSentTo(mainSandboxDb(), person.email)).toBe(0);
  expect((await request.get("/dashboard", { maxRedirects: 0 })).headers()["location"]).toBe("/login");
});

test("a login with the honeypot filled and the right password is refused with 400 and signs no one in", async ({
  request,
  baseURL,
}) => {
  const account = await createAccount("honeypot-login", { verified: true });
  const csrf = await pageCsrf(request, "/login");
  const answer = await postFormWithHeaders(
    request,
    "/login",
    { csrf, ...HONEYPOT, email: account.email, password: account.password },
    formHeaders(String(baseURL)),
  );
  await expectPlainRefusal(answer, 400);
  expect(await answer.text()).toContain(BOT_REFUSAL);
  expect(await answer.text(), "the e-mail comes back as typed").toContain(`value="${account.email}"`);

  // The password was never tried upstream, so it cannot be guessed this way either.
  expect(tokensIssued(mainSandboxDb(), account.email)).toBe(0);
  expect((await request.get("/dashboard", { maxRedirects: 0 })).headers()["location"]).toBe("/login");
});

test("a forgot-password request with the honeypot filled is refused with 400 and sends no reset e-mail", async ({
  request,
  baseURL,
}) => {
  const account = await createAccount("honeypot-forgot", { verified: true });
  const csrf = await pageCsrf(request, "/forgot-password");
  const answer = await postFormWithHeaders(
    request,
    "/forgot-password",
    { csrf, ...HONEYPOT, email: account.email },
    formHeaders(String(baseURL)),
  );
  await expectPlainRefusal(answer, 400);
  expect(await answer.text()).toContain(BOT_REFUSAL);

  expect(emailsSentTo(mainSandboxDb(), account.email)).toBe(0);
});
