import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import { AIRTIME, AIRTIME_PURCHASE, processAirtime, signInOver } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { confirmWithPin, PIN, setPinOver, WRONG_PIN } from "../support/pin.ts";

// Decision 056 on a portal with TRANSACTION_PIN=required, the default: no purchase without the
// person's PIN, a person without one is sent to set it and brought back, and a wrong PIN
// never reaches the upstream (pin-at-once.http.spec.ts: however many are posted at once).

test.use({ transactionPin: "required", upstreamTimeoutMs: 15_000 });

const ORDER = { phone: "08012345678", amount: "500" };

test("without a PIN the confirmation sends the person to set one, and brings them back to the purchase", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("pin-first", { balanceKobo: 5_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);
  const fields = await processAirtime(request, faultPortal.origin, ORDER);
  const step = await (await confirmWithPin(request, faultPortal.origin, fields)).text();
  const back = `${AIRTIME}?provider=1&phone=${ORDER.phone}&amount=${ORDER.amount}`;
  expect(step).toContain("Set your transaction PIN first: it protects your wallet.");
  expect(step).toContain(
    `href="/dashboard/profile?back=${encodeURIComponent(back).replaceAll("&", "&amp;")}#transaction-pin"`,
  );
  expect(step).not.toMatch(/<button[^>]*value="confirm"/);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(0);

  const set = await setPinOver(request, faultPortal.origin, { back });
  expect(set.status()).toBe(302);
  expect(set.headers()["location"]).toBe(back);
  const form = await (await request.get(back)).text();
  expect(form).toContain(`value="${ORDER.phone}"`);
});

test("a wrong PIN keeps the confirmation and buys nothing; the right one then buys, once", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("pin-wrong", { balanceKobo: 5_000_00, database });
  await signInOver(request, faultPortal.origin, buyer);
  await setPinOver(request, faultPortal.origin);

  const fields = await processAirtime(request, faultPortal.origin, ORDER);
  const wrong = await confirmWithPin(request, faultPortal.origin, fields, WRONG_PIN);
  expect(wrong.status()).toBe(400);
  const again = await wrong.text();
  expect(again).toContain("Wrong PIN. 4 tries left.");
  expect(again).toContain("Confirm your purchase");
  expect(again).toMatch(/aria-describedby="confirm-pin-error"/);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(0);

  // The same confirmation, right PIN: bought once, with the key the wrong try did not use up.
  const right = await confirmWithPin(request, faultPortal.origin, fields, PIN);
  expect(right.status()).toBe(302);
  expect(right.headers()["location"]).toBe(AIRTIME);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(1);
  expect(wallet(buyer.email, database).debits).toBe(1);
});
