import { createBuyer } from "../support/accounts.ts";
import { batchPathOf, openForm, postBulk, resultsText, review, runnersStarted, wordsOf } from "../support/bulk-http.ts";
import { RESULTS_HEADER, walletShort } from "../support/bulk.ts";
import { catalogProvider, discountOf } from "../support/catalog.ts";
import { expect } from "../support/fault-portal.ts";
import { AIRTIME_PURCHASE, formHeaders, fieldValue as inputValue, signInOver } from "../support/http.ts";
import { expectedCharge, nairaOf, wallet } from "../support/money.ts";
import { refusedMessage, TEST_NUMBERS } from "../support/purchase.ts";
import { readCsv } from "../support/text.ts";
import { test } from "../support/two-portals.ts";

// Money moves once for bulk purchases too (decisions 011 and 030): a batch is bought
// once per confirmed review, however often and wherever its Confirm is posted, never beyond
// the balance, and its results say truthfully how each row went. The posts are the bulk
// form's, as a browser without JavaScript sends them (multipart, with its CSRF token and
// one-time key); the upstream is the fault upstream (healthy here), which counts the
// purchase calls that reach it: its own Idempotency-Key check would hide a second call from
// the ledger, so the count is what shows a row bought twice.

// The posts all ask the upstream for the profile and the catalogue; no fault here, so no
// short timeout either.
test.use({ upstreamTimeoutMs: 15_000 });

const MTN = catalogProvider("airtime", "MTN");
const AIRTEL = catalogProvider("airtime", "Airtel");

/** 20 MTN numbers the sandbox delivers (none of its pending or failing test values). */
const TWENTY = Array.from({ length: 20 }, (_, index) => `0803${String(4_000_000 + index)}`);

/** ₦100 of MTN airtime at the Normal level: ₦98.00 a number. */
const CHARGE_100 = expectedCharge(100_00, discountOf(MTN, 0));

test("a batch of 20 confirmed twice at once: 20 upstream purchase calls, 20 debits, one batch", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const origin = faultPortal.origin;
  const buyer = await createBuyer("bulk-money-twice", { balanceKobo: 10_000_00, database });
  await signInOver(request, origin, buyer);
  const { confirm, text } = await review(request, origin, await openForm(request, origin), {
    numbers: TWENTY,
    amount: "100",
  });
  expect(text).toContain(`Total charge: ${nairaOf(20 * CHARGE_100)} for 20 numbers`);
  expect(faults.calls(AIRTIME_PURCHASE, "POST"), "nothing bought by the review").toBe(0);

  const answers = await Promise.all([postBulk(request, origin, confirm), postBulk(request, origin, confirm)]);
  const paths = answers.map(batchPathOf);
  expect(paths[1], "both Confirms lead to the same batch").toBe(paths[0]);
  const path = paths[0] ?? "";

  const results = await resultsText(request, origin, path, 20);
  expect(results).toContain("Delivered: 20");
  expect(results).toContain(`Total charged: ${nairaOf(20 * CHARGE_100)}`);
  // A second runner would still be buying: give it the time a few rows take, then count.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(20);
  const after = wallet(buyer.email, database);
  expect(after.debits).toBe(20);
  expect(after.balanceKobo).toBe(10_000_00 - 20 * CHARGE_100);
  expect(after.transactions.map((row) => row.phoneNumber).sort()).toEqual([...TWENTY].sort());
  expect(await runnersStarted([faultPortal], path), "one batch started").toBe(1);

  // A third Confirm, later (Back and resubmit), finds the same batch and buys nothing more.
  expect(batchPathOf(await postBulk(request, origin, confirm))).toBe(path);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(20);
});

