// An electricity token as a person reads it aloud or keys it into a meter: its digits in
// groups of four ("1234 5678 9012 3456 7890"), however the upstream wrote it.

const SEPARATORS = /[\s-]+/g;
const DIGITS_ONLY = /^\d+$/;

/**
 * The token's digits grouped in fours, separated by single spaces. A token with anything but
 * digits, spaces and hyphens in it is not one we know how to regroup: it is shown as it came,
 * trimmed, rather than changed into something the meter would not take.
 */
export function groupToken(token: string): string {
  const trimmed = token.trim();
  const digits = trimmed.replace(SEPARATORS, "");
  if (!DIGITS_ONLY.test(digits)) return trimmed;
  return (digits.match(/\d{1,4}/g) ?? []).join(" ");
}
