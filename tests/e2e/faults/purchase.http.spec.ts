import { createBuyer } from "../support/accounts.ts";
import { expect, expectNothingLeaked, OUTCOME_UNKNOWN, test } from "../support/fault-portal.ts";
import { type Fault, TOO_MANY_REQUESTS } from "../support/fault-upstream.ts";
import { AIRTIME, AIRTIME_PURCHASE, confirmAirtime, processAirtime, shownValue, signInOver } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { textOf } from "../support/text.ts";

// Decisions 011 and 017: a purchase whose call times out, is cut off, fails with a 5xx or comes back
// as garbage may have gone through. The portal never calls again, never says "failed", says
// the outcome is not known yet and sends the buyer to the transactions page to check; the
// same confirmation posted again buys nothing. faults-browser.spec.ts shows one of these in
// a browser, with JavaScript off and on.

/** The faults after which the purchase may have happened; the fault upstream forwards the first five. */
const UNKNOWN_OUTCOMES: readonly { fault: Fault; reachedBiller: boolean }[] = [
  { fault: "slow", reachedBiller: true },
  { fault: "reset", reachedBiller: true },
  { fault: "truncated", reachedBiller: true },
  { fault: "empty", reachedBiller: true },
  { fault: "wrong-shape", reachedBiller: true },
  { fault: "500", reachedBiller: false },
  { fault: "502", reachedBiller: false },
  { fault: "503", reachedBiller: false },
  { fault: "html", reachedBiller: false },
  { fault: "not-json", reachedBiller: false },
];

for (const { fault, reachedBiller } of UNKNOWN_OUTCOMES) {
  test(`a purchase under ${fault}: one call, "not known yet" and where to check, never "failed"; posting it again buys nothing`, async ({
    request,
    faults,
    faultPortal,
  }) => {
    const database = faults.databasePath;
    const buyer = await createBuyer(`fault-buy-${fault}`, { balanceKobo: 5_000_00, database });
    await signInOver(request, faultPortal.origin, buyer);
    const fields = await processAirtime(request, faultPortal.origin, { phone: "08011111111", amount: "500" });

    faults.inject(fault, AIRTIME_PURCHASE, { method: "POST" });
    const answer = await confirmAirtime(request, faultPortal.origin, fields);
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe("/dashboard/transactions");
    const transactions = await request.get("/dashboard/transactions");
    const html = await transactions.text();
    // The toast's message: its paragraph, without the × beside it.
    const toast = /<div class="toast"[^>]*><p>([^]*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(textOf(toast)).toBe(OUTCOME_UNKNOWN);
    expect(textOf(toast)).not.toMatch(/fail/i);
    expectNothingLeaked(html, faults);
    expect(faults.calls(AIRTIME_PURCHASE, "POST"), "upstream purchase calls").toBe(1);

    // The same confirmation again, while the upstream still misbehaves and after it is back.
    for (const state of ["still faulty", "healed"]) {
      if (state === "healed") faults.heal();
      const again = await confirmAirtime(request, faultPortal.origin, fields);
      expect(again.headers()["location"], state).toBe("/dashboard/transactions");
    }
    expect(faults.calls(AIRTIME_PURCHASE, "POST"), "upstream purchase calls").toBe(1);
    const after = wallet(buyer.email, database);
    expect(after.debits).toBe(reachedBiller ? 1 : 0);
    expect(after.balanceKobo).toBe(reachedBiller ? 5_000_00 - 490_00 : 5_000_00);
  });
}

test("a purchase the upstream turns away as too busy (429): its words, the form as filled, nothing bought, one call", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("fault-buy-429", { balanceKobo: 5_000_00, database });
  await signInOver(request, faultPortal.origin, buyer);
  const fields = await processAirtime(request, faultPortal.origin, { phone: "08011111111", amount: "500" });

  faults.inject("429", AIRTIME_PURCHASE, { method: "POST" });
  const answer = await confirmAirtime(request, faultPortal.origin, fields);
  const html = await answer.text();
  expect(answer.status()).toBe(400);
  expect(textOf(html)).toContain(TOO_MANY_REQUESTS);
  expect(shownValue(html, "phone")).toBe("08011111111");
  expect(shownValue(html, "amount")).toBe("500");
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(1);
  expect(wallet(buyer.email, database).debits).toBe(0);
  expect(new URL(answer.url()).pathname).toBe(AIRTIME);
});
