import type { APIRequestContext } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { catalogProvider, discountOf } from "../support/catalog.ts";
import { expect, test } from "../support/fault-portal.ts";
import { type HistoryRow, HOLD_PENDING_MS, newestPurchase, recordHistory, settleIn } from "../support/history.ts";
import { AIRTIME, confirmAirtime, csrfOf, postForm, processAirtime, signInOver } from "../support/http.ts";
import { expectedCharge, nairaOf } from "../support/money.ts";
import { TEST_NUMBERS } from "../support/purchase.ts";
import { textOf } from "../support/text.ts";

// Decision 033: call 36 sends a user's whole history, so a page reads it at
// most once, and the session keeps it 30 s, for itself only, until it posts a form. Counted at
// the fault upstream, which hands every call to a sandbox of its own.

/** Call 36, the whole history; not call 37 (`/v1/get-transactions/<id>`). */
const HISTORY = /^\/v1\/get-transactions\/$/;
const MTN_AIRTIME = catalogProvider("airtime", "MTN");

function airtimeRow(phone: string, subtotalKobo: number, transactionRef?: string): HistoryRow {
  return {
    product: "airtime",
    subcategoryId: MTN_AIRTIME.id,
    plan: "MTN Airtime",
    phoneNumber: phone,
    description: `${nairaOf(subtotalKobo)} MTN airtime to ${phone}`,
    subtotalKobo,
    ...(transactionRef === undefined ? {} : { transactionRef }),
  };
}

/** A page's words, asked for as its owner's browser would: 200 or the test stops. */
async function pageText(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path);
  expect(answer.status(), `GET ${path}`).toBe(200);
  return textOf(await answer.text());
}

test("one dashboard reads the history once; the next pages within 30 s read none", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("history-once", { balanceKobo: 5_000_00, database: faults.databasePath });
  recordHistory(buyer.email, [airtimeRow("08035550101", 700_00)], faults.databasePath);
  await signInOver(request, faultPortal.origin, buyer);

  faults.resetCounts();
  const dashboard = await pageText(request, "/dashboard");
  expect(faults.calls(HISTORY, "GET"), "the dashboard: its chart and pending count share one read").toBe(1);
  expect(dashboard).toContain("Spending, last six months");
  expect(dashboard).toContain(`This month ${nairaOf(700_00)}`);

  faults.resetCounts();
  expect(await pageText(request, "/dashboard")).toContain(`This month ${nairaOf(700_00)}`);
  // The product pages' recent numbers come from the same kept history.
  expect(await pageText(request, AIRTIME)).toContain("08035550101");
  await pageText(request, "/dashboard/purchase-data");
  expect(faults.calls(HISTORY, "GET"), "pages within 30 s of the first read").toBe(0);
});

test("the transactions list shares the kept history with the dashboard", async ({ request, faults, faultPortal }) => {
  // Decision 033: readHistory is the only way a page reads call 36, the list included.
  const buyer = await createBuyer("history-list", { balanceKobo: 5_000_00, database: faults.databasePath });
  recordHistory(buyer.email, [airtimeRow("08035550101", 700_00)], faults.databasePath);
  await signInOver(request, faultPortal.origin, buyer);
  await pageText(request, "/dashboard");

  faults.resetCounts();
  expect(await pageText(request, "/dashboard/transactions")).toContain("08035550101");
  expect(faults.calls(HISTORY, "GET"), "the list within 30 s of the dashboard's read").toBe(0);
});

test("a purchase drops the kept history: the next page reads it again and shows the new purchase", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("history-purchase", { balanceKobo: 5_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);
  const before = await pageText(request, "/dashboard");
  expect(before).not.toMatch(/\bpending\b/);
  expect(before).toContain(`This month ${nairaOf(0)}`);

  // The biller keeps 08022222222 pending; kept so for the rest of the test however slow it is.
  const order = await processAirtime(request, faultPortal.origin, { phone: TEST_NUMBERS.pending, amount: "500" });
  expect((await confirmAirtime(request, faultPortal.origin, order)).status()).toBe(302);
  const bought = newestPurchase(buyer.email, { pending: true, database: faults.databasePath });
  settleIn(bought.id, HOLD_PENDING_MS, faults.databasePath);
  const charge = expectedCharge(500_00, discountOf(MTN_AIRTIME, 0));

  faults.resetCounts();
  const after = await pageText(request, "/dashboard");
  expect(faults.calls(HISTORY, "GET"), "the first page after the purchase").toBe(1);
  expect(after).toContain("1 purchase is pending with the provider.");
  expect(after).toContain(`This month ${nairaOf(charge)}`);
  expect(after).toContain(`Discount earned ${nairaOf(500_00 - charge)}`);

  faults.resetCounts();
  expect(await pageText(request, AIRTIME)).toContain(TEST_NUMBERS.pending);
  expect(faults.calls(HISTORY, "GET"), "kept again after that read").toBe(0);
  expect(await pageText(request, "/dashboard/transactions")).toContain(bought.reference);
});

