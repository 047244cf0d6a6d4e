import { expect, test } from "../fixtures.ts";

// Decision 052, bring a friend: Profile shows the person's own sign-up link (their username as
// ?ref=) and a WhatsApp link that sends it; the link opens registration with Referral filled
// in. The upstream decides what a referral brings, so the portal says nothing of it.

test("Profile's link to pass on opens registration with the person as the referral @once", async ({
  page,
  browser,
  baseURL,
  buyer,
}) => {
  await page.goto("/dashboard/profile");
  const section = page.getByRole("region", { name: "Bring a friend" });
  // The sandbox's username is the e-mail.
  const link = `${baseURL}/register?ref=${encodeURIComponent(buyer.email)}`;
  await expect(section.getByText(link, { exact: true })).toBeVisible();
  const whatsApp = section.getByRole("link", { name: "Share on WhatsApp" });
  await expect(whatsApp).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Join me on Payvend: ${link}`)}`,
  );
  await expect(section).not.toContainText(/bonus|earn|reward/i);

  // A friend, signed out, follows it.
  const friend = await browser.newPage({ javaScriptEnabled: false });
  try {
    await friend.goto(link);
    await expect(friend.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(friend.getByLabel("Referral (optional)")).toHaveValue(buyer.email);
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
