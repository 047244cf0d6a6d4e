import { expect, test } from "@playwright/test";
import { createAccount, logIn, newPerson } from "../support/accounts.ts";
import { waitForHydration } from "../support/page.ts";
import { fillRegistration, newestOtp, otpBoxes } from "./support.ts";

// Decision 046: sign-up on a phone, JavaScript off or on. The code from the
// e-mail, pasted or autofilled, lands whole in the first box, and is taken as it is; the
// personal-info step then holds what was typed at registration.

test("the first OTP box is the one-time-code field and has room for the whole code", async ({ page }) => {
  const account = await createAccount("otp-attributes", { verified: false });
  await logIn(page, account);
  const [first, ...others] = otpBoxes(page);
  await expect(first).toHaveAttribute("autocomplete", "one-time-code");
  await expect(first).toHaveAttribute("inputmode", "numeric");
  await expect(first).toHaveAttribute("maxlength", "4");
  for (const box of others) await expect(box).toHaveAttribute("maxlength", "1");
});

test("sign-up with a pasted code: personal info holds the name and phone typed at registration", async ({
  page,
  javaScriptEnabled,
}) => {
  const person = newPerson("paste-signup");
  await page.goto("/register");
  await fillRegistration(page, person);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/otp");

  const [first, second, third, fourth] = otpBoxes(page);
  if (javaScriptEnabled) await waitForHydration(first);
  const code = await newestOtp(page, person.email);
  await first.focus();
  await page.keyboard.insertText(code);
  if (javaScriptEnabled) {
    // With JavaScript the code is spread over the four boxes, one digit each.
    await expect(first).toHaveValue(code[0] ?? "");
    await expect(second).toHaveValue(code[1] ?? "");
    await expect(third).toHaveValue(code[2] ?? "");
    await expect(fourth).toHaveValue(code[3] ?? "");
  } else {
    await expect(first).toHaveValue(code);
    // All four digits in sight, not the last two of a one-digit-wide box (decision 080).
    expect(await first.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  }
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL("/personal-info");
  await expect(page.getByLabel("First name")).toHaveValue(person.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(person.lastName);
  await expect(page.getByLabel("Phone number")).toHaveValue(person.phone);
});
