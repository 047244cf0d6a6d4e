import type { Locator, Page } from "@playwright/test";
import {
  catalogPlan,
  catalogProvider,
  planLabel,
  planOption,
  seedProvider,
  seedVariation,
  variationOption,
} from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary } from "../support/forms.ts";
import { wallet } from "../support/money.ts";
import { javaScriptOn } from "../support/page.ts";
import { confirmationStep, openPurchase, pressProcess, PURCHASE_PATHS, summaryValue } from "../support/purchase.ts";
import {
  expectVerified,
  JAMB_PROFILE,
  METERS,
  openVerifyPage,
  PHONES,
  providerSelect,
  SMART_CARDS,
  verifiedDetails,
  verifyButton,
} from "../support/verify.ts";

// The provider trap of decision 024, tried as a new user would: the provider list sits among the other
// fields, so people choose one and go straight on, never pressing "Show plans" or "Show
// variants", and type the moment they have chosen. Whatever they chose is what Verify and
// Process use, and nothing they typed is wiped, with JavaScript off and on.

const MTN = catalogProvider("data", "MTN");
const MTN_1GB = catalogPlan(MTN, "mtn-1gb-30");
const DSTV = seedProvider("cable", "DSTV");
const WAEC = seedProvider("exam", "WAEC");

test.use({ buyerAccount: { balanceKobo: 50_000_00 } });

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** Chooses the option whose text starts with `start` ("Glo" for "Glo (2% discount)"), as a person reads it. */
async function choose(select: Locator, start: string): Promise<void> {
  const label = await select
    .getByRole("option")
    .filter({ hasText: new RegExp(`^${start}\\b`) })
    .first()
    .textContent();
  await select.selectOption({ label: (label ?? "").trim() });
}

test("airtime: a network chosen and the form sent at once prices that network", async ({ page, buyer }) => {
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  await choose(field(page, "Provider"), "Glo");
  await field(page, "Phone number").pressSequentially(PHONES.delivered);
  await field(page, "Amount (₦)").fill("500");
  await pressProcess(page);
  await expect(summaryValue(page, "Provider")).toHaveText("Glo");
  await expect(summaryValue(page, "Phone number")).toHaveText(PHONES.delivered);
});

test("data: the number typed straight after choosing the network stays, and the network's plans come without 'Show plans'", async ({
  page,
  buyer,
}) => {
  await openPurchase(page, PURCHASE_PATHS.data, "Purchase Data");
  await field(page, "Provider").selectOption({ label: "MTN" });
  await field(page, "Phone number").pressSequentially(PHONES.delivered);
  const plan = field(page, "Plan");
  if (!javaScriptOn()) {
    // Process without a plan: the network and the number come back, now with its plans.
    await pressProcess(page);
    await expectErrorSummary(page, ["Select a plan from the list"]);
  }
  await expect(plan.getByRole("option", { name: planOption(MTN, MTN_1GB), exact: true })).toHaveCount(1);
  await expect(field(page, "Provider").locator("option:checked")).toHaveText("MTN");
  await expect(field(page, "Phone number")).toHaveValue(PHONES.delivered);

  await plan.selectOption({ label: planOption(MTN, MTN_1GB) });
  await pressProcess(page);
  await expect(confirmationStep(page)).toBeVisible();
  await expect(summaryValue(page, "Provider")).toHaveText("MTN");
  await expect(summaryValue(page, "Plan")).toHaveText(planLabel(MTN, MTN_1GB));
});