test("Back to a confirmed review, the list changed, Confirm: a new review under a new key, nothing bought unseen", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const origin = faultPortal.origin;
  const buyer = await createBuyer("bulk-money-changed", { balanceKobo: 10_000_00, database });
  await signInOver(request, origin, buyer);
  const form = await openForm(request, origin);
  const first = await review(request, origin, form, { numbers: TWENTY.slice(0, 2), amount: "100" });
  const path = batchPathOf(await postBulk(request, origin, first.confirm));
  await resultsText(request, origin, path, 2);

  // The same form (its key and sealed review) with a third number added, confirmed at once.
  const changed = { ...first.confirm, numbers: TWENTY.slice(0, 3).join("\n") };
  const answer = await postBulk(request, origin, changed);
  expect(answer.status(), "not the first batch, not bought").toBe(409);
  const html = await answer.text();
  expect(wordsOf(html)).toContain("The list on this form was bought already, so this is a new review of it");
  expect(wordsOf(html)).toContain(`Total charge: ${nairaOf(3 * CHARGE_100)} for 3 numbers`);
  expect(inputValue(html, "key"), "a new key").not.toBe(form.key);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(2);

  // Confirm on that new review buys the three as a batch of their own.
  const again = { ...changed, key: inputValue(html, "key"), review: inputValue(html, "review") };
  const second = batchPathOf(await postBulk(request, origin, again));
  expect(second).not.toBe(path);
  await resultsText(request, origin, second, 3);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(5);
});

test("a batch whose total is above the balance buys nothing: no upstream call, the balance unchanged", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const origin = faultPortal.origin;
  const buyer = await createBuyer("bulk-money-short", { balanceKobo: 500_00, database });
  await signInOver(request, origin, buyer);
  const { confirm, text } = await review(request, origin, await openForm(request, origin), {
    numbers: TWENTY,
    amount: "100",
  });
  const refusal = walletShort(nairaOf(500_00), nairaOf(20 * CHARGE_100 - 500_00));
  expect(text).toContain(refusal);

  const answer = await postBulk(request, origin, confirm);
  expect(answer.status()).toBe(400);
  expect(answer.headers()["location"]).toBeUndefined();
  expect(wordsOf(await answer.text())).toContain(refusal);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(0);
  const after = wallet(buyer.email, database);
  expect(after.debits).toBe(0);
  expect(after.balanceKobo).toBe(500_00);
});

