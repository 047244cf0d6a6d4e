import {
  AIRTIME,
  AIRTIME_PURCHASE,
  csrfOf,
  expect,
  postForm,
  processAirtime,
  signInOver,
  test,
} from "../../faults/fixtures.ts";
import { createBuyer, wallet } from "./support.ts";

// Issue 23 on a portal with TRANSACTION_PIN=required, the default: no purchase without the
// person's PIN, a person without one is sent to set it and brought back, and a wrong PIN
// never reaches the upstream, however many are posted at once.

test.use({ transactionPin: "required", upstreamTimeoutMs: 15_000 });

const ORDER = { phone: "08012345678", amount: "500" };

function confirmWith(
  request: Parameters<typeof postForm>[0],
  origin: string,
  fields: { csrf: string; confirmation: string },
  pin?: string,
) {
  return postForm(request, origin, AIRTIME, { ...fields, intent: "confirm", ...(pin === undefined ? {} : { pin }) });
}

async function setPin(request: Parameters<typeof postForm>[0], origin: string, back: string) {
  const profile = await (await request.get(`/dashboard/profile?back=${encodeURIComponent(back)}`)).text();
  return postForm(request, origin, "/dashboard/profile", {
    csrf: csrfOf(profile),
    intent: "set-pin",
    newPin: "2580",
    confirmPin: "2580",
    back,
  });
}

test("without a PIN the confirmation sends the person to set one, and brings them back to the purchase", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("pin-first", { balanceKobo: 5_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);
  const fields = await processAirtime(request, faultPortal.origin, ORDER);
  const step = await (await confirmWith(request, faultPortal.origin, fields)).text();
  const back = `${AIRTIME}?provider=1&phone=${ORDER.phone}&amount=${ORDER.amount}`;
  expect(step).toContain("Set your transaction PIN first: it protects your wallet.");
  expect(step).toContain(
    `href="/dashboard/profile?back=${encodeURIComponent(back).replaceAll("&", "&amp;")}#transaction-pin"`,
  );
  expect(step).not.toMatch(/<button[^>]*value="confirm"/);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(0);

  const set = await setPin(request, faultPortal.origin, back);
  expect(set.status()).toBe(302);
  expect(set.headers()["location"]).toBe(back);
  const form = await (await request.get(back)).text();
  expect(form).toContain(`value="${ORDER.phone}"`);
});

test("a wrong PIN keeps the confirmation and buys nothing; twenty at once lock buying; the right one buys once", async ({
  request,
  faults,
  faultPortal,
}) => {
  const database = faults.databasePath;
  const buyer = await createBuyer("pin-wrong", { balanceKobo: 5_000_00, database });
  await signInOver(request, faultPortal.origin, buyer);
  await setPin(request, faultPortal.origin, AIRTIME);
  const before = faults.calls(AIRTIME_PURCHASE, "POST");

  const fields = await processAirtime(request, faultPortal.origin, ORDER);
  const wrong = await confirmWith(request, faultPortal.origin, fields, "1470");
  expect(wrong.status()).toBe(400);
  const again = await wrong.text();
  expect(again).toContain("Wrong PIN. 4 tries left.");
  expect(again).toContain("Confirm your purchase");
  expect(again).toMatch(/aria-describedby="confirm-pin-error"/);

  // The same confirmation, right PIN: bought once, with the key the wrong try did not use up.
  const right = await confirmWith(request, faultPortal.origin, fields, "2580");
  expect(right.status()).toBe(302);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(before + 1);

  const next = await processAirtime(request, faultPortal.origin, ORDER);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => confirmWith(request, faultPortal.origin, next, "1470")),
  );
  const texts = await Promise.all(answers.map((answer) => answer.text()));
  expect(texts.filter((text) => text.includes("Wrong PIN.")).length).toBe(4);
  expect(texts.filter((text) => text.includes("Buying is locked until")).length).toBe(16);
  const locked = await (await confirmWith(request, faultPortal.origin, next, "2580")).text();
  expect(locked).toMatch(/Buying is locked until \d{1,2}:\d{2} (am|pm) after 5 wrong PINs/);
  expect(faults.calls(AIRTIME_PURCHASE, "POST")).toBe(before + 1);
  expect(wallet(buyer.email, database).debits).toBe(1);
});
