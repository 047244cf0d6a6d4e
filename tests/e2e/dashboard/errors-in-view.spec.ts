import { expect, test } from "../support/fixtures.ts";
import { whenInteractive } from "../support/page.ts";
import { profileForm } from "../support/profile.ts";

// A refused form shows its error summary whole on the screen, however far down the page the
// form sits (decision 076): on a 360 px phone Profile's PIN form is some 2,700 px down.

test.use({ viewport: { width: 360, height: 640 } });

test("a refused PIN on Profile shows its errors on a phone's screen, unscrolled", async ({ page, buyer }) => {
  await page.goto("/dashboard/profile");
  const pinForm = profileForm(page, "Transaction PIN");
  await whenInteractive(pinForm.getByRole("button", { name: "Set PIN" }));
  await pinForm.getByLabel("New PIN").fill("1234");
  await pinForm.getByLabel("Confirm PIN").fill("1234");
  await pinForm.getByRole("button", { name: "Set PIN" }).click();
  const summary = profileForm(page, "Transaction PIN").getByRole("alert");
  await expect(summary).toContainText("Choose a PIN that is hard to guess");
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(summary).toBeFocused();
});

test("an empty saved number is refused with its errors whole on the screen @once", async ({ page, buyer }) => {
  await page.goto("/dashboard/saved-numbers");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeInViewport({ ratio: 1 });
});