test("Re-check status is a form posted: the kept history is dropped and the dashboard shows the settled purchase", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("history-recheck", { balanceKobo: 5_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);
  const order = await processAirtime(request, faultPortal.origin, { phone: TEST_NUMBERS.pending, amount: "500" });
  expect((await confirmAirtime(request, faultPortal.origin, order)).status()).toBe(302);
  const { id } = newestPurchase(buyer.email, { pending: true, database: faults.databasePath });
  settleIn(id, HOLD_PENDING_MS, faults.databasePath);
  expect(await pageText(request, "/dashboard")).toContain("1 purchase is pending with the provider.");
  // The pending receipt, with its Re-check status form.
  const receipt = await (await request.get(`/dashboard/receipt/${id}`)).text();
  expect(textOf(receipt)).toContain("Pending: this is not a final receipt.");

  // The biller settles it. Decision 033: a change the session did not make shows within 30 s;
  // until then the kept history is used.
  settleIn(id, -1_000, faults.databasePath);
  faults.resetCounts();
  expect(await pageText(request, "/dashboard")).toContain("1 purchase is pending with the provider.");
  expect(faults.calls(HISTORY, "GET")).toBe(0);

  const answer = await postForm(request, faultPortal.origin, `/dashboard/transactions/${id}/recheck`, {
    csrf: csrfOf(receipt),
    back: "/dashboard",
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe("/dashboard");

  faults.resetCounts();
  const after = await pageText(request, "/dashboard");
  expect(faults.calls(HISTORY, "GET"), "the first page after Re-check status").toBe(1);
  expect(after).toMatch(/Confirmed: /);
  expect(after).not.toMatch(/\bpending\b/);
});

test("a failed history read is not kept: the dashboard leaves the spending out, then shows it once the upstream answers", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("history-failed", { balanceKobo: 5_000_00, database: faults.databasePath });
  recordHistory(buyer.email, [airtimeRow("08035550101", 300_00)], faults.databasePath);
  await signInOver(request, faultPortal.origin, buyer);

  faults.inject("500", HISTORY);
  const without = await pageText(request, "/dashboard");
  expect(without).not.toContain("Spending, last six months");
  expect(without).toContain("Wallet balance");

  faults.heal();
  faults.resetCounts();
  expect(await pageText(request, "/dashboard")).toContain(`This month ${nairaOf(300_00)}`);
  expect(faults.calls(HISTORY, "GET")).toBe(1);
});

test("a second account on the same portal never sees the first's rows, however their reads interleave", async ({
  request,
  playwright,
  faults,
  faultPortal,
}) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const accounts = [
    { tag: "history-first", phone: "08035550111", kobo: 111_00, reference: `PVTESTA${suffix}` },
    { tag: "history-second", phone: "08035550222", kobo: 222_00, reference: `PVTESTB${suffix}` },
  ] as const;
  const other = await playwright.request.newContext({ baseURL: faultPortal.origin });
  try {
    const clients = [request, other] as const;
    for (const [index, account] of accounts.entries()) {
      const buyer = await createBuyer(account.tag, { balanceKobo: 5_000_00, database: faults.databasePath });
      recordHistory(buyer.email, [airtimeRow(account.phone, account.kobo, account.reference)], faults.databasePath);
      await signInOver(clients[index] ?? request, faultPortal.origin, buyer);
    }

    // Both sessions' first reads at once, then the rest one after another, A and B in turn.
    const dashboards = await Promise.all(clients.map((client) => pageText(client, "/dashboard")));
    const pages: string[][] = dashboards.map((text) => [text]);
    for (const path of ["/dashboard/transactions", AIRTIME, "/dashboard"]) {
      for (const [index, client] of clients.entries()) pages[index]?.push(await pageText(client, path));
    }

    for (const [index, account] of accounts.entries()) {
      const theirs = accounts[1 - index];
      const [dashboard = "", transactions = "", airtime = "", dashboardAgain = ""] = pages[index] ?? [];
      expect(transactions, account.tag).toContain(account.reference);
      expect(transactions, account.tag).not.toContain(theirs?.reference ?? "?");
      expect(transactions, account.tag).not.toContain(theirs?.phone ?? "?");
      for (const [name, text] of [
        ["dashboard", dashboard],
        ["dashboard, kept", dashboardAgain],
      ] as const) {
        expect(text, `${account.tag} ${name}`).toContain(`This month ${nairaOf(account.kobo)}`);
        expect(text, `${account.tag} ${name}`).not.toContain(nairaOf(theirs?.kobo ?? 0));
      }
      expect(airtime, account.tag).toContain(account.phone);
      expect(airtime, account.tag).not.toContain(theirs?.phone ?? "?");
    }
  } finally {
    await other.dispose();
  }
});
