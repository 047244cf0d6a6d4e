import { type APIRequest, test as base, expect } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { AIRTIME, AIRTIME_PURCHASE, csrfOf, postForm, processAirtime, signInOver } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { confirmWithPin, LOCKED, PIN, pinTriesKept, setPinOver, triesLeftIn, WRONG_PIN } from "../support/pin.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";
import { type SandboxCluster, startSandboxCluster, useCluster } from "../../support/cluster.ts";

// Decision 048, across every container: two portal processes on one PostgreSQL, as an operator
// runs several containers, behind one upstream (a sandbox server counting purchase calls).
// The PIN and its wrong tries, saved numbers, sign-ins, the shop and customer lists live in that
// database alone: no Redis is started, so nothing else could carry them from one portal to the other.

const ORDER = { phone: "08012345678", amount: "500" };

const test = base.extend<object, { cluster: SandboxCluster }>({
  cluster: [
    async ({}, use) =>
      useCluster(startSandboxCluster({ shared: ["postgres"], settings: { TRANSACTION_PIN: "required" } }), use),
    { scope: "worker", timeout: 90_000 },
  ],
});

// One cluster for the file's tests, one after another: each has a buyer of its own.
test.describe.configure({ mode: "default" });

/** A buyer signed in on both portals, each with a request context of its own. */
async function buyerOnBoth(cluster: SandboxCluster, requests: APIRequest, tag: string) {
  const buyer = await createBuyer(tag, { balanceKobo: 5_000_00, database: cluster.sandboxPath });
  const onA = await requests.newContext({ baseURL: cluster.a.origin });
  const onB = await requests.newContext({ baseURL: cluster.b.origin });
  await signInOver(onA, cluster.a.origin, buyer);
  await signInOver(onB, cluster.b.origin, buyer);
  const db = sandboxDatabase(cluster.sandboxPath);
  const accountId = userId(db, buyer.email);
  db.close();
  return {
    buyer,
    accountId,
    onA,
    onB,
    dispose: () => Promise.all([onA.dispose(), onB.dispose()]),
  };
}

test("a PIN set on one portal is asked for and accepted on the other", async ({ cluster, playwright }) => {
  const { buyer, onA, onB, dispose } = await buyerOnBoth(cluster, playwright.request, "pin-set-on-a");
  try {
    const before = await processAirtime(onB, cluster.b.origin, ORDER);
    const unset = await (await confirmWithPin(onB, cluster.b.origin, before)).text();
    expect(unset).toContain("Set your transaction PIN first: it protects your wallet.");

    expect((await setPinOver(onA, cluster.a.origin)).status()).toBe(302);

    const callsBefore = cluster.postsTo(AIRTIME_PURCHASE);
    const fields = await processAirtime(onB, cluster.b.origin, ORDER);
    const wrong = await confirmWithPin(onB, cluster.b.origin, fields, WRONG_PIN);
    expect(triesLeftIn(await wrong.text())).toBe(4);
    const right = await confirmWithPin(onB, cluster.b.origin, fields, PIN);
    expect(right.status()).toBe(302);
    expect(right.headers()["location"]).toBe(AIRTIME);
    expect(cluster.postsTo(AIRTIME_PURCHASE) - callsBefore).toBe(1);
    expect(wallet(buyer.email, cluster.sandboxPath).debits).toBe(1);
  } finally {
    await dispose();
  }
});

test("five wrong PINs on one portal lock buying on the other", async ({ cluster, playwright }) => {
  const { buyer, onA, onB, dispose } = await buyerOnBoth(cluster, playwright.request, "pin-lock-a-b");
  try {
    expect((await setPinOver(onA, cluster.a.origin)).status()).toBe(302);
    const callsBefore = cluster.postsTo(AIRTIME_PURCHASE);
    const onPortalA = await processAirtime(onA, cluster.a.origin, ORDER);
    const answers: string[] = [];
    for (let press = 0; press < 5; press += 1)
      answers.push(await (await confirmWithPin(onA, cluster.a.origin, onPortalA, WRONG_PIN)).text());
    expect(answers.slice(0, 4).map(triesLeftIn)).toEqual([4, 3, 2, 1]);
    expect(answers[4]).toMatch(LOCKED);

    const onPortalB = await processAirtime(onB, cluster.b.origin, ORDER);
    const locked = await confirmWithPin(onB, cluster.b.origin, onPortalB, PIN);
    expect(locked.status()).toBe(400);
    expect(await locked.text()).toMatch(LOCKED);
    expect(cluster.postsTo(AIRTIME_PURCHASE) - callsBefore).toBe(0);
    expect(wallet(buyer.email, cluster.sandboxPath).debits).toBe(0);
  } finally {
    await dispose();
  }
});

