// Rules for the public site's header, footer and contact details (call 1, docs/upstream-api.md).
// The pages call returns free text typed by an administrator, so every parser here is
// total: a malformed value gives an empty part, never an exception during render.

export function pageTitle(productName: string, title?: string | null): string {
  const page = typeof title === "string" ? title.trim() : "";
  return `${productName} - ${page === "" ? "Home" : page}`;
}

export type Contact = { address: string; phone: string; email: string };

/** Call 1: contact is "address|phone|email". */
export function parseContact(contact: string): Contact {
  const parts = typeof contact === "string" ? contact.split("|").map((part) => part.trim()) : [];
  return { address: parts[0] ?? "", phone: parts[1] ?? "", email: parts[2] ?? "" };
}

export type SocialNetwork = "facebook" | "instagram" | "twitter";

export type SocialLink = {
  network: SocialNetwork;
  label: "Facebook" | "Instagram" | "X (Twitter)";
  url: string;
};

// Order is the order of the bar-split handles in call 1's `social`.
const NETWORKS: ReadonlyArray<Omit<SocialLink, "url"> & { origin: string }> = [
  { network: "facebook", label: "Facebook", origin: "https://facebook.com/" },
  { network: "instagram", label: "Instagram", origin: "https://instagram.com/" },
  { network: "twitter", label: "X (Twitter)", origin: "https://x.com/" },
];

// Handles are letters, digits, dot and underscore on all three networks; anything else
// (a slash, "?", a whole URL) could steer the link elsewhere. A handle of dots only would
// make a path like "/.." that leaves the profile, so a letter or digit is required.
const HANDLE = /^[A-Za-z0-9._]*[A-Za-z0-9][A-Za-z0-9._]*$/;

export function socialLinks(social: string): SocialLink[] {
  const handles = typeof social === "string" ? social.split("|") : [];
  const links: SocialLink[] = [];
  NETWORKS.forEach(({ network, label, origin }, index) => {
    const handle = (handles[index] ?? "").trim().replace(/^@/, "");
    if (!HANDLE.test(handle)) return;
    links.push({ network, label, url: `${origin}${encodeURIComponent(handle)}` });
  });
  return links;
}

// Separators people type in phone numbers; anything else (letters, a second "+") means
// the value is not a phone number and no link is better than a wrong one.
const PHONE_SEPARATORS = /[\s\-().]/g;

/**
 * wa.me wants the international number without "+": 0803… becomes 234803…. The digit
 * after 234 is never 0 in a Nigerian number, so "2340…" is refused as a botched rewrite.
 */
export function whatsappLink(phone: string): string | null {
  if (typeof phone !== "string") return null;
  const compact = phone.trim().replace(/^\+/, "").replace(PHONE_SEPARATORS, "");
  if (!/^\d+$/.test(compact)) return null;
  const international = compact.startsWith("0") ? `234${compact.slice(1)}` : compact;
  if (!/^234[1-9]\d{9}$/.test(international)) return null;
  return `https://wa.me/${international}`;
}
