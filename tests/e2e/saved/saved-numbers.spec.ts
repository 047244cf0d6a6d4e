import { expectNoViolations } from "../support/a11y.ts";
import { catalogProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary, expectFieldError, flash } from "../support/forms.ts";
import { bodyRows } from "../support/history.ts";
import { openPurchase, pressConfirm, pressProcess, PURCHASE_PATHS, TEST_NUMBERS } from "../support/purchase.ts";
import { addSaved, manyPhones, openSavedNumbers, SAVED_PATH, savedItems, seedSaved } from "../support/saved.ts";
import { METERS } from "../support/verify.ts";

// Decision 050: the Saved numbers page (add, rename, delete, the limit), and "Save this number"
// on a purchase's result and on its receipt. The forms are plain HTML forms that post and come
// back; JavaScript changes nothing on these pages, so they run once, but for the result's.

const MTN = catalogProvider("airtime", "MTN");

test.use({ buyerAccount: { level: 0, balanceKobo: 10_000_00 } });

test("a person adds, renames and deletes saved numbers, each shown as text @once", async ({ page, buyer }) => {
  void buyer;
  await openSavedNumbers(page);
  await expect(page.getByText("You have no saved numbers yet.")).toBeVisible();

  // Nothing filled in, then a number of the wrong shape: each message beside its field.
  const form = page.getByRole("region", { name: "Add a saved number" });
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expectErrorSummary(page, ["Name is required!", "Choose what you are saving"]);
  await addSaved(page, { name: "x".repeat(41), kind: "Meter", number: "4501-2345" });
  await expectErrorSummary(page, [
    "Use at most 40 characters",
    "Enter the number as digits only, 6 to 20 of them",
    "Choose the meter's company from the list",
    "Select a meter type to continue",
  ]);
  await expectFieldError(form.getByLabel("Number", { exact: true }), "Enter the number as digits only");
  await expectFieldError(form.getByLabel("Company or provider"), "Choose the meter's company from the list");
  // What was typed comes back, to be corrected.
  await expect(form.getByLabel("Number", { exact: true })).toHaveValue("4501-2345");

  await addSaved(page, {
    name: "  Mama   Nkechi ",
    kind: "Meter",
    number: METERS.prepaid,
    provider: "IKEDC - Ikeja Electric",
    meterType: "Prepaid",
  });
  await expect(page).toHaveURL(SAVED_PATH);
  await expect(flash(page, `Saved ${METERS.prepaid} as Mama Nkechi.`)).toBeVisible();
  await addSaved(page, { name: "<b>Iya Basira</b>", kind: "Phone number", number: "+234 803 000 0001" });
  await expect(savedItems(page)).toHaveText([
    /^<b>Iya Basira<\/b> Phone number: 08030000001/,
    new RegExp(`^Mama Nkechi Meter: ${METERS.prepaid}, Prepaid, IKEDC - Ikeja Electric`),
  ]);
  await expect(page.locator("b", { hasText: "Iya Basira" })).toHaveCount(0);

  // The same number of the same kind again: one entry, under its new name.
  await addSaved(page, { name: "Iya Basira's shop", kind: "Phone number", number: "08030000001" });
  await expect(
    flash(page, "08030000001 was saved as <b>Iya Basira</b>; it is now saved as Iya Basira's shop."),
  ).toBeVisible();
  await expect(savedItems(page)).toHaveCount(2);

  const entry = savedItems(page).filter({ hasText: "Mama Nkechi" });
  await entry.getByText("Rename").click();
  const newName = entry.getByLabel(`New name for ${METERS.prepaid}`);
  await newName.fill("   ");
  await entry.getByRole("button", { name: "Save name" }).click();
  await expectFieldError(
    savedItems(page).filter({ hasText: "Mama Nkechi" }).getByLabel(`New name for ${METERS.prepaid}`),
    "Name is required!",
  );
  await savedItems(page).filter({ hasText: "Mama Nkechi" }).getByLabel(`New name for ${METERS.prepaid}`).fill("Shop");
  await savedItems(page).filter({ hasText: "Mama Nkechi" }).getByRole("button", { name: "Save name" }).click();
  await expect(flash(page, "Renamed Mama Nkechi to Shop.")).toBeVisible();

  await page.getByRole("button", { name: "Delete Shop" }).click();
  await expect(flash(page, `Deleted Shop (${METERS.prepaid}).`)).toBeVisible();
  await expect(savedItems(page)).toHaveText([/^Iya Basira's shop Phone number: 08030000001/]);
});

test("an account keeps at most 200, and says so at the limit @once", async ({ page, buyer }) => {
  seedSaved(buyer.email, manyPhones(199));
  await openSavedNumbers(page);
  await expect(page.getByText("199 of at most 200.")).toBeVisible();
  await addSaved(page, { name: "The 200th", kind: "JAMB profile ID", number: "0123456789" });
  // A page of 200 takes a while on a loaded machine: the message may have had its 3 seconds.
  await expect(flash(page, "Saved 0123456789 as The 200th.")).toHaveCount(1);
  await addSaved(page, { name: "One too many", kind: "Phone number", number: "08031234567" });
  await expectErrorSummary(page, [
    "You have 200 saved numbers, the most an account can keep. Delete one to save another.",
  ]);
  await expect(page.getByText("200 of at most 200.")).toBeVisible();
});

// With JavaScript the result floats over the page and the form it came from loads again once saved.
test("a number bought for is saved from the result, listed on its form and found by its name", async ({
  page,
  buyer,
}) => {
  void buyer;
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  await page.getByLabel("Provider", { exact: true }).selectOption({ value: String(MTN.id) });
  await page.getByLabel("Phone number", { exact: true }).fill(TEST_NUMBERS.delivered);
  await page.getByLabel("Amount (₦)", { exact: true }).fill("100");
  await pressProcess(page);
  await pressConfirm(page);

  const result = flash(page, `sent to ${TEST_NUMBERS.delivered}`);
  // Folded under the message, so it stays small on a phone: one tap opens it.
  await expect(result.getByRole("textbox")).toBeHidden();
  await result.locator("summary", { hasText: "Save this number" }).click();
  // Opened on the toast's green, its words and field are readable (axe's contrast rule).
  await expectNoViolations(page);
  const save = result.getByRole("group", { name: "Save this number" });
  await save.getByLabel(`Name for phone number ${TEST_NUMBERS.delivered}`).fill("Mama Nkechi");
  await save.getByRole("button", { name: "Save" }).click();
  // Back where the purchase was made, with the number now listed by its name.
  await expect(page).toHaveURL(PURCHASE_PATHS.airtime);
  await expect(flash(page, `Saved ${TEST_NUMBERS.delivered} as Mama Nkechi.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Saved phone numbers" }).getByRole("link")).toHaveText([
    `Mama Nkechi: ${TEST_NUMBERS.delivered}`,
  ]);

  await page.goto("/dashboard/transactions?q=nkechi");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText(TEST_NUMBERS.delivered);
  await page.goto("/dashboard/transactions?q=tunde");
  await expect(bodyRows(page)).toHaveCount(0);
});

test("a receipt offers to save its number, and then says under which name @once", async ({ page, buyer }) => {
  void buyer;
  await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  await page.getByLabel("Provider", { exact: true }).selectOption({ value: String(MTN.id) });
  await page.getByLabel("Phone number", { exact: true }).fill(TEST_NUMBERS.delivered);
  await page.getByLabel("Amount (₦)", { exact: true }).fill("100");
  await pressProcess(page);
  await pressConfirm(page);
  await page.getByRole("link", { name: "View receipt" }).click();
  const receipt = page.url();

  const save = page.getByRole("group", { name: "Save this number" });
  const name = save.getByLabel(`Name for phone number ${TEST_NUMBERS.delivered}`);
  await name.fill("   ");
  await save.getByRole("button", { name: "Save" }).click();
  // A name of spaces is no name: the Saved numbers page's form says so, the number kept.
  await expect(page).toHaveURL(SAVED_PATH);
  await expectErrorSummary(page, ["Name is required!"]);
  await expect(page.getByLabel("Number", { exact: true })).toHaveValue(TEST_NUMBERS.delivered);

  await page.goto(receipt);
  await name.fill("Baba Tunde");
  await save.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(receipt);
  await expect(flash(page, `Saved ${TEST_NUMBERS.delivered} as Baba Tunde.`)).toBeVisible();
  await expect(page.getByText(`${TEST_NUMBERS.delivered} is saved as Baba Tunde in your Saved numbers.`)).toBeVisible();
  await expect(page.getByRole("group", { name: "Save this number" })).toHaveCount(0);
});

test("saved numbers are ticked into a bulk batch @once", async ({ page, buyer }) => {
  void buyer;
  await openSavedNumbers(page);
  await addSaved(page, { name: "Ada", kind: "Phone number", number: "08030000001" });
  await addSaved(page, { name: "Bola", kind: "Phone number", number: "08030000002" });
  await page.goto("/dashboard/bulk-purchase");
  await page.getByText("Add saved phone numbers (2)").click();
  await page.getByLabel("Bola: 08030000002").check();
  await page.getByLabel("Phone numbers", { exact: true }).fill("08011111111");
  await page.getByLabel("Amount for each number").fill("100");
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
  await expect(page.getByLabel("Phone numbers", { exact: true })).toHaveValue("08011111111\n08030000002");
  await expect(page.getByRole("region", { name: "Review" })).toContainText("08030000002");
  await expect(page.getByRole("region", { name: "Review" })).not.toContainText("08030000001");
});

test("the page fits a 360 px screen and has no WCAG A or AA violations @once", async ({ page, buyer }) => {
  void buyer;
  await page.setViewportSize({ width: 360, height: 740 });
  await openSavedNumbers(page);
  await addSaved(page, {
    name: "Mama Nkechi's shop in Ikeja",
    kind: "Meter",
    number: METERS.prepaid,
    provider: "IKEDC - Ikeja Electric",
    meterType: "Prepaid",
  });
  await addSaved(page, { name: "", kind: "Phone number", number: "0803" });
  await expect(page.getByRole("alert")).toBeVisible();
  await savedItems(page).first().getByText("Rename").click();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  for (const item of await savedItems(page).all()) {
    const box = await item.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expectNoViolations(page);
});
