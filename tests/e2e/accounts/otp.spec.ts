import { expect, test } from "@playwright/test";
import { createAccount, logIn, MESSAGES, OTP_SUBJECT } from "../support/accounts.ts";
import { errorSummary, expectFieldError, expectFieldValid, flash } from "../support/forms.ts";
import { atPath } from "../support/page.ts";
import { countEmails, fillOtp, newestOtp, otpBoxes } from "./support.ts";

// /otp and /personal-info and their rules; both need the sign-up session (decision 008).
// The accounts start as registration leaves them (see createAccount), so these tests spend
// none of the per-IP sign-up limit.

test("OTP: an empty code, a wrong code and Resend each say what happened", async ({ page }) => {
  const account = await createAccount("otp", { verified: false });
  await logIn(page, account);
  await expect(page).toHaveURL("/otp");

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MESSAGES.otpEmpty })).toBeVisible();
  await expect(page).toHaveURL("/otp");

  const before = await countEmails(page, OTP_SUBJECT, account.email);
  await page.getByRole("button", { name: "Resend" }).click();
  await expect(flash(page, MESSAGES.otpResent)).toBeAttached();
  await expect(page).toHaveURL("/otp");
  expect(await countEmails(page, OTP_SUBJECT, account.email)).toBe(before + 1);

  const code = await newestOtp(page, account.email);
  const wrong = [...code].map((digit) => String((Number(digit) + 1) % 10)).join("");
  await fillOtp(page, wrong);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert").filter({ hasText: MESSAGES.otpWrong })).toBeVisible();
  await expect(page).toHaveURL("/otp");
  // A wrong code is not sent back, with JavaScript or without: the boxes are empty for a fresh one.
  for (const box of otpBoxes(page)) await expect(box).toHaveValue("");

  // The code from the resent e-mail is the one that works.
  await fillOtp(page, code);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL("/personal-info");
});

test("OTP: without a session /otp goes to /login", async ({ page }) => {
  await page.goto("/otp");
  await expect(page).toHaveURL(atPath("/login"));
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
});

test("personal info: without a session /personal-info goes to /login", async ({ page }) => {
  await page.goto("/personal-info");
  await expect(page).toHaveURL(atPath("/login"));
});

test("personal info: the required messages and the phone rules", async ({ page }) => {
  const account = await createAccount("personal-info", { verified: true });
  await logIn(page, account);
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/personal-info");
  await expect(page.getByLabel("First name")).toHaveValue(account.firstName);

  await page.getByLabel("First name").fill("");
  await page.getByLabel("Last name").fill("");
  await page.getByLabel("Phone number").fill("");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expectFieldError(page.getByLabel("First name"), MESSAGES.firstNameRequired);
  await expectFieldError(page.getByLabel("Last name"), MESSAGES.lastNameRequired);
  await expectFieldError(page.getByLabel("Phone number"), MESSAGES.phoneRequired);

  await page.getByLabel("First name").fill("Ngozi");
  await page.getByLabel("Last name").fill("Eze");
  await page.getByLabel("Phone number").fill("0803123456");
  await page.getByRole("button", { name: "Done" }).click();
  await expectFieldError(page.getByLabel("Phone number"), MESSAGES.phoneTooShort);
  await expectFieldValid(page.getByLabel("First name"));
  await expectFieldValid(page.getByLabel("Last name"));
  await expect(page.getByLabel("First name")).toHaveValue("Ngozi");
  await expect(page.getByLabel("Last name")).toHaveValue("Eze");

  await page.getByLabel("Phone number").fill("0803-123-45");
  await page.getByRole("button", { name: "Done" }).click();
  await expectFieldError(page.getByLabel("Phone number"), MESSAGES.phoneDigitsOnly);
  await expect(page).toHaveURL("/personal-info");
});