test("fifty wrong PINs at once, half to each portal: five are compared between them", async ({
  cluster,
  playwright,
}) => {
  const { accountId, onA, onB, dispose } = await buyerOnBoth(cluster, playwright.request, "pin-50-a-b");
  try {
    expect((await setPinOver(onA, cluster.a.origin)).status()).toBe(302);
    const callsBefore = cluster.postsTo(AIRTIME_PURCHASE);
    const onPortalA = await processAirtime(onA, cluster.a.origin, ORDER);
    const onPortalB = await processAirtime(onB, cluster.b.origin, ORDER);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, press) =>
        press % 2 === 0
          ? confirmWithPin(onA, cluster.a.origin, onPortalA, WRONG_PIN)
          : confirmWithPin(onB, cluster.b.origin, onPortalB, WRONG_PIN),
      ),
    );
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    expect(texts.map(triesLeftIn).filter((tries) => tries !== null)).toHaveLength(4);
    expect(texts.filter((text) => LOCKED.test(text))).toHaveLength(46);
    expect(await pinTriesKept(cluster.databaseUrl, accountId)).toBe(5);
    expect(cluster.postsTo(AIRTIME_PURCHASE) - callsBefore).toBe(0);
  } finally {
    await dispose();
  }
});

test("a number saved on one portal is listed on the other, and a sign-out on one ends the other's session", async ({
  cluster,
  playwright,
}) => {
  const { onA, onB, dispose } = await buyerOnBoth(cluster, playwright.request, "own-data-a-b");
  try {
    const page = await (await onA.get("/dashboard/saved-numbers")).text();
    const saved = await postForm(onA, cluster.a.origin, "/dashboard/saved-numbers", {
      csrf: csrfOf(page),
      intent: "add",
      name: "Mama Nkechi",
      kind: "phone",
      number: "0803 000 0001",
    });
    expect(saved.status()).toBe(302);
    expect(await (await onB.get("/dashboard/saved-numbers")).text()).toContain("Mama Nkechi");

    const profile = await (await onA.get("/dashboard/profile")).text();
    const ended = await postForm(onA, cluster.a.origin, "/dashboard/profile", {
      csrf: csrfOf(profile),
      intent: "end-other-sign-ins",
    });
    expect(ended.status()).toBe(302);
    const onBAfter = await onB.get("/dashboard", { maxRedirects: 0 });
    expect(onBAfter.status()).toBe(302);
    expect(onBAfter.headers()["location"]).toMatch(/^\/login/);
    expect((await onA.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  } finally {
    await dispose();
  }
});

test("a shop's name and a customer list made on one portal are the other's too", async ({ cluster, playwright }) => {
  const { onA, onB, dispose } = await buyerOnBoth(cluster, playwright.request, "shop-a-b");
  try {
    // Decision 085: the shop's name, kept in the portals' database, names the shop on either.
    const profile = await (await onA.get("/dashboard/profile")).text();
    const named = await postForm(onA, cluster.a.origin, "/dashboard/profile", {
      csrf: csrfOf(profile),
      intent: "shop",
      shopName: "Iya Basira Ventures",
      shopPhone: "",
      shopAddress: "",
    });
    expect(named.status()).toBe(302);
    expect(await (await onB.get("/dashboard/profile")).text()).toContain('value="Iya Basira Ventures"');

    // Decision 086: a list saved from the saved numbers on one portal is listed on the other.
    const saved = await postForm(onA, cluster.a.origin, "/dashboard/saved-numbers", {
      csrf: csrfOf(await (await onA.get("/dashboard/saved-numbers")).text()),
      intent: "add",
      name: "Mama Nkechi",
      kind: "phone",
      number: "0803 000 0002",
    });
    expect(saved.status()).toBe(302);
    const listed = await postForm(onB, cluster.b.origin, "/dashboard/customer-lists", {
      csrf: csrfOf(await (await onB.get("/dashboard/customer-lists")).text()),
      intent: "create",
      name: "Office staff",
      number: "08030000002",
    });
    expect(listed.status()).toBe(302);
    const lists = await (await onA.get("/dashboard/customer-lists")).text();
    expect(lists).toContain("Office staff");
  } finally {
    await dispose();
  }
});
