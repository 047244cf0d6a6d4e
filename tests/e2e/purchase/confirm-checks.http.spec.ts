import { createBuyer } from "../support/accounts.ts";
import { expect, test } from "../support/fault-portal.ts";
import { FAULTS } from "../support/fault-upstream.ts";
import { recordHistory } from "../support/history.ts";
import { AIRTIME, csrfOf, fieldValue as inputValue, postForm, signInOver } from "../support/http.ts";
import { textOf } from "../support/text.ts";

// Decision 044: "You bought this … ago" comes from the request's one history
// read (call 36). The warning is a help: when that read fails in any way, the confirmation
// comes without it and Confirm is offered as ever.

const HISTORY = /^\/v1\/get-transactions\/$/;
const CONFIRM_BUTTON = /<button\b[^>]*\bvalue="confirm"[^>]*>Confirm</;

test("a failed history read leaves the repeat warning out, never the confirmation", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("confirm-checks-faults", { balanceKobo: 1_000_00, database: faults.databasePath });
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

  /** Opens the page, then (`before`) breaks what should break, and presses Process: the answer. */
  async function process(before: () => void = () => undefined): Promise<string> {
    const page = await (await request.get(AIRTIME)).text();
    before();
    const answer = await postForm(request, faultPortal.origin, AIRTIME, {
      csrf: csrfOf(page),
      key: inputValue(page, "key"),
      provider: "1",
      phone: "08011111111",
      amount: "100",
    });
    expect(answer.status()).toBe(200);
    return answer.text();
  }

  const warned = await process();
  expect(textOf(warned)).toMatch(/You bought this \d+ (second|minute)s? ago\./);
  expect(warned).toMatch(CONFIRM_BUTTON);

  for (const fault of FAULTS) {
    await test.step(fault, async () => {
      faults.heal();
      const html = await process(() => faults.inject(fault, HISTORY));
      expect(textOf(html)).toContain("Confirm your purchase");
      expect(html).toMatch(CONFIRM_BUTTON);
      expect(textOf(html)).not.toContain("You bought this");
    });
  }
});
