import { expect, type Locator, type Page } from "@playwright/test";
import { escapeRegExp } from "./text.ts";

// A form's answers as a person meets them: the "There is a problem" summary, a message tied to
// its field, and the flash messages after a redirect.

/** The "There is a problem" summary at the top of a form. */
export function errorSummary(page: Page): Locator {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
}

/** The "There is a problem" summary lists exactly these messages, in this order. */
export async function expectErrorSummary(page: Page, messages: readonly string[]): Promise<void> {
  await expect(errorSummary(page).getByRole("listitem")).toHaveText([...messages]);
}

/** The message is tied to the field: it is invalid and the message is its description. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

export async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

/**
 * A flash message (app/components/toast.tsx). CSS hides it after 3 seconds, which takes it out
 * of the accessibility tree, so it is looked up with hidden elements included.
 */
export function flash(page: Page, message: string): Locator {
  return page.getByRole("status", { includeHidden: true }).filter({ hasText: message });
}

export function flashError(page: Page, message: string): Locator {
  return page.getByRole("alert", { includeHidden: true }).filter({ hasText: message });
}
