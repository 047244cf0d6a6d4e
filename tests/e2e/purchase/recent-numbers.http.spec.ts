import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import { FAULTS } from "../support/fault-upstream.ts";
import { recordHistory } from "../support/history.ts";
import { signInOver } from "../support/http.ts";
import { textOf } from "../support/text.ts";

// Decision 027: the recent numbers come from the page's one history read (call 36). When
// that read fails in any way, the list is left out and the purchase form works as ever.

const HISTORY = /^\/v1\/get-transactions\/$/;

test("a failed history read hides the recent numbers and leaves the form working", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("recent-faults", { balanceKobo: 1_000_00, database: faults.databasePath });
  recordHistory(
    buyer.email,
    [
      {
        product: "airtime",
        subcategoryId: 1,
        plan: "MTN Airtime",
        phoneNumber: "08011111111",
        description: "₦100.00 MTN airtime to 08011111111",
        subtotalKobo: 100_00,
      },
    ],
    faults.databasePath,
  );
  await signInOver(request, faultPortal.origin, buyer);

  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      faults.heal();
      faults.inject(fault, HISTORY);
      const answer = await request.get("/dashboard/purchase-airtime");
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      expect(html).toMatch(/<select [^>]*name="provider"/);
      expect(html).toMatch(/<input [^>]*name="phone"/);
      expect(textOf(html)).not.toContain("Recent phone numbers");
    });
  }

  faults.heal();
  const text = textOf(await (await request.get("/dashboard/purchase-airtime")).text());
  expect(text).toContain("Recent phone numbers");
  expect(text).toContain("08011111111");
});
