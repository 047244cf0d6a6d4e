// What the messages files hold, read as texts: a message is a text, or a one-item list whose
// `match` gives a text per variant ("countPlural=one", "countPlural=*") as Paraglide's message
// format writes plurals. The checks of the translations read both the same way.

type Variants = { match: Record<string, unknown> };

function isVariants(value: unknown): value is Variants {
  return typeof value === "object" && value !== null && "match" in value && typeof value.match === "object";
}

/** A message's texts by variant: `{ "": text }` for a plain message, one entry per variant else; null if neither. */
export function messageTexts(value: unknown): Record<string, string> | null {
  if (typeof value === "string") return { "": value };
  const variants: unknown = Array.isArray(value) && value.length === 1 ? value[0] : null;
  if (!isVariants(variants)) return null;
  const texts = Object.entries(variants.match);
  return texts.every(([, text]) => typeof text === "string")
    ? (Object.fromEntries(texts) as Record<string, string>)
    : null;
}
