import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import { AIRTIME, confirmAirtime, csrfOf, postForm, processAirtime, signInOver } from "../support/http.ts";

// Decision 026: the dashboard layout's middleware reads the signed-in user
// once per request. A busy reseller's Confirms are the portal's hottest path; each must cost
// the upstream one profile call, not one per loader and action that wants the user.

const PROFILE = "/v1/user/profile/";

test("a signed-in page, a Confirm and a funding page each make one profile call", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("profile-once", { balanceKobo: 5_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);

  faults.resetCounts();
  expect((await request.get(AIRTIME)).status()).toBe(200);
  expect(faults.calls(PROFILE, "GET"), "opening the airtime page").toBe(1);

  const fields = await processAirtime(request, faultPortal.origin, { phone: "08011111111", amount: "500" });
  faults.resetCounts();
  const confirmed = await confirmAirtime(request, faultPortal.origin, fields);
  expect(confirmed.status()).toBe(302);
  expect(faults.calls(PROFILE, "GET"), "a Confirm").toBe(1);

  faults.resetCounts();
  expect((await request.get("/dashboard/fund-wallet?method=transfer")).status()).toBe(200);
  expect(faults.calls(PROFILE, "GET"), "the transfer funding page").toBe(1);
});

test("a form posted without JavaScript: the guard reads the profile, and the page after the action reads it once more", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("profile-after-post", { balanceKobo: 5_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);
  const page = await (await request.get(AIRTIME)).text();

  faults.resetCounts();
  // A phone the form refuses: the action answers with the page, whose loaders run after it.
  const answer = await postForm(request, faultPortal.origin, AIRTIME, {
    csrf: csrfOf(page),
    provider: "1",
    phone: "0801",
    amount: "500",
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("₦5,000.00");
  expect(faults.calls(PROFILE, "GET"), "the action's guard and the page after it").toBe(2);
});
