import { newPerson } from "../support/accounts.ts";
import { expect, test } from "../support/fixtures.ts";
import { fillRegistration, referredByOf } from "./support.ts";

// Bring a friend: Profile shows the person's own sign-up link and a WhatsApp link that sends
// it; the link names them by an invitation code, never by their e-mail (decision 081), opens
// registration with Referral filled in, and a sign-up through it reaches the upstream as
// referred by them. The upstream decides what a referral brings, so the portal says nothing of it.

test("Profile's link to pass on names the person by a code, not the e-mail, and a sign-up through it is referred by them @once", async ({
  page,
  browser,
  baseURL,
  buyer,
}) => {
  await page.goto("/dashboard/profile");
  const section = page.getByRole("region", { name: "Bring a friend" });
  const shown = (await section.locator(".referral-link").textContent()) ?? "";
  const link = new URL(shown);
  expect(`${link.origin}${link.pathname}`).toBe(`${baseURL}/register`);
  const code = link.searchParams.get("ref") ?? "";
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  await expect(section).not.toContainText(buyer.email);
  const whatsApp = section.getByRole("link", { name: "Share on WhatsApp" });
  await expect(whatsApp).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Join me on Payvend: ${shown}`)}`,
  );
  await expect(section).not.toContainText(/bonus|earn|reward/i);

  // The same code on the next visit: a link already passed on keeps working.
  await page.reload();
  await expect(section.locator(".referral-link")).toHaveText(shown);

  // A friend, signed out, follows it and signs up.
  const friend = await browser.newPage({ javaScriptEnabled: false });
  try {
    await friend.goto(shown);
    await expect(friend.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(friend.getByLabel("Referral (optional)")).toHaveValue(code);
    const person = newPerson("referred");
    await fillRegistration(friend, person);
    await friend.getByRole("button", { name: "Create account" }).click();
    await expect(friend).toHaveURL("/otp");
    expect(referredByOf(person.email)).toBe(buyer.email);
  } finally {
    await friend.close();
  }
});

test("registration without ?ref= leaves Referral empty, and a long one is cut to the field's 100 characters @once", async ({
  page,
}) => {
  await page.goto("/register");
  await expect(page.getByLabel("Referral (optional)")).toHaveValue("");
  await page.goto(`/register?ref=${"b".repeat(150)}`);
  await expect(page.getByLabel("Referral (optional)")).toHaveValue("b".repeat(100));
});

test("the link fits a 360 px phone @once", async ({ page, buyer }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/dashboard/profile");
  const section = page.getByRole("region", { name: "Bring a friend" });
  await expect(section.getByRole("link", { name: "Share on WhatsApp" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
