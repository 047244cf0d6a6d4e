import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A purchase page's data (balance, providers, plans) changes only when something is bought:
 * Verify, Process and Change answer with what they found and need no reload of it. A form
 * posted to another page (a number saved from the result) may change it: it loads again.
 */
export function revalidateAfterPurchaseOnly({
  formMethod,
  formAction,
  formData,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const here = formAction === undefined || new URL(formAction, currentUrl).pathname === currentUrl.pathname;
  if (here && formMethod?.toUpperCase() === "POST" && formData?.get("intent") !== "confirm") return false;
  return defaultShouldRevalidate;
}
