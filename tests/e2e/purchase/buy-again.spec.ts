import type { Page } from "@playwright/test";
import {
  catalogPlan,
  catalogProvider,
  discountOf,
  planLabel,
  planOption,
  seedProvider,
  seedVariation,
  variationOption,
} from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { receiptLink, recordHistory } from "../support/history.ts";
import { expectedCharge, wallet } from "../support/money.ts";
import { whenInteractive } from "../support/page.ts";
import { confirmedCharge, pressConfirm, pressProcess, summaryValue } from "../support/purchase.ts";
import { METERS, SMART_CARDS, verifiedDetails, verifyButton } from "../support/verify.ts";

// Decision 027: Buy again on the transactions page and on a receipt is a link
// to the product page with the purchase filled in. It buys nothing; prices are today's; a
// verify-first product verifies again; a plan gone from today's list is explained.

const FUNDS = 100_000_00;
const PHONE = "08011111111";
const MTN = catalogProvider("data", "MTN");
const MTN_1GB = catalogPlan(MTN, "mtn-1gb-30");
const IKEDC = seedProvider("electricity", "IKEDC - Ikeja Electric");

test.use({ buyerAccount: { level: 0, balanceKobo: FUNDS } });

function buyAgainLinks(page: Page) {
  return page.getByRole("link", { name: /^Buy again/ });
}

/** The one Buy again link of the transactions page, pressed as a person would. */
async function buyAgainFromTransactions(page: Page): Promise<void> {
  await page.goto("/dashboard/transactions");
  const link = buyAgainLinks(page);
  await expect(link).toHaveCount(1);
  await whenInteractive(link);
  await link.click();
}

function checkedOption(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).locator("option:checked");
}

test("a data row's Buy again fills the form, and Process prices the plan from today's list", async ({
  page,
  buyer,
}) => {
  // Bought when the plan cost less: the link carries no price, so today's is charged.
  recordHistory(buyer.email, [
    {
      product: "data",
      subcategoryId: MTN.id,
      plan: MTN_1GB.plan,
      phoneNumber: PHONE,
      description: `MTN ${MTN_1GB.plan} data bundle to ${PHONE}`,
      subtotalKobo: 500_00,
    },
  ]);
  await buyAgainFromTransactions(page);

  await expect(page.getByRole("heading", { level: 1, name: "Purchase Data" })).toBeVisible();
  await expect(checkedOption(page, "Provider")).toHaveText("MTN");
  await expect(checkedOption(page, "Plan")).toHaveText(planOption(MTN, MTN_1GB));
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(PHONE);
  expect(wallet(buyer.email).debits).toBe(1);

  await whenInteractive(page.getByRole("button", { name: "Process", exact: true }));
  await pressProcess(page);
  await expect(summaryValue(page, "Plan")).toHaveText(planLabel(MTN, MTN_1GB));
  const charge = await confirmedCharge(page);
  expect(charge).toBe(expectedCharge(MTN_1GB.amountKobo, discountOf(MTN, 0)));
  await pressConfirm(page);
  expect(wallet(buyer.email).balanceKobo).toBe(FUNDS - 500_00 - charge);
});

test("a plan no longer offered is explained beside the plan, and the rest stays filled", async ({ page, buyer }) => {
  recordHistory(buyer.email, [
    {
      product: "data",
      subcategoryId: MTN.id,
      plan: "40GB - 30 days",
      phoneNumber: PHONE,
      description: `MTN 40GB - 30 days data bundle to ${PHONE}`,
      subtotalKobo: 2_000_00,
    },
  ]);
  await buyAgainFromTransactions(page);

  const plan = page.getByLabel("Plan", { exact: true });
  await expect(plan).toHaveAccessibleDescription(
    "The plan of your earlier purchase, “40GB - 30 days”, is no longer offered by MTN. Choose a plan from the list.",
  );
  await expect(checkedOption(page, "Plan")).toHaveText("Choose a plan");
  await expect(checkedOption(page, "Provider")).toHaveText("MTN");
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(PHONE);
});

