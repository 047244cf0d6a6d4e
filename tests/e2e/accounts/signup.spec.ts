import { expect, test } from "@playwright/test";
import { createAccount, logIn, MESSAGES, newPerson } from "../support/accounts.ts";
import { errorSummary, expectFieldError, expectFieldValid, flash } from "../support/forms.ts";
import { atPath, topBar, waitForHydration } from "../support/page.ts";
import { fillOtp, fillRegistration, newestOtp, otpBoxes } from "./support.ts";

// Sign-up (decision 008) and the register rules. Only two tests here register for real (the whole
// sign-up and the duplicate e-mail): the per-IP sign-up limit is 30 an hour over both
// projects and the whole run (app/guards/rate-limit.server.ts; the budget in accounts/support.ts).

test("a new customer signs up, verifies the e-mail, confirms the details and reaches the dashboard", async ({
  page,
  javaScriptEnabled,
}) => {
  const person = newPerson("signup");
  const fullName = `${person.firstName} ${person.lastName}`;

  await page.goto("/register");
  await fillRegistration(page, person);
  await page.getByLabel("How did you hear about us").selectOption("Social media");
  await page.getByLabel("Referral (optional)").fill("a-friend@example.com");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL("/otp");
  await expect(page.getByRole("heading", { level: 1, name: "Verify your e-mail" })).toBeVisible();
  await expect(page.getByText(`Enter the 4-digit code we sent to ${person.email}.`)).toBeVisible();

  const code = await newestOtp(page, person.email);
  const boxes = otpBoxes(page);
  if (javaScriptEnabled) {
    // With JavaScript, typing moves focus forward and pasting fills all four.
    const [first, second, third, fourth] = boxes;
    await waitForHydration(first);
    await first.focus();
    await page.keyboard.type(code[0] ?? "");
    await expect(second).toBeFocused();
    await page.keyboard.type(code[1] ?? "");
    await expect(third).toBeFocused();
    await page.keyboard.type(code[2] ?? "");
    await expect(fourth).toBeFocused();
    await page.keyboard.type(code[3] ?? "");
    for (const [index, box] of boxes.entries()) await expect(box).toHaveValue(code[index] ?? "");

    for (const box of boxes) await box.fill("");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await first.focus();
    await page.keyboard.press("ControlOrMeta+V");
    for (const [index, box] of boxes.entries()) await expect(box).toHaveValue(code[index] ?? "");
    await expect(fourth).toBeFocused();
  } else {
    // Without JavaScript: four plain inputs, one digit each.
    await fillOtp(page, code);
  }
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL("/personal-info");
  await expect(page.getByLabel("First name")).toHaveValue(person.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(person.lastName);
  await expect(page.getByLabel("Phone number")).toHaveValue(person.phone);
  await page.getByRole("button", { name: "Done" }).click();

  await expect(page).toHaveURL("/login");
  await expect(flash(page, MESSAGES.detailsSaved)).toBeAttached();

  await logIn(page, person);
  await expect(page).toHaveURL("/dashboard");
  await expect(topBar(page).getByText(fullName, { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "Wallet balance" })).toContainText("₦0.00");
});

test("register: an empty form shows every required-field message", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(errorSummary(page)).toBeVisible();
  await expectFieldError(page.getByLabel("First name"), MESSAGES.firstNameRequired);
  await expectFieldError(page.getByLabel("Last name"), MESSAGES.lastNameRequired);
  await expectFieldError(page.getByLabel("Email"), MESSAGES.registerEmailRequired);
  await expectFieldError(page.getByLabel("Phone number"), MESSAGES.phoneRequired);
  await expectFieldError(page.getByLabel("Password", { exact: true }), MESSAGES.passwordRequired);
  await expectFieldError(page.getByLabel("Confirm password"), MESSAGES.confirmPasswordRequired);
  for (const message of [
    MESSAGES.firstNameRequired,
    MESSAGES.lastNameRequired,
    MESSAGES.registerEmailRequired,
    MESSAGES.phoneRequired,
    MESSAGES.passwordRequired,
    MESSAGES.confirmPasswordRequired,
  ]) {
    await expect(errorSummary(page).getByRole("link", { name: message, exact: true })).toBeVisible();
  }
  // The optional fields stay quiet.
  await expectFieldValid(page.getByLabel("How did you hear about us"));
  await expectFieldValid(page.getByLabel("Referral (optional)"));
  await expect(page).toHaveURL("/register");
});

