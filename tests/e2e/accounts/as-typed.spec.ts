import { expect, test } from "@playwright/test";
import { MESSAGES } from "../support/accounts.ts";
import { errorSummary, expectFieldError, expectFieldValid } from "../support/forms.ts";
import { waitForHydration } from "../support/page.ts";

// With JavaScript the form kit checks a field when it is first left and, from then on, as it
// is corrected; a refused submit never leaves the browser and puts the focus in the first
// field in error (decision 078). Without JavaScript the server says the same after a post,
// which the other account specs check in both modes.

test(
  "register with JavaScript: a field is checked when left and again as it is corrected, the two passwords included, and a refused submit focuses the first field in error",
  { tag: "@js-only" },
  async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/register");
    const submit = page.getByRole("button", { name: "Create account", exact: true });
    await waitForHydration(submit);
    const firstName = page.getByLabel("First name", { exact: true });
    const email = page.getByLabel("Email", { exact: true });
    const confirm = page.getByLabel("Confirm password", { exact: true });

    await email.fill("ada.example.com");
    await expectFieldValid(email);
    await email.press("Tab");
    await expectFieldError(email, MESSAGES.invalidEmail);
    // Fields not yet visited say nothing.
    await expectFieldValid(firstName);
    await email.fill("ada@example.com");
    await expectFieldValid(email);

    await page.getByLabel("Password", { exact: true }).fill("Secret-pass-2026");
    await confirm.fill("Secret-pass-202");
    await confirm.press("Tab");
    await expectFieldError(confirm, MESSAGES.passwordsDoNotMatch);
    await confirm.fill("Secret-pass-2026");
    await expectFieldValid(confirm);

    await submit.click();
    await expectFieldError(firstName, MESSAGES.firstNameRequired);
    await expect(firstName).toBeFocused();
    await expect(errorSummary(page)).toContainText(MESSAGES.firstNameRequired);
    expect(posts).toEqual([]);

    await firstName.fill("Ada");
    await expectFieldValid(firstName);
  },
);
