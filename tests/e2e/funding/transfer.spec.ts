// tsconfig.json's lib stops at ES2023; Promise.withResolvers is ES2024, and Node has it since 22.
/// <reference lib="es2024.promise" />
import type { Page } from "@playwright/test";
import { createBuyer, type Person } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { flash, flashError } from "../support/forms.ts";
import {
  bankPanel,
  FUND_WALLET,
  fundings,
  FUNDING_MESSAGES as M,
  openFundWallet,
  pressCreateAccount,
  reservedAccountNumber,
  saveBvn,
  section,
  simulateTransfer,
} from "../support/funding.ts";
import { cellIn, rowsMentioning } from "../support/history.ts";
import { nairaOf, wallet } from "../support/money.ts";
import { javaScriptOn } from "../support/page.ts";
import { signIn } from "../support/session.ts";

// The fund wallet page's Bank transfer choice (Sterling and Wema panels, 0.85 % per deposit,
// the reserved account or Create Account), creating a reserved account, its success
// message and the toast for its errors, the 0.85 % charge; the sandbox tester stands in
// for the bank that tells the upstream about a transfer.

const BANKS = ["Sterling Bank", "Wema Bank"] as const;

/** The name the sandbox gives a reserved account (sandbox/money/reserved-accounts.ts). */
function accountNameOf(person: Person): string {
  return `PAYVEND-${person.firstName} ${person.lastName}`.toUpperCase();
}

/** A buyer with a BVN and a Wema account made through the page; says its number. */
async function buyerWithWemaAccount(
  page: Page,
  tag: string,
  balanceKobo: number,
): Promise<{ buyer: Person; accountNumber: string }> {
  const buyer = await createBuyer(tag, { balanceKobo });
  saveBvn(buyer.email);
  await signIn(page, buyer);
  await openFundWallet(page, "transfer");
  await pressCreateAccount(page, "Wema Bank");
  await expect(page).toHaveURL(`${FUND_WALLET}?method=transfer`);
  return { buyer, accountNumber: await reservedAccountNumber(page, "Wema Bank") };
}

test("both banks are offered with the 0.85% charge and a Create Account button", async ({ page, buyer }) => {
  await openFundWallet(page, "transfer");
  for (const bank of BANKS) {
    const panel = bankPanel(page, bank);
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/0\.85% .*every deposit/)).toBeVisible();
    await expect(panel.getByRole("button", { name: "Create Account", exact: true })).toBeVisible();
  }
  // What Create Account needs is said before it is pressed, with the way to add it.
  const note = section(page, "transfer").getByText(M.kycNote);
  await expect(note).toBeVisible();
  await expect(note.getByRole("link", { name: M.kycLink, exact: true })).toHaveAttribute(
    "href",
    "/dashboard/profile#kyc",
  );
});

test("Create Account without a BVN or NIN says why, with a link to add one", async ({ page, buyer }) => {
  await openFundWallet(page, "transfer");
  await pressCreateAccount(page, "Sterling Bank");

  await expect(page).toHaveURL(`${FUND_WALLET}?method=transfer`);
  const toast = flashError(page, M.kycNeeded);
  await expect(toast).toHaveCount(1);
  const link = toast.getByRole("link", { name: M.kycLink, exact: true });
  await expect(link).toHaveAttribute("href", "/dashboard/profile#kyc");
  await expect(
    bankPanel(page, "Sterling Bank").getByRole("button", { name: "Create Account", exact: true }),
    "nothing was created",
  ).toBeVisible();

  await link.click();
  await expect(page).toHaveURL("/dashboard/profile#kyc");
  await expect(page.getByRole("heading", { name: "Identity (KYC)" })).toBeVisible();
});

test("with a BVN saved, Create Account makes the account, lists it and offers no second one", async ({ page }) => {
  const buyer = await createBuyer("transfer-create", { balanceKobo: 0 });
  saveBvn(buyer.email);
  await signIn(page, buyer);
  await openFundWallet(page, "transfer");
  if (javaScriptOn()) {
    // 'Please wait! We are creating your account...' while the request is out.
    // The request is held until the button has been read, so no timing decides it.
    const held = Promise.withResolvers<void>();
    await page.route(
      (url) => url.pathname.startsWith(FUND_WALLET),
      async (route) => {
        if (route.request().method() === "POST") await held.promise;
        await route.continue();
      },
    );
    await pressCreateAccount(page, "Sterling Bank");
    await expect(
      bankPanel(page, "Sterling Bank").getByRole("button", { name: M.creatingAccount, exact: true }),
    ).toBeDisabled();
    held.resolve();
  } else {
    await pressCreateAccount(page, "Sterling Bank");
  }

  // Back on Bank transfer, where the new number is, not on the dashboard (decision 080).
  await expect(page).toHaveURL(`${FUND_WALLET}?method=transfer`);
  await expect(flash(page, M.accountCreated)).toHaveCount(1);

  const sterling = bankPanel(page, "Sterling Bank");
  await expect(sterling.locator('dt:text-is("Account name") + dd')).toHaveText(accountNameOf(buyer));
  await reservedAccountNumber(page, "Sterling Bank");
  await expect(sterling.getByRole("button", { name: "Create Account" }), "creating again is not offered").toHaveCount(
    0,
  );
  await expect(sterling.getByText(/0\.85% .*every deposit/)).toBeVisible();
  await expect(section(page, "transfer").getByText(M.kycNote), "Wema is still on offer").toBeVisible();
  // The other bank is still on offer.
  await expect(bankPanel(page, "Wema Bank").getByRole("button", { name: "Create Account", exact: true })).toBeVisible();
});

test("a ₦10,000 transfer to the reserved account credits ₦9,915.00 and shows as a funding", async ({ page }) => {
  const { buyer, accountNumber } = await buyerWithWemaAccount(page, "transfer-credit", 0);
  const before = fundings(buyer.email);

  await simulateTransfer(page, accountNumber, "10000");
  await expect(flash(page, "Transfer received: ₦9,915.00 credited after a charge of ₦85.00.")).toHaveCount(1);

  expect(fundings(buyer.email)).toEqual({ count: before.count + 1, creditedKobo: before.creditedKobo + 9_915_00 });
  expect(wallet(buyer.email).balanceKobo).toBe(9_915_00);

  await openFundWallet(page, "transfer");
  await expect(page.getByText(/^Wallet balance:/).locator("strong")).toHaveText(nairaOf(9_915_00));

  await page.goto("/dashboard/transactions");
  const rows = rowsMentioning(page, accountNumber);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(await cellIn(page, row, "Value")).toHaveText("₦10,000.00");
  await expect(await cellIn(page, row, "Current Bal")).toHaveText("₦9,915.00");
  await expect(await cellIn(page, row, "Status")).toHaveText("Confirmed");
});
