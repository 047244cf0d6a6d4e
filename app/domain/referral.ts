import { whatsAppShareHref } from "./customer-copy.ts";

// Bring a friend (issue 23 §5): a person's own sign-up link, /register?ref=their username,
// which fills in "Referral" on the registration form. The upstream decides what a referral
// earns; the portal only passes the name on (CONTRACT.md call 3, profile.referred_by).

/** The longest referral the registration form takes. */
export const REFERRAL_MAX_LENGTH = 100;

/** The person's sign-up link at the portal's public address, or null without a username. */
export function referralLink(origin: string, username: string): string | null {
  const name = username.trim();
  if (name === "") return null;
  const url = new URL("/register", origin);
  url.searchParams.set("ref", name);
  return url.href;
}

/**
 * A WhatsApp link that opens a chat to choose, with an invitation and the link ready to send.
 * `invitation` words it in the person's language: "Join me on {productName}: {link}".
 */
export function referralShareHref(
  productName: string,
  link: string,
  invitation: (names: { productName: string; link: string }) => string,
): string {
  return whatsAppShareHref(invitation({ productName, link }));
}

/** What `?ref=` fills the registration's Referral field with: trimmed, at most 100 characters. */
export function referralFromQuery(query: URLSearchParams): string {
  return (query.get("ref") ?? "").trim().slice(0, REFERRAL_MAX_LENGTH);
}
