import { type APIRequestContext, type APIResponse, test as base, expect } from "@playwright/test";
import { decodeEntities } from "../../bench/weight.ts";
import { type SandboxCluster, startSandboxCluster, useCluster } from "../../support/cluster.ts";
import { freePort, type Portal, PortalStartError, startPortal } from "../../support/portal-process.ts";
import { startRedisServer } from "../../support/redis-server.ts";
import { createAccount, createBuyer, type Credentials, MESSAGES } from "../support/accounts.ts";
import { wallet } from "../support/money.ts";
import { PURCHASE_PATHS } from "../support/purchase.ts";

// Decision 020, more than one machine: two portal processes behind one load balancer share one
// Redis (REDIS_URL), so a purchase confirmation posted to both buys once and a login lock
// reached across both holds on both; and one portal database (DATABASE_URL, here one SQLite
// file), so a session ended on one is ended on both (decision 049). The upstream is one sandbox server on the suite's
// database, counting the purchase calls it gets: its own Idempotency-Key check would hide a
// second call from the ledger, so the count is what shows the portals' shared record.

const ROOT = process.cwd();
const AIRTIME = PURCHASE_PATHS.airtime;
const AIRTIME_CALL = "/v1/purchase-airtime/";

// The upstream is a sandbox server on the suite's own file, where the buyers are made.
const test = base.extend<object, { cluster: SandboxCluster }>({
  cluster: [
    async ({}, use) => {
      const sandboxPath = process.env.E2E_SANDBOX_DB;
      if (!sandboxPath) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
      await useCluster(startSandboxCluster({ shared: ["redis"], sandboxPath }), use);
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

/** The form's CSRF token as a browser would send it (React escapes attribute values). */
function csrfIn(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (token === undefined) throw new Error("no CSRF field on the page");
  return decodeEntities(token);
}

/** The login form as a browser without JavaScript posts it, to one portal. */
async function postLogin(api: APIRequestContext, origin: string, credentials: Credentials): Promise<APIResponse> {
  const csrf = csrfIn(await (await api.get(`${origin}/login`)).text());
  return api.post(`${origin}/login`, {
    form: { csrf, email: credentials.email, password: credentials.password, redirectTo: "", website: "" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
}

test("the same confirmation posted to both portals at once buys once", async ({ cluster, playwright }) => {
  const buyer = await createBuyer("redis-two-portals", { balanceKobo: 10_000_00 });
  const api = await playwright.request.newContext();
  try {
    expect((await postLogin(api, cluster.a.origin, buyer)).status()).toBe(302);
    const csrf = csrfIn(await (await api.get(`${cluster.a.origin}${AIRTIME}`)).text());
    const processed = await api.post(`${cluster.a.origin}${AIRTIME}`, {
      form: { csrf, intent: "process", provider: "1", phone: "08012345678", amount: "500" },
      headers: { Origin: cluster.a.origin },
    });
    const confirmation = /name="confirmation" value="([^"]+)"/.exec(await processed.text())?.[1];
    expect(confirmation, "the confirmation step").toBeDefined();
    const callsBefore = cluster.postsTo(AIRTIME_CALL);

    // 20 presses of Confirm, half reaching each portal, as a load balancer would spread them.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const origin = index % 2 === 0 ? cluster.a.origin : cluster.b.origin;
        return api.post(`${origin}${AIRTIME}`, {
          form: { csrf, intent: "confirm", confirmation: confirmation ?? "" },
          headers: { Origin: origin },
          maxRedirects: 0,
        });
      }),
    );

    // Every press gets the first outcome: back to the empty form with its success message.
    for (const answer of answers) {
      expect(answer.status()).toBe(302);
      expect(new URL(answer.headers()["location"] ?? "", cluster.a.origin).pathname).toBe(AIRTIME);
    }
    expect(cluster.postsTo(AIRTIME_CALL) - callsBefore).toBe(1);
    expect(wallet(buyer.email).debits).toBe(1);
  } finally {
    await api.dispose();
  }
});

test("a session signed out on one portal is signed out on the other at its next request", async ({
  cluster,
  playwright,
}) => {
  const person = await createAccount("two-portals-sign-out", { verified: true });
  const phone = await playwright.request.newContext();
  const laptop = await playwright.request.newContext();
  const dashboard = (api: APIRequestContext, origin: string) =>
    api.get(`${origin}/dashboard`, { maxRedirects: 0 }).then((answer) => answer.status());
  try {
    expect((await postLogin(phone, cluster.a.origin, person)).status()).toBe(302);
    expect((await postLogin(laptop, cluster.b.origin, person)).status()).toBe(302);
    // Each session is good on either portal, as a load balancer may send it to both.
    expect(await dashboard(phone, cluster.b.origin)).toBe(200);
    expect(await dashboard(laptop, cluster.a.origin)).toBe(200);

    // The laptop, on portal A, signs out everywhere else.
    const profile = await laptop.get(`${cluster.a.origin}/dashboard/profile`);
    const ended = await laptop.post(`${cluster.a.origin}/dashboard/profile`, {
      form: { csrf: csrfIn(await profile.text()), intent: "end-other-sign-ins" },
      headers: { Origin: cluster.a.origin },
      maxRedirects: 0,
    });
    expect(ended.status()).toBe(302);

    // The phone's next page on portal B is the login page; the laptop is still in on both.
    expect(await dashboard(phone, cluster.b.origin)).toBe(302);
    expect(await dashboard(laptop, cluster.b.origin)).toBe(200);
    expect(await dashboard(laptop, cluster.a.origin)).toBe(200);
  } finally {
    await phone.dispose();
    await laptop.dispose();
  }
});

test("5 wrong passwords on each portal lock the e-mail on both", async ({ cluster, playwright }) => {
  const person = await createAccount("redis-lock", { verified: true });
  const wrong = { email: person.email, password: `${person.password}-wrong` };
  const api = await playwright.request.newContext();
  try {
    // Nine wrong passwords, five on A and four on B, are each just wrong; the tenth locks.
    for (const origin of [...Array<string>(5).fill(cluster.a.origin), ...Array<string>(4).fill(cluster.b.origin)]) {
      const answer = await postLogin(api, origin, wrong);
      expect(await answer.text()).toContain(MESSAGES.badCredentials);
    }
    const tenth = await postLogin(api, cluster.b.origin, wrong);
    expect(tenth.status()).toBe(429);

    // Now even the right password is refused on both, without asking the upstream.
    for (const origin of [cluster.a.origin, cluster.b.origin]) {
      const answer = await postLogin(api, origin, person);
      expect(answer.status()).toBe(429);
      expect(await answer.text()).toContain("Too many attempts. Please try again after");
    }
  } finally {
    await api.dispose();
  }
});

test("each portal reports Redis in its health check", async ({ cluster, request }) => {
  for (const portal of [cluster.a, cluster.b]) {
    const health = await request.get(`${portal.origin}/healthz`);
    expect(await health.json()).toEqual({ status: "ok", upstream: "up", database: "up", redis: "up" });
  }
});

test("a portal whose Redis cannot be reached does not start, and says why", async () => {
  const port = await freePort();
  const started = startPortal(ROOT, { REDIS_URL: `redis://:not-logged@127.0.0.1:${port}` });
  await expect(started).rejects.toThrow(PortalStartError);
  const message = await started.then(
    () => "",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  expect(message).toContain("the server exited (code 1)");
  expect(message).toContain(`REDIS_URL: could not reach Redis at redis://127.0.0.1:${port}`);
  expect(message).not.toContain("not-logged");
});

test("while Redis is down a Confirm buys nothing and a password is not tried: each form comes back as filled and says why", async ({
  playwright,
}) => {
  const databasePath = process.env.E2E_SANDBOX_DB ?? "";
  const redis = await startRedisServer();
  let portal: Portal | undefined;
  const api = await playwright.request.newContext();
  try {
    portal = await startPortal(ROOT, { REDIS_URL: redis.url, SANDBOX_DB: databasePath });
    const { origin } = portal;
    const buyer = await createBuyer("redis-down", { balanceKobo: 10_000_00 });
    expect((await postLogin(api, origin, buyer)).status()).toBe(302);
    const csrf = csrfIn(await (await api.get(`${origin}${AIRTIME}`)).text());
    const processed = await api.post(`${origin}${AIRTIME}`, {
      form: { csrf, intent: "process", provider: "1", phone: "08012345678", amount: "500" },
      headers: { Origin: origin },
    });
    const confirmation = /name="confirmation" value="([^"]+)"/.exec(await processed.text())?.[1] ?? "";

    await redis.stop();
    const answer = await api.post(`${origin}${AIRTIME}`, {
      form: { csrf, intent: "confirm", confirmation },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(503);
    const page = await answer.text();
    expect(page).toContain(
      "We could not take your purchase just now, and nothing was charged. Please try again in a minute.",
    );
    expect(page).toContain('value="08012345678"');
    expect(wallet(buyer.email).debits).toBe(0);

    // A try at a password that cannot be counted where every portal counts is not made
    // (decision 077): counted in one portal alone, a burst could pass the e-mail's lock.
    const stranger = await playwright.request.newContext();
    try {
      const login = await postLogin(stranger, origin, buyer);
      expect(login.status()).toBe(503);
      const loginPage = decodeEntities(await login.text());
      expect(loginPage).toContain(
        "We could not check that just now, and it was not counted as a try. Please try again in a minute.",
      );
      expect(loginPage).toContain(`value="${buyer.email}"`);
    } finally {
      await stranger.dispose();
    }
  } finally {
    await api.dispose();
    await portal?.stop();
    await redis.stop();
  }
});