test("a batch with a failing and a pending number: the results page and the CSV say how each went, and what each bought row sold for", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const origin = faultPortal.origin;
  const buyer = await createBuyer("bulk-money-outcomes", { balanceKobo: 5_000_00, database });
  await signInOver(request, origin, buyer);
  const { delivered, pending, failed } = TEST_NUMBERS;
  const form = await openForm(request, origin);
  // The shop sells airtime at ₦104 per ₦100 (decision 085): each row bought keeps ₦208.00 as its Sold for.
  const prices = await request.post(`${origin}/dashboard/profile/selling-prices`, {
    form: { csrf: form.csrf ?? "", airtime: "104" },
    headers: formHeaders(origin),
    maxRedirects: 0,
  });
  expect(prices.status(), "the prices saved").toBe(302);
  // 0801 is no network's prefix: the person chooses MTN (subcategory 1) on the review.
  const { confirm, text } = await review(request, origin, form, {
    numbers: [delivered, pending, failed],
    amount: "200",
    networks: { [delivered]: String(MTN.id) },
  });
  expect(text).toContain("3 rows: 3 to buy");

  const path = batchPathOf(await postBulk(request, origin, confirm));
  const results = await resultsText(request, origin, path, 3);
  const mtnCharge = expectedCharge(200_00, discountOf(MTN, 0));
  const airtelCharge = expectedCharge(200_00, discountOf(AIRTEL, 0));
  const deliveredWords = `MTN airtime of ₦200.00 sent to ${delivered}. You were charged ${nairaOf(mtnCharge)}.`;
  const pendingWords =
    `Your Airtel airtime of ₦200.00 for ${pending} is pending with the provider. ` +
    `${nairaOf(airtelCharge)} has been taken from your wallet; check your transactions for the outcome.`;
  const failedWords = refusedMessage(failed, "airtime");
  expect(results).toContain("Delivered: 1 Pending: 1 Failed: 1");
  expect(results).toContain(`Total charged: ${nairaOf(mtnCharge + airtelCharge)}`);
  const soldFor = "Sold for (customer paid): ₦208.00";
  expect(results).toContain(
    `${delivered} MTN: ₦200.00 airtime, ${nairaOf(mtnCharge)} ${soldFor} Delivered ${deliveredWords}`,
  );
  expect(results).toContain(
    `${pending} Airtel: ₦200.00 airtime, ${nairaOf(airtelCharge)} ${soldFor} Pending ${pendingWords}`,
  );
  // Paid and refunded: the failed row cost nothing (decision 074).
  expect(results).toContain(`${failed} MTN: ₦200.00 airtime, not charged Failed ${failedWords}`);

  const file = await request.get(`${origin}${path}/results.csv`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(file.headers()["content-disposition"]).toMatch(
    /^attachment; filename="bulk-purchase-[\d-]{10}-[\w-]{22}\.csv"$/,
  );
  const body = await file.body();
  expect([...body.subarray(0, 3)], "a UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const csv = readCsv(body.toString("utf8"));
  const ids = wallet(buyer.email, database).transactions;
  expect(ids.map((row) => [row.phoneNumber, row.status])).toEqual([
    [delivered, 1],
    [pending, 0],
    // The failed purchase was paid and refunded: the sandbox keeps it as reversed.
    [failed, 4],
  ]);
  const decimal = (kobo: number) => (kobo / 100).toFixed(2);
  const [header, ...rows] = csv.rows;
  expect(header).toEqual([...RESULTS_HEADER]);
  expect(rows.map((row) => row.slice(0, 7))).toEqual([
    ["1", delivered, "MTN", "₦200.00 airtime", decimal(mtnCharge), "Delivered", deliveredWords],
    ["2", pending, "Airtel", "₦200.00 airtime", decimal(airtelCharge), "Pending", pendingWords],
    ["3", failed, "MTN", "₦200.00 airtime", "0.00", "Failed", failedWords],
  ]);
  // The charge column adds up to the page's total.
  const charge = RESULTS_HEADER.indexOf("Charge (NGN)");
  expect(rows.reduce((sum, row) => sum + Math.round(Number(row[charge]) * 100), 0)).toBe(mtnCharge + airtelCharge);
  // The delivered and pending rows name their transaction; the refused one has none to name.
  expect(rows.map((row) => /^\d+$/.test(row[7] ?? ""))).toEqual([true, true, false]);
  // What each sold for, kept as its sale: the receipt says so too. The refused row sold nothing.
  expect(rows.map((row) => row[8])).toEqual(["208.00", "208.00", ""]);
  const receipt = await request.get(`${origin}/dashboard/receipt/${rows[0]?.[7] ?? ""}`);
  expect(wordsOf(await receipt.text())).toContain("Sold for (customer paid) ₦208.00");

  const after = wallet(buyer.email, database);
  expect(after.debits).toBe(3);
  expect(after.refunds).toBe(1);
  expect(after.balanceKobo).toBe(5_000_00 - mtnCharge - airtelCharge);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(3);
});

test("two portals on one PostgreSQL and one Redis, one batch's Confirm posted to both at once: 20 upstream calls in all", async ({
  cluster,
  faults,
  playwright,
}) => {
  test.setTimeout(120_000);
  const database = faults.databasePath;
  const { a, b } = cluster;
  const buyer = await createBuyer("bulk-money-two-portals", { balanceKobo: 10_000_00, database });
  const api = await playwright.request.newContext({ baseURL: a.origin });
  try {
    await signInOver(api, a.origin, buyer);
    const { confirm } = await review(api, a.origin, await openForm(api, a.origin), { numbers: TWENTY, amount: "100" });

    // The load balancer sends one Confirm to each portal.
    const answers = await Promise.all([postBulk(api, a.origin, confirm), postBulk(api, b.origin, confirm)]);
    const [path = "", other] = answers.map(batchPathOf);
    expect(other).toBe(path);

    // Either portal shows the batch, whichever runs it.
    const results = await resultsText(api, b.origin, path, 20);
    expect(results).toContain("Delivered: 20");
    expect(await resultsText(api, a.origin, path, 20)).toContain("Delivered: 20");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(20);
    const after = wallet(buyer.email, database);
    expect(after.debits).toBe(20);
    expect(after.balanceKobo).toBe(10_000_00 - 20 * CHARGE_100);
    expect(await runnersStarted([a, b], path), "one batch started, on one of the two").toBe(1);
  } finally {
    await api.dispose();
  }
});
