import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { batchPathOf, openForm, postBulk, review, wordsOf } from "../support/bulk-http.ts";
import { catalogProvider, discountOf } from "../support/catalog.ts";
import { type FaultUpstream, startFaultUpstream } from "../support/fault-upstream.ts";
import { AIRTIME_PURCHASE, signInOver } from "../support/http.ts";
import { expectedCharge, nairaOf, wallet } from "../support/money.ts";
import { type Portal, startPortal } from "../../support/portal-process.ts";

// A single container without Redis keeps a bulk batch across a restart, and the
// restart never re-runs a row (decisions 030 and 051). The portal is killed (a crash, or a
// container stopped hard) while two rows are with the upstream; a new portal process on the
// same SQLite file shows the batch, says it stopped and what became of each row, and buys
// nothing more, whatever is posted to it.

/** The checkout whose build/ the portals run. */
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Short, so the batch reads as stopped 33 s after its last write (staleAfterMs), and long
 * enough that the portal is killed while its two purchases are still waiting for an answer.
 */
const UPSTREAM_TIMEOUT_MS = 3_000;

/** app/bulk/progress.ts's words for a batch whose portal stopped under it. */
const BATCH_INTERRUPTED =
  "This bulk purchase stopped before the end: the portal was restarted. Rows not started were not bought; " +
  "check your transactions for any row whose outcome is not known before you buy it again.";

/** ₦100 of MTN airtime at the Normal level. */
const CHARGE_KOBO = expectedCharge(100_00, discountOf(catalogProvider("airtime", "MTN"), 0));
const CHARGE = nairaOf(CHARGE_KOBO);

const SIX = Array.from({ length: 6 }, (_, index) => `0803${String(5_000_000 + index)}`);

/** A portal on `folder`'s SQLite file, with no REDIS_URL: one container's state, on its volume. */
function startOnTheVolume(folder: string, faults: FaultUpstream): Promise<Portal> {
  return startPortal(ROOT, {
    DATABASE_URL: `file:${join(folder, "portal.db")}`,
    UPSTREAM_URL: faults.url,
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    // The same secret after the restart, as a container's environment: the session still holds.
    SESSION_SECRET: "bulk-restart-session-secret-0123456789",
    PRODUCT_NAME: "Payvend",
  });
}

test("a portal killed mid-batch: after the restart the batch is there, stopped, and no row is bought twice", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  // A purchase reaches the sandbox (it is bought) and its answer comes after the portal gave up.
  const faults = await startFaultUpstream({ slowMs: UPSTREAM_TIMEOUT_MS + 1_500 });
  const folder = await mkdtemp(join(tmpdir(), "bulk-restart-"));
  const portals: Portal[] = [];
  const database = faults.databasePath;
  const contexts: APIRequestContext[] = [];
  try {
    const buyer = await createBuyer("bulk-restart", { balanceKobo: 5_000_00, database });
    const first = await startOnTheVolume(folder, faults);
    portals.push(first);
    expect(await first.logText()).toContain('"sharedState":"memory"');
    const api = await playwright.request.newContext({ baseURL: first.origin });
    contexts.push(api);
    await signInOver(api, first.origin, buyer);
    const { confirm } = await review(api, first.origin, await openForm(api, first.origin), {
      numbers: SIX,
      amount: "100",
    });
    faults.inject("slow", AIRTIME_PURCHASE, { method: "POST" });
    const path = batchPathOf(await postBulk(api, first.origin, confirm));

    // Rows 1 and 2 are with the upstream (marked running, then sent): the process dies.
    await expect.poll(() => faults.calls(AIRTIME_PURCHASE, "POST"), { intervals: [20] }).toBe(2);
    process.kill(first.pid, "SIGKILL");
    await first.exited;
    faults.heal();
    await expect.poll(() => wallet(buyer.email, database).debits).toBe(2);

    const second = await startOnTheVolume(folder, faults);
    portals.push(second);
    const batchPage = `${second.origin}${path}`;
    const kept = await api.get(batchPage);
    expect(kept.status(), "the batch survived the restart").toBe(200);
    for (const phone of SIX) expect(wordsOf(await kept.text())).toContain(phone);

    // Nothing resumes it: once its runner has been silent past the upstream timeout plus 30 s,
    // the page says it stopped, and what became of each row.
    let text = "";
    await expect
      .poll(
        async () => {
          text = wordsOf(await (await api.get(batchPage)).text());
          return text.includes(BATCH_INTERRUPTED);
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
    expect(text).toContain("Results");
    expect(text).toContain("2 of 6 done");
    expect(text).toContain("Delivered: 0 Pending: 0 Failed: 0 Not known yet: 2 Not started: 4");
    expect(text).toContain(
      `Total charged: ₦0.00 , and up to ${nairaOf(2 * CHARGE_KOBO)} more for the rows whose outcome`,
    );
    for (const phone of SIX.slice(0, 2))
      expect(text).toContain(`${phone} MTN: ₦100.00 airtime, ${CHARGE} Outcome not known yet`);
    // A row never started was never charged (decision 074).
    for (const phone of SIX.slice(2)) expect(text).toContain(`${phone} MTN: ₦100.00 airtime, not charged Not started`);

    // Confirm posted again to the restarted portal finds the same batch: it starts nothing.
    expect(batchPathOf(await postBulk(api, second.origin, confirm))).toBe(path);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(faults.calls(AIRTIME_PURCHASE, "POST"), "no row sent to the upstream again").toBe(2);
    const after = wallet(buyer.email, database);
    expect(after.debits).toBe(2);
    expect(after.transactions.map((row) => row.phoneNumber).sort()).toEqual(SIX.slice(0, 2));
    expect(await second.logText()).not.toContain('"event":"bulk.started"');
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
    await Promise.all(portals.map((portal) => portal.stop()));
    await faults.close();
    await rm(folder, { recursive: true, force: true });
  }
});
