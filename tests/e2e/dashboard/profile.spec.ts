import { expect, type Locator, type Page, test } from "@playwright/test";
import { createAccount, logIn, MESSAGES, RESELLER } from "../support/accounts.ts";
import { DAY_PATTERN, lagosDay } from "../support/dates.ts";
import { errorSummary, expectFieldError, expectFieldValid, flash } from "../support/forms.ts";
import { whenInteractive } from "../support/page.ts";
import { PROFILE_MESSAGES as M, openProfile, profileForm } from "../support/profile.ts";
import { signIn } from "../support/session.ts";

// The profile page, its fields, and the change password, bank details, webhook and BVN/NIN
// messages: one page, forms told apart by intent, and a KYC section with a real date of birth
// (decision 021). Every test that saves something uses an account of its own.

/** A row of the read-only details table, by its header. */
function detail(page: Page, header: string): Locator {
  return page
    .getByRole("region", { name: "Your details" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: header, exact: true }) })
    .getByRole("cell");
}

/** Presses a form's submit button once the page can handle it the enhanced way. */
async function submit(form: Locator, name: string): Promise<void> {
  const button = form.getByRole("button", { name, exact: true });
  await whenInteractive(button);
  await button.click();
}

/** The "There is a problem" summary of one form lists exactly these messages. */
async function expectSummary(form: Locator, page: Page, messages: readonly string[]): Promise<void> {
  await expect(errorSummary(page).and(form.getByRole("alert")).getByRole("listitem")).toHaveText([...messages]);
}

function passwordFields(page: Page) {
  const form = profileForm(page, "Change password");
  return {
    form,
    old: form.getByLabel("Old password", { exact: true }),
    next: form.getByLabel("New password", { exact: true }),
    confirm: form.getByLabel("Confirm password", { exact: true }),
  };
}

async function expectPasswordFieldsEmpty(fields: ReturnType<typeof passwordFields>): Promise<void> {
  await expect.soft(fields.old, "old password field").toHaveValue("");
  await expect.soft(fields.next, "new password field").toHaveValue("");
  await expect.soft(fields.confirm, "confirm password field").toHaveValue("");
}

function bankFields(page: Page) {
  const form = profileForm(page, "Bank details");
  return {
    form,
    accountName: form.getByLabel("Account name", { exact: true }),
    accountNumber: form.getByLabel("Account number", { exact: true }),
    bankName: form.getByLabel("Bank name", { exact: true }),
  };
}

function bvnFields(page: Page) {
  const form = profileForm(page, "BVN");
  return {
    form,
    bvn: form.getByLabel("BVN", { exact: true }),
    name: form.getByLabel("Name on your BVN", { exact: true }),
    dob: form.getByLabel("Date of birth", { exact: true }),
    phone: form.getByLabel("Phone number on your BVN", { exact: true }),
  };
}

