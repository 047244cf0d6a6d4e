import { createBuyer } from "../support/accounts.ts";
import { lagosClock } from "../support/dates.ts";
import { expect, test } from "../support/fault-portal.ts";
import { AIRTIME, AIRTIME_PURCHASE, processAirtime, signInOver } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import {
  confirmWithPin,
  forgotPinOver,
  LOCKED,
  lockedUntilIn,
  PIN,
  pinTriesKept,
  setPinOver,
  triesLeftIn,
  WRONG_PIN,
} from "../support/pin.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";

// The PIN under load (decisions 053 and 056), on a portal with TRANSACTION_PIN=required: fifty presses of
// Confirm on one purchase arriving together, as a script or a jammed button would send them.
// With the right PIN they buy once; with a wrong one no more than five are compared, buying
// locks, nothing reaches the upstream and the purchase's key stays unused.

test.use({ transactionPin: "required", upstreamTimeoutMs: 15_000 });

const AT_ONCE = 50;
const ORDER = { phone: "08012345678", amount: "500" };
const BALANCE_KOBO = 5_000_00;
const LOCK_MS = 30 * 60_000;

function accountId(email: string, database: string): number {
  const db = sandboxDatabase(database);
  try {
    return userId(db, email);
  } finally {
    db.close();
  }
}

test("fifty Confirms of one purchase at once with the right PIN buy once", async ({ request, faults, faultPortal }) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("pin-right-50", { balanceKobo: BALANCE_KOBO, database });
  await signInOver(request, faultPortal.origin, buyer);
  expect((await setPinOver(request, faultPortal.origin)).status()).toBe(302);
  const fields = await processAirtime(request, faultPortal.origin, ORDER);

  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, () => confirmWithPin(request, faultPortal.origin, fields, PIN)),
  );

  // Every press gets the one purchase's outcome: back to the empty form with its message. None
  // is told its PIN was wrong or that buying is locked.
  const outcomes = await Promise.all(
    answers.map(async (answer) => {
      const page = answer.status() === 302 ? "" : await answer.text();
      const refusal = lockedUntilIn(page) === null ? triesLeftIn(page) : "locked";
      return `${answer.status()} ${answer.headers()["location"] ?? `refused: ${refusal}`}`;
    }),
  );
  expect(new Set(outcomes)).toEqual(new Set([`302 ${AIRTIME}`]));
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(1);
  const after = wallet(buyer.email, database);
  expect(after.debits).toBe(1);
  expect(after.transactions).toHaveLength(1);
  expect(after.balanceKobo).toBeLessThan(BALANCE_KOBO);
  // Right PINs leave no tries behind to count towards a lock.
  expect(await pinTriesKept(faultPortal.databaseUrl, accountId(buyer.email, database))).toBe(0);
});

test("fifty wrong PINs at once: five are compared, buying locks, nothing is bought, the key stays unused", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("pin-wrong-50", { balanceKobo: BALANCE_KOBO, database });
  await signInOver(request, faultPortal.origin, buyer);
  expect((await setPinOver(request, faultPortal.origin)).status()).toBe(302);
  const fields = await processAirtime(request, faultPortal.origin, ORDER);

  const sentAt = Date.now();
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, () => confirmWithPin(request, faultPortal.origin, fields, WRONG_PIN)),
  );
  const answeredAt = Date.now();
  const texts = await Promise.all(answers.map((answer) => answer.text()));

  // Each answer is the confirmation again, with the refusal beside the PIN.
  expect(answers.map((answer) => answer.status())).toEqual(Array<number>(AT_ONCE).fill(400));
  for (const text of texts) expect(text).toContain("Confirm your purchase");
  // Four are told how many tries are left, once each; the fifth wrong one and every later
  // press are told buying is locked, until 30 minutes after the fifth.
  const triesLeft = texts.map(triesLeftIn).filter((tries) => tries !== null);
  expect(triesLeft.sort()).toEqual([1, 2, 3, 4]);
  const lockedUntil = texts.map(lockedUntilIn).filter((until) => until !== null);
  expect(lockedUntil).toHaveLength(AT_ONCE - 4);
  const thirtyMinutesOn = [lagosClock(new Date(sentAt + LOCK_MS)), lagosClock(new Date(answeredAt + LOCK_MS))];
  for (const until of new Set(lockedUntil)) expect(thirtyMinutesOn).toContain(until);
  // Five tries were compared and kept; the other forty-five were refused before any compare.
  const account = accountId(buyer.email, database);
  expect(await pinTriesKept(faultPortal.databaseUrl, account)).toBe(5);

  // Locked: the right PIN is refused too, and nothing has reached the upstream.
  const rightButLocked = await confirmWithPin(request, faultPortal.origin, fields, PIN);
  expect(await rightButLocked.text()).toMatch(LOCKED);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(0);
  expect(wallet(buyer.email, database).debits).toBe(0);

  // Forgot PIN lifts the lock, and the same confirmation buys, once: its key was never used.
  expect((await forgotPinOver(request, faultPortal.origin, buyer.password, "3690")).status()).toBe(302);
  const bought = await confirmWithPin(request, faultPortal.origin, fields, "3690");
  expect(bought.status()).toBe(302);
  expect(bought.headers()["location"]).toBe(AIRTIME);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(1);
  expect(wallet(buyer.email, database).debits).toBe(1);
});
