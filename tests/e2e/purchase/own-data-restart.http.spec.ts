import { type APIRequestContext, expect, test as base } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { AIRTIME, csrfOf, postForm, processAirtime, signInOver } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { confirmWithPin, LOCKED, PIN, setPinOver, triesLeftIn, WRONG_PIN } from "../support/pin.ts";
import { type Portal, startPortal } from "../../support/portal-process.ts";

// Decision 048: a restart keeps the PIN, sessions and saved numbers. One portal on its own SQLite
// file (the default store, as a single container keeps it on its volume) is stopped with
// SIGTERM and started again on the same file: the PIN set before still buys, a lock reached
// before still holds, wrong tries made before still count, and a browser signed in before is
// still signed in, its saved numbers listed.

const ROOT = process.cwd();
const ORDER = { phone: "08012345678", amount: "500" };

// Started as a worker fixture, so its start counts against the fixture's time, not the test's.
const test = base.extend<object, { portal: Portal }>({
  portal: [
    async ({}, use) => {
      const portal = await startPortal(ROOT, { TRANSACTION_PIN: "required" });
      await use(portal);
      await portal.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

type Person = { email: string; request: APIRequestContext; fields: { csrf: string; confirmation: string } };

/** A buyer with a PIN, signed in on the portal, on a purchase's confirmation step. */
async function atConfirmation(portal: Portal, request: APIRequestContext, tag: string): Promise<Person> {
  const buyer = await createBuyer(tag, { balanceKobo: 5_000_00, database: portal.sandboxDatabase });
  await signInOver(request, portal.origin, buyer);
  expect((await setPinOver(request, portal.origin)).status()).toBe(302);
  return { email: buyer.email, request, fields: await processAirtime(request, portal.origin, ORDER) };
}

test("a restart keeps the PIN, the lock and the wrong tries", async ({ portal, playwright }) => {
  const contexts = await Promise.all([1, 2, 3].map(() => playwright.request.newContext({ baseURL: portal.origin })));
  const [first, second, third] = contexts;
  if (!first || !second || !third) throw new Error("three request contexts");
  try {
    const ada = await atConfirmation(portal, first, "pin-restart-kept");
    const bayo = await atConfirmation(portal, second, "pin-restart-locked");
    const chidi = await atConfirmation(portal, third, "pin-restart-counted");
    const confirm = (person: Person, pin: string) => confirmWithPin(person.request, portal.origin, person.fields, pin);
    for (let press = 0; press < 5; press += 1) await confirm(bayo, WRONG_PIN);
    expect(await (await confirm(bayo, PIN)).text()).toMatch(LOCKED);
    for (const triesLeft of [4, 3, 2, 1])
      expect(triesLeftIn(await (await confirm(chidi, WRONG_PIN)).text())).toBe(triesLeft);

    const pidBefore = portal.pid;
    await portal.restart();
    expect(portal.pid).not.toBe(pidBefore);

    // The PIN set before the restart buys, on the confirmation shown before it.
    const bought = await confirm(ada, PIN);
    expect(bought.status()).toBe(302);
    expect(bought.headers()["location"]).toBe(AIRTIME);
    expect(wallet(ada.email, portal.sandboxDatabase).debits).toBe(1);
    // Locked before, locked after: the right PIN is refused and nothing is bought.
    const locked = await confirm(bayo, PIN);
    expect(locked.status()).toBe(400);
    expect(await locked.text()).toMatch(LOCKED);
    expect(wallet(bayo.email, portal.sandboxDatabase).debits).toBe(0);
    // Four wrong tries before, the fifth after: it locks.
    expect(await (await confirm(chidi, WRONG_PIN)).text()).toMatch(LOCKED);
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
  }
});

test("a restart keeps the session and the saved numbers", async ({ portal, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: portal.origin });
  try {
    const buyer = await createBuyer("own-data-restart", { balanceKobo: 0, database: portal.sandboxDatabase });
    await signInOver(request, portal.origin, buyer);
    const page = await (await request.get("/dashboard/saved-numbers")).text();
    const saved = await postForm(request, portal.origin, "/dashboard/saved-numbers", {
      csrf: csrfOf(page),
      intent: "add",
      name: "Baba Tunde",
      kind: "phone",
      number: "08030000002",
    });
    expect(saved.status()).toBe(302);

    await portal.restart();

    const after = await request.get("/dashboard/saved-numbers", { maxRedirects: 0 });
    expect(after.status()).toBe(200);
    expect(await after.text()).toContain("Baba Tunde");
  } finally {
    await request.dispose();
  }
});