test("Buy again on an electricity receipt fills the meter and amount, and the meter is verified again", async ({
  page,
  buyer,
}) => {
  recordHistory(buyer.email, [
    {
      product: "electricity",
      subcategoryId: IKEDC.id,
      plan: "Prepaid",
      phoneNumber: PHONE,
      meterNo: METERS.prepaid,
      description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
      description2: "13.5 kWh for NGOZI EZE, 4 Allen Avenue, Ikeja",
      subtotalKobo: 1_500_00,
    },
  ]);
  await page.goto("/dashboard/transactions");
  // Newest first: the electricity row, then the wallet's funding.
  await whenInteractive(receiptLink(page).first());
  await receiptLink(page).first().click();
  const link = page.getByRole("link", { name: "Buy again", exact: true });
  // The link names the meter, never the token the receipt shows.
  await expect(link).not.toHaveAttribute("href", /1234/);
  await whenInteractive(link);
  await link.click();

  await expect(page.getByRole("heading", { level: 1, name: "Pay for Electricity" })).toBeVisible();
  await expect(checkedOption(page, "Provider")).toHaveText(/^IKEDC - Ikeja Electric/);
  await expect(checkedOption(page, "Meter type")).toHaveText("Prepaid");
  await expect(page.getByLabel("Meter number", { exact: true })).toHaveValue(METERS.prepaid);
  await expect(page.getByLabel("Amount (₦)", { exact: true })).toHaveValue("1500");
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(PHONE);
  await expect(verifiedDetails(page)).toHaveCount(0);

  await whenInteractive(verifyButton(page));
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await pressProcess(page);
  await expect(summaryValue(page, "Meter number")).toHaveText(METERS.prepaid);
  const charge = await confirmedCharge(page);
  expect(charge).toBe(expectedCharge(1_500_00, discountOf(IKEDC, 0)));
  await pressConfirm(page);
  expect(wallet(buyer.email).balanceKobo).toBe(FUNDS - 1_500_00 - charge);
});

test("a cable row's Buy again keeps the plan, and the smart card is verified again", async ({ page, buyer }) => {
  const DSTV = seedProvider("cable", "DSTV");
  recordHistory(buyer.email, [
    {
      product: "cable",
      subcategoryId: DSTV.id,
      plan: "DStv Compact",
      phoneNumber: PHONE,
      smartNo: SMART_CARDS.delivered,
      description: `DStv Compact renewed for smart card ${SMART_CARDS.delivered}`,
      description2: "Customer: ADEBAYO OLUWASEUN",
      subtotalKobo: 15_000_00,
    },
  ]);
  await buyAgainFromTransactions(page);

  await expect(page.getByRole("heading", { level: 1, name: "Pay for Cable" })).toBeVisible();
  await expect(checkedOption(page, "Provider")).toHaveText("DSTV");
  await expect(page.getByLabel("Smart card / IUC number", { exact: true })).toHaveValue(SMART_CARDS.delivered);
  await expect(checkedOption(page, "Plan")).toHaveText(variationOption(seedVariation(DSTV, "dstv-compact")));

  await whenInteractive(verifyButton(page));
  await verifyButton(page).click();
  await expect(verifiedDetails(page)).toBeVisible();
  await pressProcess(page);
  await expect(summaryValue(page, "Plan")).toHaveText("DStv Compact");
  expect(await confirmedCharge(page)).toBe(expectedCharge(19_000_00, discountOf(DSTV, 0)));
});

test("a wallet funding has no Buy again link", async ({ page, buyer }) => {
  // The buyer's only row is the funding of their wallet.
  expect(wallet(buyer.email).debits).toBe(0);
  await page.goto("/dashboard/transactions");
  await expect(page.getByRole("table")).toBeVisible();
  await expect(buyAgainLinks(page)).toHaveCount(0);
});
