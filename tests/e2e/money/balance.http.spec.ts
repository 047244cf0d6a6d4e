import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import {
  AIRTIME,
  confirmAirtime,
  fieldValue as inputValue,
  postForm,
  processAirtime,
  signInOver,
} from "../support/http.ts";
import { fundWallet, wallet } from "../support/money.ts";
import { textOf } from "../support/text.ts";

// Money never goes below zero, whatever arrives at once, and
// the wallet's balance is always the sum of its ledger. The posts go through the whole
// portal (session, CSRF, the confirmation's seal, the once-store) to the upstream, as a
// browser's would; one confirmation posted 1,000 times is money-once.http.spec.ts. The
// figures are printed for the closing note; nothing here is timed.

// The posts all ask the upstream for the profile; no fault here, so no short timeout either.
test.use({ upstreamTimeoutMs: 15_000 });

test("100 different purchases at once against a balance for 20: 20 succeed, none overdraws, the ledger adds up", async ({
  request,
  faults,
  faultPortal,
}) => {
  test.setTimeout(120_000);
  const database = faults.databasePath;
  const buyer = await createBuyer("race-many", { balanceKobo: 0, database });
  await signInOver(request, faultPortal.origin, buyer);

  // 100 confirmations of ₦100 airtime, each with its own key, priced before any is bought.
  const first = await processAirtime(request, faultPortal.origin, { phone: "08012000000", amount: "100" });
  const confirmations = [first];
  for (let index = 1; index < 100; index += 1) {
    const phone = `0801${String(2_000_000 + index).padStart(7, "0")}`;
    const answer = await postForm(request, faultPortal.origin, AIRTIME, {
      csrf: first.csrf,
      provider: "1",
      phone,
      amount: "100",
    });
    confirmations.push({ csrf: first.csrf, confirmation: inputValue(await answer.text(), "confirmation") });
  }
  // ₦100 airtime at the Normal level's 2 %: ₦98.00 each. Funded now with exactly enough for 20.
  const charge = 98_00;
  const funded = fundWallet(buyer.email, 20 * charge, database);

  const started = performance.now();
  const answers = await Promise.all(confirmations.map((fields) => confirmAirtime(request, faultPortal.origin, fields)));
  const elapsed = Math.round(performance.now() - started);

  const bought = answers.filter((answer) => answer.status() === 302);
  const refused = answers.filter((answer) => answer.status() === 400);
  const after = wallet(buyer.email, database);
  console.log(
    `100 purchases, balance for 20: ${bought.length} bought, ${refused.length} refused, ` +
      `balance ₦${after.balanceKobo / 100}, lowest ₦${after.lowestBalanceKobo / 100}, ${elapsed} ms`,
  );
  expect(funded).toBe(20 * charge);
  expect(bought).toHaveLength(20);
  expect(refused).toHaveLength(80);
  for (const answer of refused) expect(textOf(await answer.text())).toContain("Insufficient wallet balance");
  expect(after.debits).toBe(20);
  expect(after.balanceKobo).toBe(0);
  expect(after.lowestBalanceKobo).toBeGreaterThanOrEqual(0);
  // The balance the upstream reports (and the portal shows) is the ledger's sum.
  expect(textOf(await (await request.get(AIRTIME)).text())).toContain("Wallet balance: ₦0.00");
});
