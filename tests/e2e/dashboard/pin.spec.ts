import { expect, test } from "../support/fixtures.ts";
import { expectFieldError, flash } from "../support/forms.ts";
import { whenInteractive } from "../support/page.ts";
import { openProfile, profileForm } from "../support/profile.ts";

// Decision 056: the transaction PIN is set, changed and, when forgotten, replaced after the
// account's password, on the profile page, with JavaScript off and on.

const PIN = profileForm;

test("a first PIN: a guessable one is refused, then it is set and can be changed", async ({ page, buyer }) => {
  await openProfile(page, "transaction-pin");
  const setForm = PIN(page, "Transaction PIN");
  await setForm.getByLabel("New PIN").fill("1234");
  await setForm.getByLabel("Confirm PIN").fill("1234");
  await setForm.getByRole("button", { name: "Set PIN" }).click();
  await expectFieldError(
    PIN(page, "Transaction PIN").getByLabel("New PIN"),
    "Choose a PIN that is hard to guess: not 1234, 1111, 1212 or the end of your phone number",
  );

  await PIN(page, "Transaction PIN").getByLabel("New PIN").fill("2580");
  await PIN(page, "Transaction PIN").getByLabel("Confirm PIN").fill("2580");
  await PIN(page, "Transaction PIN").getByRole("button", { name: "Set PIN" }).click();
  await expect(flash(page, "Your transaction PIN is set.")).toBeAttached();

  const changeForm = PIN(page, "Transaction PIN");
  await whenInteractive(changeForm.getByRole("button", { name: "Change PIN" }));
  await changeForm.getByLabel("Current PIN").fill("1470");
  await changeForm.getByLabel("New PIN").fill("3691");
  await changeForm.getByLabel("Confirm PIN").fill("3691");
  await changeForm.getByRole("button", { name: "Change PIN" }).click();
  await expectFieldError(PIN(page, "Transaction PIN").getByLabel("Current PIN"), "Wrong PIN. 4 tries left.");

  await PIN(page, "Transaction PIN").getByLabel("Current PIN").fill("2580");
  await PIN(page, "Transaction PIN").getByLabel("New PIN").fill("3691");
  await PIN(page, "Transaction PIN").getByLabel("Confirm PIN").fill("3691");
  await PIN(page, "Transaction PIN").getByRole("button", { name: "Change PIN" }).click();
  await expect(flash(page, "Your transaction PIN is changed.")).toBeAttached();
});

test("a forgotten PIN is replaced after the account's password", async ({ page, buyer }) => {
  await openProfile(page, "transaction-pin");
  await PIN(page, "Transaction PIN").getByLabel("New PIN").fill("2580");
  await PIN(page, "Transaction PIN").getByLabel("Confirm PIN").fill("2580");
  await PIN(page, "Transaction PIN").getByRole("button", { name: "Set PIN" }).click();
  await expect(flash(page, "Your transaction PIN is set.")).toBeAttached();

  await PIN(page, "Transaction PIN").getByRole("link", { name: "Forgot PIN?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot PIN" })).toBeVisible();
  await whenInteractive(page.getByRole("button", { name: "Set new PIN" }));
  await page.getByLabel("Password").fill("not-my-password-1");
  await page.getByLabel("New PIN").fill("3691");
  await page.getByLabel("Confirm PIN").fill("3691");
  await page.getByRole("button", { name: "Set new PIN" }).click();
  await expectFieldError(page.getByLabel("Password"), "That is not your account's password.");

  await page.getByLabel("Password").fill(buyer.password);
  await page.getByLabel("New PIN").fill("3691");
  await page.getByLabel("Confirm PIN").fill("3691");
  await page.getByRole("button", { name: "Set new PIN" }).click();
  await expect(flash(page, "Your transaction PIN is changed.")).toBeAttached();
  await expect(page).toHaveURL("/dashboard/profile");
});
