import type { Page } from "@playwright/test";

/** The public content pages with the page title each one puts after "Payvend - ". */
export const PUBLIC_PAGES = [
  { path: "/", title: "Home", heading: "Pay bills and top up from one wallet" },
  { path: "/about-us", title: "About Us", heading: "About Us" },
  { path: "/pricing", title: "Pricing", heading: "Pricing" },
  { path: "/contact-us", title: "Contact Us", heading: "Contact Us" },
  { path: "/terms-and-conditions", title: "Terms and Conditions", heading: "Terms and Conditions" },
  { path: "/privacy-policy", title: "Privacy Policy", heading: "Privacy Policy" },
] as const;

/** Header menu entries: plain links first, then the two call-to-action buttons. */
export const MENU_LINKS = [
  { name: "Home", href: "/" },
  { name: "About", href: "/about-us" },
  { name: "Pricing", href: "/pricing" },
  { name: "Contact Us", href: "/contact-us" },
] as const;

export const MENU_BUTTONS = [
  { name: "Get Started", href: "/register" },
  { name: "Login", href: "/login" },
] as const;

export const OUTAGE_PATHS = ["/", "/pricing", "/about-us"] as const;

export const OUTAGE_HEADING = "We can't reach our service right now";

export type ImageState = { src: string; complete: boolean; naturalWidth: number };

function isImageStateList(value: unknown): value is ImageState[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === "object" &&
        item !== null &&
        "src" in item &&
        typeof item.src === "string" &&
        "complete" in item &&
        typeof item.complete === "boolean" &&
        "naturalWidth" in item &&
        typeof item.naturalWidth === "number",
    )
  );
}

/**
 * Load state of every image in the main region. Read through the DevTools protocol because
 * Playwright's evaluate does not run in a page with JavaScript off, and that page matters
 * most here: it is the one that ignores loading="lazy".
 */
export async function mainImageStates(page: Page): Promise<ImageState[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const answer = await session.send("Runtime.evaluate", {
      expression:
        "Array.from(document.querySelectorAll('main img'), (image) => ({ src: image.currentSrc || image.src, complete: image.complete, naturalWidth: image.naturalWidth }))",
      returnByValue: true,
    });
    const value: unknown = answer.result.value;
    if (!isImageStateList(value)) throw new Error(`unexpected image states: ${JSON.stringify(value)}`);
    return value;
  } finally {
    await session.detach();
  }
}
