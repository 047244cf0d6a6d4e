import { whatsAppShareHref } from "./customer-copy.ts";

// Bring a friend: a person's own sign-up link, /register?ref=THEIR-CODE, which fills in
// "Referral" on the registration form. The link names the sender by an invitation code the
// portal keeps, never by the username, which is the person's e-mail; registration turns a
// known code back into that username for the upstream (decision 081). The upstream decides
// what a referral earns; the portal only passes the name on (profile.referred_by,
// docs/upstream-api.md).

/** The longest referral the registration form takes. */
export const REFERRAL_MAX_LENGTH = 100;

/** The letters an invitation code is made of: no 0/O, 1/I/L, so it can be read out and typed. */
export const REFERRAL_CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Eight of 31 letters: some 850 billion codes, too many to walk through for e-mails. */
export const REFERRAL_CODE_LENGTH = 8;

/** The invitation code `text` names, as stored (upper case), or null when it is not one. */
export function referralCodeIn(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  return [...code].every((letter) => REFERRAL_CODE_LETTERS.includes(letter)) ? code : null;
}

/** The person's sign-up link at the portal's public address, naming them by their code. */
export function referralLink(origin: string, code: string): string {
  const url = new URL("/register", origin);
  url.searchParams.set("ref", code);
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
