import { createAccount } from "../support/accounts.ts";
import { formHeaders, logInByRequest, pageCsrf, postFormWithHeaders, sessionCookie } from "../support/http.ts";
import { expect, test } from "../support/own-portal.ts";

// Decision 054: Opera Mini (extreme) and some privacy settings post forms with no Origin
// header or with `Origin: null`. Such a post from the portal's own page, with its CSRF token,
// goes through; the token is what refuses a forged one, and another site's Origin is still
// refused before any action runs.

/** What Opera Mini's servers send in place of a page's origin. */
const PROXY_ORIGINS: readonly (readonly [string, Record<string, string>])[] = [
  ["no Origin header", {}],
  ["Origin: null", { Origin: "null" }],
];

const AIRTIME = { intent: "process", provider: "1", phone: "08011111111", amount: "100" };

for (const [name, headers] of PROXY_ORIGINS) {
  test(`a login with ${name} and the page's CSRF token signs in`, async ({ request }) => {
    const account = await createAccount("proxy-login", { verified: true });
    const csrf = await pageCsrf(request, "/login");
    const answer = await postFormWithHeaders(
      request,
      "/login",
      { csrf, website: "", email: account.email, password: account.password },
      headers,
    );
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe("/dashboard");
    expect(await sessionCookie(request)).not.toBeNull();
    expect((await request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  });

  test(`a signed-in purchase form with ${name} and the page's CSRF token reaches its confirmation`, async ({
    request,
    baseURL,
  }) => {
    const account = await createAccount("proxy-airtime", { verified: true });
    await logInByRequest(request, String(baseURL), account);
    const csrf = await pageCsrf(request, "/dashboard/purchase-airtime");
    const answer = await postFormWithHeaders(request, "/dashboard/purchase-airtime", { ...AIRTIME, csrf }, headers);
    expect(answer.status()).toBe(200);
    const page = await answer.text();
    expect(page).toContain('name="confirmation"');
    expect(page).toContain("08011111111");
  });
}

test("a post with Origin: null and no valid CSRF token is refused with 403 and changes nothing", async ({
  request,
  playwright,
  baseURL,
}) => {
  const origin = String(baseURL);
  const account = await createAccount("proxy-forged", { verified: true });
  const stranger = await playwright.request.newContext({ baseURL: origin });
  const strangersToken = await pageCsrf(stranger, "/login");
  await stranger.dispose();
  const nullOrigin = { Origin: "null" };

  // A login forged from a sandboxed frame (which sends `Origin: null`) signs no one in.
  await pageCsrf(request, "/login");
  for (const [case_, token] of [
    ["no token", {}],
    ["another browser's token", { csrf: strangersToken }],
  ] as const) {
    const login = { ...token, website: "", email: account.email, password: account.password };
    const answer = await postFormWithHeaders(request, "/login", login, nullOrigin);
    expect(answer.status(), case_).toBe(403);
    expect(await sessionCookie(request), case_).toBeNull();
  }

  // Nor does a signed-in form do anything without its own token.
  await logInByRequest(request, origin, account);
  for (const [case_, token] of [
    ["no token", {}],
    ["another browser's token", { csrf: strangersToken }],
  ] as const) {
    const answer = await postFormWithHeaders(
      request,
      "/dashboard/purchase-airtime",
      { ...AIRTIME, ...token },
      nullOrigin,
    );
    expect(answer.status(), case_).toBe(403);
    expect(await answer.text(), case_).not.toContain('name="confirmation"');
  }
  const logout = await postFormWithHeaders(request, "/logout", { csrf: strangersToken }, nullOrigin);
  expect(logout.status()).toBe(403);
  expect((await request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
});

test("a post from another site's Origin is refused with 400 even with the page's CSRF token", async ({
  request,
  baseURL,
}) => {
  const account = await createAccount("proxy-foreign", { verified: true });
  await logInByRequest(request, String(baseURL), account);
  const csrf = await pageCsrf(request, "/dashboard/purchase-airtime");
  for (const path of ["/dashboard/purchase-airtime", "/dashboard/purchase-airtime.data"]) {
    const answer = await postFormWithHeaders(
      request,
      path,
      { ...AIRTIME, csrf },
      formHeaders("https://opera-mini.evil.example"),
    );
    expect(answer.status(), path).toBe(400);
    expect(await answer.text(), path).not.toContain('name="confirmation"');
  }
  // The same form from the portal's own origin goes through: the 400s are the Origin's doing.
  const own = await postFormWithHeaders(
    request,
    "/dashboard/purchase-airtime",
    { ...AIRTIME, csrf },
    formHeaders(String(baseURL)),
  );
  expect(await own.text()).toContain('name="confirmation"');
});
