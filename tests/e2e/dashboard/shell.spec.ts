import { expect, type Page, test } from "@playwright/test";
import { RESELLER } from "../support/accounts.ts";
import { topBar, whenInteractive } from "../support/page.ts";
import { PRODUCT_NAME } from "../support/portals.ts";
import { openProfile } from "../support/profile.ts";
import { signIn } from "../support/session.ts";

// The dashboard layout: every signed-in page has a sidebar grouped
// Funding, Airtime & Data, Utility Bill and Others, linking every signed-in route; a top
// bar with the user's full name, a profile link and Logout; a title and a breadcrumb back to
// /dashboard; and the document title "{product} - {page}". Checked on an inner page.

/**
 * Every signed-in route but the receipt (which needs a transaction) and the dashboard itself, with Bulk Purchase
 * (decision 030), Saved numbers (decision 050), Due renewals and Customer lists (decision 086) and Profit
 * (decision 085), by group.
 */
const SIDEBAR = [
  { group: "Funding", links: [{ name: "Fund Wallet", href: "/dashboard/fund-wallet" }] },
  {
    group: "Airtime & Data",
    links: [
      { name: "Purchase Airtime", href: "/dashboard/purchase-airtime" },
      { name: "Purchase Data", href: "/dashboard/purchase-data" },
      { name: "Bulk Purchase", href: "/dashboard/bulk-purchase" },
    ],
  },
  {
    group: "Utility Bill",
    links: [
      { name: "Pay for Cable", href: "/dashboard/pay-for-tv" },
      { name: "Pay for Electricity", href: "/dashboard/pay-for-electricity" },
      { name: "Exam Pins", href: "/dashboard/purchase-exam-pins" },
      { name: "Due renewals", href: "/dashboard/renewals" },
    ],
  },
  {
    group: "Others",
    links: [
      { name: "Bulk SMS", href: "/dashboard/send-sms" },
      { name: "Saved numbers", href: "/dashboard/saved-numbers" },
      { name: "Customer lists", href: "/dashboard/customer-lists" },
      { name: "Transactions", href: "/dashboard/transactions" },
      { name: "Profit", href: "/dashboard/profit" },
      { name: "Profile", href: "/dashboard/profile" },
    ],
  },
] as const;

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Dashboard" });
}

async function openProfileAsReseller(page: Page): Promise<void> {
  await signIn(page, RESELLER);
  await openProfile(page);
}

test("an inner page has the sidebar's four groups linking every signed-in page, open beside it", async ({ page }) => {
  await openProfileAsReseller(page);
  const menu = sidebar(page);
  // A wide screen: the menu is shown without opening anything.
  await expect(page.getByText("Menu", { exact: true })).toBeHidden();
  await expect(menu).toBeVisible();

  const home = menu.getByRole("link", { name: "Dashboard", exact: true });
  await expect(home).toHaveAttribute("href", "/dashboard");
  await expect(menu.getByRole("region")).toHaveCount(SIDEBAR.length);
  for (const { group, links } of SIDEBAR) {
    const section = menu.getByRole("region", { name: group, exact: true });
    await expect(section.getByRole("heading", { name: group, exact: true })).toBeVisible();
    await expect(section.getByRole("link")).toHaveText(links.map((link) => link.name));
    for (const [index, link] of links.entries()) {
      await expect(section.getByRole("link").nth(index)).toHaveAttribute("href", link.href);
    }
  }
  // The page shown is marked in the menu, and only that one.
  await expect(menu.locator('[aria-current="page"]')).toHaveText(["Profile"]);

  const transactions = menu.getByRole("link", { name: "Transactions", exact: true });
  await whenInteractive(transactions);
  await transactions.click();
  await expect(page).toHaveURL("/dashboard/transactions");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
});

test("an inner page: the top bar names the user and links to the profile and Logout; title and breadcrumb", async ({
  page,
}) => {
  await openProfileAsReseller(page);
  const bar = topBar(page);
  await expect(bar.getByText(RESELLER.fullName, { exact: true })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute("href", "/dashboard/profile");
  await expect(bar.getByRole("link", { name: PRODUCT_NAME, exact: true })).toHaveAttribute("href", "/dashboard");
  // The profile ships no script (docs/pages-and-scripts.md): Logout is the link to its page.
  // On a page that runs script it opens its question in a dialog (accounts/session.spec.ts).
  await expect(bar.getByRole("link", { name: "Logout", exact: true })).toHaveAttribute("href", "/logout");

  await expect(page).toHaveTitle(`${PRODUCT_NAME} - Profile`);
  const breadcrumb = page.getByRole("navigation", { name: "breadcrumb" });
  await expect(breadcrumb.getByRole("listitem")).toHaveText(["Dashboard", "Profile"]);
  await expect(breadcrumb.getByText("Profile", { exact: true })).toHaveAttribute("aria-current", "page");
  const back = breadcrumb.getByRole("link", { name: "Dashboard", exact: true });
  await expect(back).toHaveAttribute("href", "/dashboard");
  await whenInteractive(back);
  await back.click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} - Dashboard`);
});

test("on a phone the menu folds behind 'Menu' and opens with or without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProfileAsReseller(page);
  const fundWallet = sidebar(page).getByRole("link", { name: "Fund Wallet", exact: true });
  await expect(fundWallet).toBeHidden();

  await page.getByText("Menu", { exact: true }).click();
  await expect(fundWallet).toBeVisible();
  await fundWallet.click();
  await expect(page).toHaveURL("/dashboard/fund-wallet");
});