test("cable: a smart card typed straight after choosing the provider is verified with that provider, without Continue", async ({
  page,
  buyer,
}) => {
  await openVerifyPage(page, "cable");
  await providerSelect(page, "cable").selectOption({ label: "DSTV" });
  await field(page, "Smart card / IUC number").pressSequentially(SMART_CARDS.delivered);
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await expect(verifiedDetails(page).getByText("Adaeze Nwosu")).toBeVisible();
  await expect(providerSelect(page, "cable").locator("option:checked")).toHaveText("DSTV");
  await expect(field(page, "Smart card / IUC number")).toHaveValue(SMART_CARDS.delivered);
  const compact = seedVariation(DSTV, "dstv-compact");
  await expect(field(page, "Plan").getByRole("option", { name: variationOption(compact) })).toHaveCount(1);

  await field(page, "Plan").selectOption({ label: variationOption(compact) });
  await field(page, "Phone number").fill(PHONES.delivered);
  await pressProcess(page);
  await expect(summaryValue(page, "Provider")).toHaveText("DSTV");
  await expect(summaryValue(page, "Plan")).toHaveText(compact.name);
  expect(wallet(buyer.email).debits, "nothing bought before Confirm").toBe(0);
});

test("electricity: the disco chosen, Prepaid and a meter typed at once, then Verify: the disco is kept and the meter verified", async ({
  page,
  buyer,
}) => {
  await openVerifyPage(page, "electricity");
  await choose(providerSelect(page, "electricity"), "IKEDC - Ikeja Electric");
  await field(page, "Meter type").selectOption({ label: "Prepaid" });
  await field(page, "Meter number").pressSequentially(METERS.prepaid);
  await verifyButton(page).click();
  await expect(verifiedDetails(page).getByText("Tunde Bakare")).toBeVisible();
  await expect(providerSelect(page, "electricity").locator("option:checked")).toHaveText(/^IKEDC - Ikeja Electric/);
  await expect(field(page, "Meter number")).toHaveValue(METERS.prepaid);
  await expect(page.getByText("Select a provider from the list")).toHaveCount(0);

  await field(page, "Phone number").fill(PHONES.delivered);
  await field(page, "Amount (₦)").fill("1000");
  await pressProcess(page);
  await expect(summaryValue(page, "Provider")).toHaveText("IKEDC - Ikeja Electric");
  await expect(summaryValue(page, "Meter number")).toHaveText(METERS.prepaid);
});

test("exam pins: the exam chosen without 'Show variants' and the phone typed at once: its variants come, nothing typed is lost", async ({
  page,
  buyer,
}) => {
  await openVerifyPage(page, "exam");
  await choose(providerSelect(page, "exam"), "WAEC");
  await field(page, "Phone number").pressSequentially(PHONES.delivered);
  if (!javaScriptOn()) {
    await pressProcess(page);
    await expectErrorSummary(page, ["Amount is required!"]);
  }
  const variant = WAEC.variations[0];
  if (variant === undefined) throw new Error("WAEC has no variants in the seed");
  const variants = field(page, "Variant");
  await expect(variants.getByRole("option", { name: variationOption(variant) })).toHaveCount(1);
  await expect(field(page, "Phone number")).toHaveValue(PHONES.delivered);
  await variants.selectOption({ label: variationOption(variant) });
  await pressProcess(page);
  await expect(summaryValue(page, "Exam")).toHaveText("WAEC");
  await expect(summaryValue(page, "Variant")).toHaveText(variant.name);
});

test("exam pins: JAMB chosen and its profile verified straight away, the exam kept", async ({ page, buyer }) => {
  await openVerifyPage(page, "exam");
  await choose(providerSelect(page, "exam"), "JAMB");
  if (!javaScriptOn()) {
    // Without JavaScript the page learns it is JAMB (and needs a profile) from the next press.
    await page.getByRole("button", { name: "Show variants", exact: true }).click();
  }
  const variants = field(page, "Variant");
  await expect(variants.getByRole("option")).not.toHaveCount(1);
  await variants.selectOption({ index: 1 });
  await field(page, "Profile ID").pressSequentially(JAMB_PROFILE.known);
  await verifyButton(page).click();
  await expectVerified(page, [["Customer name", "Ifeanyi Obi"]]);
  await expect(providerSelect(page, "exam").locator("option:checked")).toHaveText(/^JAMB/);
  await expect(field(page, "Profile ID")).toHaveValue(JAMB_PROFILE.known);
});
