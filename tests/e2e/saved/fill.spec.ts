import { expectNoViolations } from "../support/a11y.ts";
import { catalogProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { javaScriptOn, whenInteractive } from "../support/page.ts";
import { openPurchase, PURCHASE_PATHS } from "../support/purchase.ts";
import { seedSaved } from "../support/saved.ts";
import { JAMB_PROFILE, METERS, openVerifyPage, verifyButton } from "../support/verify.ts";

// Decision 050: each product form lists the saved entries of its kind by name, above its recent
// numbers. Without JavaScript each is a link that opens the form filled, provider included;
// with it a tap fills the form in place and the focus moves on, as recent numbers do.

test.use({ buyerAccount: { level: 0, balanceKobo: 10_000_00 } });

const MTN = catalogProvider("airtime", "MTN");

test.beforeEach(({ buyer }) => {
  seedSaved(buyer.email, [
    { name: "Mama Nkechi", kind: "phone", number: "08030000001" },
    {
      name: "Shop meter",
      kind: "meter",
      number: METERS.prepaid,
      provider: "IKEDC - Ikeja Electric",
      meterType: "prepaid",
    },
    { name: "Chidi (JAMB)", kind: "jamb", number: JAMB_PROFILE.known },
  ]);
});

test("a saved phone fills the airtime form, and what was typed stays", async ({ page }) => {
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const saved = page.getByRole("region", { name: "Saved phone numbers" }).getByRole("link");
  // Only phones are offered here, by name.
  await expect(saved).toHaveText(["Mama Nkechi: 08030000001"]);
  const amount = page.getByLabel("Amount (₦)", { exact: true });
  if (javaScriptOn()) {
    await amount.fill("250");
    await whenInteractive(saved);
  }
  await saved.click();
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue("08030000001");
  // The number's network is chosen too, with or without JavaScript (decision 080).
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText(/^MTN\b/);
  if (javaScriptOn()) {
    await expect(page).toHaveURL(PURCHASE_PATHS.airtime);
    await expect(amount).toHaveValue("250");
    await expect(page.getByRole("button", { name: "Process" })).toBeFocused();
  } else {
    await expect(page).toHaveURL(`${PURCHASE_PATHS.airtime}?phone=08030000001&provider=${MTN.id}`);
  }
});

test("a saved meter fills its number, type and company, and Verify is next", async ({ page }) => {
  await openVerifyPage(page, "electricity");
  const saved = page.getByRole("region", { name: "Saved meters" }).getByRole("link");
  await expect(saved).toHaveText([`Shop meter: ${METERS.prepaid}, Prepaid, IKEDC - Ikeja Electric`]);
  if (javaScriptOn()) await whenInteractive(saved);
  await saved.click();
  await expect(page.getByLabel("Meter number", { exact: true })).toHaveValue(METERS.prepaid);
  await expect(page.getByLabel("Meter type", { exact: true }).locator("option:checked")).toHaveText("Prepaid");
  await expect(page.getByLabel("Provider", { exact: true }).locator("option:checked")).toHaveText(
    /^IKEDC - Ikeja Electric/,
  );
  if (javaScriptOn()) await expect(verifyButton(page)).toBeFocused();
});

test("a saved JAMB profile ID chooses JAMB and fills the profile", async ({ page }) => {
  await openVerifyPage(page, "exam");
  const saved = page.getByRole("region", { name: "Saved numbers" });
  await expect(saved.getByRole("link")).toHaveText([`Chidi (JAMB): ${JAMB_PROFILE.known}`, "Mama Nkechi: 08030000001"]);
  const profile = saved.getByRole("link", { name: `Chidi (JAMB): ${JAMB_PROFILE.known}` });
  if (javaScriptOn()) await whenInteractive(profile);
  await profile.click();
  await expect(page.getByLabel("Exam type", { exact: true }).locator("option:checked")).toHaveText(/^JAMB/);
  await expect(page.getByLabel("Profile ID", { exact: true })).toHaveValue(JAMB_PROFILE.known);
});

test("a saved phone joins the Bulk SMS numbers with JavaScript, or starts them without", async ({ page }) => {
  await openPurchase(page, PURCHASE_PATHS.sms, "Send Bulk SMS");
  const phones = page.getByLabel("Phone numbers", { exact: true });
  const saved = page.getByRole("region", { name: "Saved phone numbers" }).getByRole("link");
  if (javaScriptOn()) {
    await phones.fill("08011111111");
    await whenInteractive(saved);
    await saved.click();
    await expect(phones).toHaveValue("08011111111, 08030000001");
    // Tapped again: already there, not added twice.
    await saved.click();
    await expect(phones).toHaveValue("08011111111, 08030000001");
  } else {
    await saved.click();
    await expect(phones).toHaveValue("08030000001");
  }
});

test("the saved list sits above the form's fields within 360 px, with no WCAG A or AA violations @once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  const list = page.getByRole("region", { name: "Saved phone numbers" });
  const box = await list.boundingBox();
  const phone = await page.getByLabel("Phone number", { exact: true }).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  expect(box && phone && box.y < phone.y).toBe(true);
  await expectNoViolations(page);
});
