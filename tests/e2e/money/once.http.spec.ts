import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { demoAccounts } from "../../../sandbox/seed/demo-accounts.ts";
import { startSandboxServer } from "../../../sandbox/serve.ts";
import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import {
  AIRTIME,
  AIRTIME_PURCHASE,
  confirmAirtime,
  fieldValue as inputValue,
  postForm,
  processAirtime,
  shownValue,
  signInOver,
} from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { textOf } from "../support/text.ts";

// Decision 011: a purchase is bought once per confirmation however often and however
// fast it is posted, and an idempotency key never buys a second, different order. Counted
// where it matters: the calls that reach the upstream (the fault upstream, healthy here)
// and the debits in its ledger.

// The posts all ask the upstream for the profile; no fault here, so no short timeout either.
test.use({ upstreamTimeoutMs: 15_000 });

const CONFIRMATION_UNREADABLE = "We could not read that confirmation. Please fill in the form again.";
const REUSED_KEY = "This Idempotency-Key was already used for a different request.";

test("1,000 concurrent posts of one purchase confirmation: one upstream purchase call, one debit", async ({
  request,
  faults,
  faultPortal,
}) => {
  test.setTimeout(120_000);
  const database = faults.databasePath;
  const buyer = await createBuyer("money-thousand", { balanceKobo: 10_000_00, database });
  await signInOver(request, faultPortal.origin, buyer);
  const fields = await processAirtime(request, faultPortal.origin, { phone: "08012345678", amount: "500" });

  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 1000 }, () => confirmAirtime(request, faultPortal.origin, fields)),
  );
  const elapsed = Math.round(performance.now() - started);

  const after = wallet(buyer.email, database);
  console.log(
    `one confirmation × 1,000: ${faults.calls(AIRTIME_PURCHASE, "POST")} upstream call(s), ${after.debits} debit(s), ${elapsed} ms`,
  );
  // Every post gets the first outcome: back to the empty form, bought.
  const statuses = new Set(answers.map((answer) => `${answer.status()} ${answer.headers()["location"] ?? ""}`));
  expect([...statuses]).toEqual([`302 ${AIRTIME}`]);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(1);
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(10_000_00 - 490_00);
});

test("a tampered confirmation (another amount under the same key) is refused and buys nothing", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("money-tampered", { balanceKobo: 10_000_00, database });
  await signInOver(request, faultPortal.origin, buyer);
  const fields = await processAirtime(request, faultPortal.origin, { phone: "08012345678", amount: "500" });

  // The sealed confirmation carries the key and the order; any change to it breaks the seal.
  const sealed = fields.confirmation;
  const middle = Math.floor(sealed.length / 2);
  const tampered = `${sealed.slice(0, middle)}${sealed[middle] === "A" ? "B" : "A"}${sealed.slice(middle + 1)}`;
  const answer = await confirmAirtime(request, faultPortal.origin, { csrf: fields.csrf, confirmation: tampered });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe(AIRTIME);
  expect(textOf(await (await request.get(AIRTIME)).text())).toContain(CONFIRMATION_UNREADABLE);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(0);
  expect(wallet(buyer.email, database).debits).toBe(0);
});

test("the same form key Processed again with another amount: the upstream refuses the reused key, one purchase only", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("money-reused-key", { balanceKobo: 10_000_00, database });
  await signInOver(request, faultPortal.origin, buyer);
  const page = await (await request.get(AIRTIME)).text();
  const csrf = inputValue(page, "csrf");
  const key = inputValue(page, "key");
  // Back and resubmit without JavaScript posts the page's key again, whatever was changed.
  const priceAndConfirm = async (amount: string) => {
    const priced = await postForm(request, faultPortal.origin, AIRTIME, {
      csrf,
      key,
      provider: "1",
      phone: "08012345678",
      amount,
    });
    return confirmAirtime(request, faultPortal.origin, {
      csrf,
      confirmation: inputValue(await priced.text(), "confirmation"),
    });
  };

  expect((await priceAndConfirm("500")).headers()["location"]).toBe(AIRTIME);
  const changed = await priceAndConfirm("600");
  const html = await changed.text();
  expect(changed.status()).toBe(400);
  expect(textOf(html)).toContain(REUSED_KEY);
  expect(shownValue(html, "amount")).toBe("600");
  const after = wallet(buyer.email, database);
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(10_000_00 - 490_00);
});

test("straight at the sandbox: the same Idempotency-Key with a changed amount is refused (422) and debits nothing more", async () => {
  const directory = await mkdtemp(join(tmpdir(), "money-sandbox-"));
  const sandbox = await startSandboxServer({
    port: 0,
    host: "127.0.0.1",
    databasePath: join(directory, "sandbox.db"),
    log: () => undefined,
  });
  try {
    const demo = demoAccounts[0];
    if (demo === undefined) throw new Error("the sandbox has no demo account");
    const login = await fetch(`${sandbox.url}/v1/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: demo.email, password: demo.password }),
    });
    const { key: token } = z.object({ key: z.string() }).parse(await login.json());
    const balance = async () => {
      const profile = await fetch(`${sandbox.url}/v1/user/profile/`, { headers: { Authorization: `Bearer ${token}` } });
      return z
        .object({ profile: z.object({ wallet_balance: z.union([z.string(), z.number()]) }) })
        .parse(await profile.json()).profile.wallet_balance;
    };
    const buy = (amount: number) =>
      fetch(`${sandbox.url}${AIRTIME_PURCHASE}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          "Idempotency-Key": "money-key-0001",
        },
        body: JSON.stringify({ subcategory_id: 1, phone_number: "08012345678", amount }),
      });

    const before = await balance();
    const first = await buy(500);
    expect(first.status).toBe(200);
    const afterFirst = await balance();
    expect(afterFirst).not.toBe(before);

    const changed = await buy(600);
    expect(changed.status).toBe(422);
    expect(await changed.json()).toMatchObject({ message: REUSED_KEY });
    expect(await balance()).toBe(afterFirst);

    // The same key and the same body again: the first answer, replayed, no second debit.
    const replayed = await buy(500);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await balance()).toBe(afterFirst);
  } finally {
    await sandbox.close();
    await rm(directory, { recursive: true, force: true });
  }
});