/** A date of birth `years` before today, as a date input takes it. */
function yearsAgo(years: number): string {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

test(
  "the details table shows name, wallet balance, phone, date joined and account level",
  { tag: "@once" },
  async ({ page }) => {
    await signIn(page, RESELLER);
    await openProfile(page);
    await expect(detail(page, "Name")).toHaveText(RESELLER.fullName);
    await expect(detail(page, "Wallet balance")).toHaveText(RESELLER.balance);
    await expect(detail(page, "Phone")).toHaveText(RESELLER.phone);
    await expect(detail(page, "Date joined")).toHaveText(DAY_PATTERN);
    await expect(detail(page, "Account level")).toHaveText(RESELLER.level);
  },
);

test(
  "a new account's date joined reads like '23rd May, 2026', its balance ₦0.00 and its level Normal",
  { tag: "@once" },
  async ({ page }) => {
    const before = lagosDay(new Date().toISOString());
    const account = await createAccount("profile-details", { verified: true });
    const after = lagosDay(new Date().toISOString());
    await signIn(page, account);
    await openProfile(page);

    await expect(detail(page, "Name")).toHaveText(`${account.firstName} ${account.lastName}`);
    await expect(detail(page, "Wallet balance")).toHaveText("₦0.00");
    await expect(detail(page, "Phone")).toHaveText(account.phone);
    // Joined just now; either side of midnight in Lagos if the clock struck it meanwhile.
    await expect(detail(page, "Date joined")).toHaveText(new RegExp(`^(${before}|${after})$`));
    await expect(detail(page, "Account level")).toHaveText("Normal");
  },
);

test("change password: every required message, then the mismatch", async ({ page }) => {
  const account = await createAccount("profile-password-rules", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const fields = passwordFields(page);

  await submit(fields.form, "Change password");
  await expectSummary(fields.form, page, [M.oldPasswordRequired, M.newPasswordRequired, M.confirmPasswordRequired]);
  await expectFieldError(fields.old, M.oldPasswordRequired);
  await expectFieldError(fields.next, M.newPasswordRequired);
  await expectFieldError(fields.confirm, M.confirmPasswordRequired);

  await fields.old.fill(account.password);
  await fields.next.fill("Brand-new-pass-1");
  await fields.confirm.fill("Brand-new-pass-2");
  await submit(fields.form, "Change password");
  await expectSummary(fields.form, page, [M.passwordMismatch]);
  await expectFieldError(fields.confirm, M.passwordMismatch);
  await expectFieldValid(fields.old);
  await expectFieldValid(fields.next);
});

test("a wrong old password shows the upstream's message and empties the password fields", async ({ page }) => {
  const account = await createAccount("profile-password-wrong", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const fields = passwordFields(page);

  await fields.old.fill("Not-my-password-1");
  await fields.next.fill("Brand-new-pass-1");
  await fields.confirm.fill("Brand-new-pass-1");
  await submit(fields.form, "Change password");

  await expectSummary(fields.form, page, [M.oldPasswordWrong]);
  // A refused form keeps what was typed, except passwords (the server hides them from its
  // reply). Soft, so the rest of the test still runs if they are kept.
  await expectPasswordFieldsEmpty(fields);

  // Nothing changed: the old password still logs in.
  await page.context().clearCookies();
  await signIn(page, account);
});

test("change password, then log in with the new password", async ({ page }) => {
  const account = await createAccount("profile-password-change", { verified: true });
  const newPassword = `${account.password}-changed`;
  await signIn(page, account);
  await openProfile(page);
  const fields = passwordFields(page);

  await fields.old.fill(account.password);
  await fields.next.fill(newPassword);
  await fields.confirm.fill(newPassword);
  await submit(fields.form, "Change password");
  await expect(flash(page, M.passwordChanged)).toBeAttached();
  await expect(page).toHaveURL("/dashboard/profile");
  // Done: the form is empty again, the old and the new password no longer on the page.
  await expectPasswordFieldsEmpty(fields);

  // A fresh visitor: the old password no longer works, the new one does.
  await page.context().clearCookies();
  await logIn(page, account);
  await expect(page.getByText(MESSAGES.badCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, { email: account.email, password: newPassword });
});

test("bank details: every required message, then saved with a bank chosen from the list", async ({ page }) => {
  const account = await createAccount("profile-bank", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const fields = bankFields(page);

  await submit(fields.form, "Save bank details");
  await expectSummary(fields.form, page, [M.accountNameRequired, M.accountNumberRequired, M.bankNameRequired]);
  await expectFieldError(fields.accountName, M.accountNameRequired);
  await expectFieldError(fields.accountNumber, M.accountNumberRequired);
  await expectFieldError(fields.bankName, M.bankNameRequired);

  // The bank is chosen from the upstream's list (call 40), not typed.
  await expect(fields.bankName.getByRole("option", { name: "Guaranty Trust Bank", exact: true })).toHaveCount(1);
  await expect(fields.bankName.getByRole("option", { name: "Zenith Bank", exact: true })).toHaveCount(1);
  await fields.accountName.fill("Ada Okonkwo");
  await fields.accountNumber.fill("0123456789");
  await fields.bankName.selectOption({ label: "Guaranty Trust Bank" });
  await submit(fields.form, "Save bank details");

  await expect(flash(page, M.bankSaved)).toBeAttached();
  await page.reload();
  await expect(fields.accountName).toHaveValue("Ada Okonkwo");
  await expect(fields.accountNumber).toHaveValue("0123456789");
  await expect(fields.bankName).toHaveValue("Guaranty Trust Bank");
});

test("webhook: required, https only, then saved", async ({ page }) => {
  const account = await createAccount("profile-webhook", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const form = profileForm(page, "Webhook URL");
  const url = form.getByLabel("Webhook URL", { exact: true });

  await submit(form, "Save webhook URL");
  await expectSummary(form, page, [M.webhookRequired]);
  await expectFieldError(url, M.webhookRequired);

  await url.fill("http://example.com/payvend-hook");
  await submit(form, "Save webhook URL");
  await expectSummary(form, page, [M.webhookHttps]);
  await expectFieldError(url, M.webhookHttps);
  await expect(url).toHaveValue("http://example.com/payvend-hook");

  await url.fill("https://example.com/payvend-hook");
  await submit(form, "Save webhook URL");
  await expect(flash(page, M.webhookSaved)).toBeAttached();
  await page.reload();
  await expect(url).toHaveValue("https://example.com/payvend-hook");
});

test("BVN: 11 digits and a real adult date of birth, then saved", async ({ page }) => {
  const account = await createAccount("profile-bvn", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const fields = bvnFields(page);

  await submit(fields.form, "Save BVN");
  await expectSummary(fields.form, page, [M.bvnDigits, M.bvnNameRequired, M.dobRequired, M.bvnPhoneRequired]);
  await expectFieldError(fields.bvn, M.bvnDigits);

  await fields.bvn.fill("2234567890");
  await fields.name.fill("Ada Okonkwo");
  await fields.dob.fill(yearsAgo(30));
  await fields.phone.fill(account.phone);
  await submit(fields.form, "Save BVN");
  await expectSummary(fields.form, page, [M.bvnDigits]);
  await expectFieldError(fields.bvn, M.bvnDigits);

  // Someone under 18 is refused, whatever else is right.
  await fields.bvn.fill("22345678901");
  await fields.dob.fill(yearsAgo(17));
  await submit(fields.form, "Save BVN");
  await expectSummary(fields.form, page, [M.underEighteen]);
  await expectFieldError(fields.dob, M.underEighteen);

  await fields.dob.fill(yearsAgo(30));
  await submit(fields.form, "Save BVN");
  await expect(flash(page, M.bvnSaved)).toBeAttached();
});

test("NIN: exactly 11 digits, then saved", async ({ page }) => {
  const account = await createAccount("profile-nin", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const form = profileForm(page, "NIN");
  const nin = form.getByLabel("NIN", { exact: true });

  await submit(form, "Save NIN");
  await expectSummary(form, page, [M.ninDigits]);
  await expectFieldError(nin, M.ninDigits);

  await nin.fill("1234567890");
  await submit(form, "Save NIN");
  await expectSummary(form, page, [M.ninDigits]);
  await expectFieldError(nin, M.ninDigits);

  await nin.fill("12345678901");
  await submit(form, "Save NIN");
  await expect(flash(page, M.ninSaved)).toBeAttached();
});

test("a failed form keeps its typed values and the other forms keep theirs", async ({ page }) => {
  const account = await createAccount("profile-keep", { verified: true });
  await signIn(page, account);
  await openProfile(page);
  const bank = bankFields(page);
  const webhook = profileForm(page, "Webhook URL").getByLabel("Webhook URL", { exact: true });
  const bvn = bvnFields(page);
  const password = passwordFields(page);

  // Saved values in two forms first.
  await bank.accountName.fill("Ada Okonkwo");
  await bank.accountNumber.fill("0123456789");
  await bank.bankName.selectOption({ label: "Wema Bank" });
  await submit(bank.form, "Save bank details");
  await expect(flash(page, M.bankSaved)).toBeAttached();
  await webhook.fill("https://example.com/keep-hook");
  await submit(profileForm(page, "Webhook URL"), "Save webhook URL");
  await expect(flash(page, M.webhookSaved)).toBeAttached();

  // A BVN form that fails on the date of birth keeps everything typed into it.
  await bvn.bvn.fill("22345678901");
  await bvn.name.fill("Ada Okonkwo");
  await bvn.dob.fill(yearsAgo(12));
  await bvn.phone.fill("08031234567");
  await submit(bvn.form, "Save BVN");
  await expectSummary(bvn.form, page, [M.underEighteen]);
  await expect(bvn.bvn).toHaveValue("22345678901");
  await expect(bvn.name).toHaveValue("Ada Okonkwo");
  await expect(bvn.dob).toHaveValue(yearsAgo(12));
  await expect(bvn.phone).toHaveValue("08031234567");
  // The other forms: their values, and no errors of this one's.
  await expect(bank.accountName).toHaveValue("Ada Okonkwo");
  await expect(bank.accountNumber).toHaveValue("0123456789");
  await expect(bank.bankName).toHaveValue("Wema Bank");
  await expect(webhook).toHaveValue("https://example.com/keep-hook");
  await expect(bank.form.getByRole("alert")).toHaveCount(0);
  await expect(password.form.getByRole("alert")).toHaveCount(0);

  // A bank form that fails validation keeps what was typed into it, the others keep theirs.
  await bank.accountName.fill("Ada N. Okonkwo");
  await bank.accountNumber.fill("01234");
  await submit(bank.form, "Save bank details");
  await expectSummary(bank.form, page, ["Account Number must be 10 digits"]);
  await expect(bank.accountName).toHaveValue("Ada N. Okonkwo");
  await expect(bank.accountNumber).toHaveValue("01234");
  await expect(bank.bankName).toHaveValue("Wema Bank");
  await expect(webhook).toHaveValue("https://example.com/keep-hook");
  await expect(page.getByText("Account Number must be 10 digits", { exact: true })).toHaveCount(2);
  await expect(bvn.form).not.toContainText("Account Number must be 10 digits");

  // A password form the upstream refuses: its message in its own form, the saved values of the
  // others still shown. (That the passwords are not kept is the wrong-old-password test's.)
  await password.old.fill("Not-my-password-1");
  await password.next.fill("Brand-new-pass-1");
  await password.confirm.fill("Brand-new-pass-1");
  await submit(password.form, "Change password");
  await expectSummary(password.form, page, [M.oldPasswordWrong]);
  await expect(page.getByText(M.oldPasswordWrong, { exact: true })).toHaveCount(1);
  // A new page from the server, with or without JavaScript (the profile ships no script,
  // docs/pages-and-scripts.md): the bank form shows what is saved.
  await expect(bank.accountName).toHaveValue("Ada Okonkwo");
  await expect(bank.accountNumber).toHaveValue("0123456789");
  await expect(bank.bankName).toHaveValue("Wema Bank");
  await expect(webhook).toHaveValue("https://example.com/keep-hook");
});

test("the KYC section is reachable at #kyc", { tag: "@once" }, async ({ page }) => {
  const account = await createAccount("profile-kyc", { verified: true });
  await signIn(page, account);
  await page.goto("/dashboard/profile#kyc");
  const kyc = page.getByRole("region", { name: "Identity (KYC)" });
  await expect(kyc.getByRole("heading", { name: "Identity (KYC)" })).toBeInViewport();
  await expect(kyc.getByRole("heading", { name: "BVN", exact: true })).toBeVisible();
  await expect(kyc.getByRole("heading", { name: "NIN", exact: true })).toBeVisible();
});
