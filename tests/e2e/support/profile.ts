import { expect, type Locator, type Page } from "@playwright/test";

// The Profile page: its messages, its forms by heading, and the page opened.

// The product's messages verbatim, the portal's own where it gives none (app/forms/profile.ts),
// and the upstream's answers (sandbox/calls/account.ts and kyc.ts).
export const PROFILE_MESSAGES = {
  oldPasswordRequired: "Old password is required!",
  newPasswordRequired: "New password is required!",
  confirmPasswordRequired: "Confirm password is required!",
  passwordMismatch: "Password does not match",
  oldPasswordWrong: "Old password is incorrect.",
  passwordChanged: "Password changed successfully.",
  accountNameRequired: "Account Name is required!",
  accountNumberRequired: "Account Number is required!",
  bankNameRequired: "Bank Name is required!",
  bankSaved: "Bank details updated successfully.",
  webhookRequired: "Webhook Url is required!",
  webhookHttps: "Enter an absolute https URL, e.g. https://example.com/webhook",
  webhookSaved: "Profile updated successfully.",
  bvnDigits: "BVN Number must be exactly 11 digits",
  bvnNameRequired: "Name is required",
  dobRequired: "Date of birth is required",
  bvnPhoneRequired: "Phone number is required",
  underEighteen: "You must be at least 18 years old",
  bvnSaved: "BVN updated successfully.",
  ninDigits: "NIN must be exactly 11 digits",
  ninSaved: "NIN updated successfully.",
} as const;

/**
 * Opens Profile (at one of its forms' fragments, if given) and waits until a person could
 * use it: the page ships no script (decision 070), so that is once its heading shows.
 */
export async function openProfile(page: Page, form?: string): Promise<void> {
  await page.goto(form === undefined ? "/dashboard/profile" : `/dashboard/profile#${form}`);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
}

/** One of the profile page's forms, by its heading. */
export function profileForm(page: Page, heading: string): Locator {
  return page.getByRole("article", { name: heading, exact: true });
}
