import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { signIn } from "./dashboard-support.ts";
import { confirmationFields, confirmedCharge, createBuyer, fundWallet, wallet } from "./purchase-support.ts";

// Issue 5: money is never taken twice and never goes below zero, whatever arrives at once.
// The posts go through the whole portal (session, CSRF, the confirmation's seal, the
// once-store) to the embedded sandbox, as a browser's would. The figures are printed for
// the closing note; nothing here is timed.

const AIRTIME = "/dashboard/purchase-airtime";

async function processAirtime(page: Page, phone: string, amount: string): Promise<void> {
  await page.goto(AIRTIME);
  const provider = page.getByLabel("Provider");
  await provider.selectOption({ index: 1 });
  await page.getByLabel("Phone number").fill(phone);
  await page.getByLabel("Amount (₦)").fill(amount);
  await page.getByRole("button", { name: "Process" }).click();
}

function confirmPost(page: Page, fields: { confirmation: string; csrf: string }, origin: string): Promise<APIResponse> {
  return page.request.post(AIRTIME, {
    form: { csrf: fields.csrf, intent: "confirm", confirmation: fields.confirmation },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
}

test("50 simultaneous confirms of one confirmation buy once", async ({ page, baseURL }) => {
  const buyer = await createBuyer("race-one-key", { balanceKobo: 10_000_00 });
  await signIn(page, buyer);
  await processAirtime(page, "08012345678", "500");
  const charge = await confirmedCharge(page);
  const fields = await confirmationFields(page);

  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 50 }, () => confirmPost(page, fields, String(baseURL))));
  const elapsed = Math.round(performance.now() - started);

  const after = wallet(buyer.email);
  console.log(`one key × 50: ${answers.length} answers, ${after.debits} debit(s), balance ₦${after.balanceKobo / 100}, ${elapsed} ms`);
  // Every post gets the first outcome: back to the form with its success message.
  for (const answer of answers) {
    expect(answer.status()).toBe(302);
    expect(new URL(answer.headers()["location"] ?? "", String(baseURL)).pathname).toBe(AIRTIME);
  }
  expect(after.debits).toBe(1);
  expect(after.balanceKobo).toBe(10_000_00 - charge);
});

test("100 different purchases at once against a balance for 20: 20 succeed, none overdraws", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const buyer = await createBuyer("race-many", { balanceKobo: 0 });
  await signIn(page, buyer);

  // 100 confirmations of ₦100 airtime, each with its own key, priced before any is bought.
  // The first through the page; the rest posted as that form would post them.
  await processAirtime(page, "08012000000", "100");
  const charge = await confirmedCharge(page);
  const first = await confirmationFields(page);
  const confirmations = [first];
  for (let index = 1; index < 100; index += 1) {
    const answer = await page.request.post(AIRTIME, {
      form: { csrf: first.csrf, intent: "process", provider: "1", phone: `0801${String(2_000_000 + index).padStart(7, "0")}`, amount: "100" },
      headers: { Origin: String(baseURL) },
    });
    const sealed = /name="confirmation" value="([^"]+)"/.exec(await answer.text())?.[1];
    expect(sealed, `confirmation ${index}`).toBeDefined();
    confirmations.push({ csrf: first.csrf, confirmation: sealed ?? "" });
  }
  // Funded now, with exactly enough for 20 of them.
  const funded = await fundWallet(buyer.email, 20 * charge);

  const started = performance.now();
  const answers = await Promise.all(confirmations.map((fields) => confirmPost(page, fields, String(baseURL))));
  const elapsed = Math.round(performance.now() - started);

  const bought = answers.filter((answer) => answer.status() === 302);
  const refused = answers.filter((answer) => answer.status() === 400);
  const after = wallet(buyer.email);
  console.log(
    `100 purchases, balance for 20: ${bought.length} bought, ${refused.length} refused, ` +
      `balance ₦${after.balanceKobo / 100}, lowest ₦${after.lowestBalanceKobo / 100}, ${elapsed} ms`,
  );
  expect(funded).toBe(20 * charge);
  expect(bought).toHaveLength(20);
  expect(refused).toHaveLength(80);
  for (const answer of refused) expect(await answer.text()).toContain("Insufficient wallet balance");
  expect(after.debits).toBe(20);
  expect(after.balanceKobo).toBe(0);
  expect(after.lowestBalanceKobo).toBeGreaterThanOrEqual(0);
});