test("register: bad e-mail, short phone, letters in the phone and mismatched passwords are explained, and the input is kept", async ({
  page,
  javaScriptEnabled,
}) => {
  const person = newPerson("register-rules");
  await page.goto("/register");
  await fillRegistration(page, person, {
    Email: "ada.okonkwo.example.com",
    "Phone number": "0803123456",
    "Confirm password": `${person.password}-typo`,
  });
  await page.getByLabel("How did you hear about us").selectOption("Radio or TV");
  await page.getByLabel("Referral (optional)").fill("agent-007");
  await page.getByRole("button", { name: "Create account" }).click();

  await expectFieldError(page.getByLabel("Email"), MESSAGES.invalidEmail);
  await expectFieldError(page.getByLabel("Phone number"), MESSAGES.phoneTooShort);
  await expectFieldError(page.getByLabel("Confirm password"), MESSAGES.passwordsDoNotMatch);
  await expectFieldValid(page.getByLabel("First name"));
  await expectFieldValid(page.getByLabel("Last name"));
  await expectFieldValid(page.getByLabel("Password", { exact: true }));

  await expect(page.getByLabel("First name")).toHaveValue(person.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(person.lastName);
  await expect(page.getByLabel("Email")).toHaveValue("ada.okonkwo.example.com");
  await expect(page.getByLabel("Phone number")).toHaveValue("0803123456");
  await expect(page.getByLabel("How did you hear about us")).toHaveValue("Radio or TV");
  await expect(page.getByLabel("Referral (optional)")).toHaveValue("agent-007");
  if (!javaScriptEnabled) {
    // The server never sends a password back. (With JavaScript the form was checked in the
    // browser and never left it, so there is nothing to strip.)
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Confirm password")).toHaveValue("");
  }

  // Eleven characters, but not all digits.
  await page.getByLabel("Phone number").fill("0803abc4567");
  await page.getByRole("button", { name: "Create account" }).click();
  await expectFieldError(page.getByLabel("Phone number"), MESSAGES.phoneDigitsOnly);
  await expect(page.getByLabel("Phone number")).toHaveValue("0803abc4567");
  await expect(page).toHaveURL("/register");
});

test("register: an e-mail that already has an account gets the upstream's message beside the e-mail field", async ({
  page,
  javaScriptEnabled,
}) => {
  // An account of its own: a demo account's .test address would pass the form's e-mail rule
  // too, but this test should not lean on the seed.
  const existing = await createAccount("existing", { verified: true });
  const person = newPerson("duplicate");
  await page.goto("/register");
  await fillRegistration(page, { ...person, email: existing.email });
  await page.getByRole("button", { name: "Create account" }).click();

  await expectFieldError(page.getByLabel("Email"), MESSAGES.duplicateEmail);
  await expect(errorSummary(page)).toContainText(MESSAGES.duplicateEmail);
  await expect(page).toHaveURL("/register");
  await expect(page.getByLabel("First name")).toHaveValue(person.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(person.lastName);
  await expect(page.getByLabel("Email")).toHaveValue(existing.email);
  await expect(page.getByLabel("Phone number")).toHaveValue(person.phone);
  if (!javaScriptEnabled) {
    // The server never sends a password back into the page.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Confirm password")).toHaveValue("");
  }
});

test("register: the sign-up page links to login", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(atPath("/login"));
});
