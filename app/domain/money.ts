// Money is integer kobo everywhere inside the portal; naira appears only on the wire and on
// screen. Arithmetic runs on BigInt where a product could leave the safe-integer range, so
// no rule here depends on binary floating point.

const KOBO_PER_NAIRA = 100n;

const WIRE_NAIRA = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
// What a person types: an optional ₦, whole naira either plain or grouped in threes by
// commas, and at most 2 decimals. "1,5" is refused rather than read as ₦15: it is someone
// writing ₦1.50 the European way, or a typo, and neither should become a price.
const TYPED_NAIRA = /^₦?(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export type NairaFormatOptions = { decimals?: 0 | 2 };

function assertKobo(kobo: number, name: string): void {
  if (!Number.isSafeInteger(kobo)) {
    throw new RangeError(`${name} must be a safe integer number of kobo, got ${String(kobo)}`);
  }
}

/**
 * `₦1,234.50`, or `₦1,235` with `decimals: 0` (half-up to the whole naira, the pricing
 * page's rule). Negatives read `-₦1,234.50`. Throws on a non-integer: a fractional kobo
 * means a caller skipped the parse step, and printing it would hide that bug.
 */
export function formatNaira(kobo: number, options: NairaFormatOptions = {}): string {
  assertKobo(kobo, "kobo");
  const decimals = options.decimals ?? 2;
  // Exact in doubles: a safe integer's remainder, and a multiple of 100 divided by 100.
  const magnitude = Math.abs(kobo);
  const fraction = magnitude % 100;
  let whole = (magnitude - fraction) / 100;
  let text: string;
  if (decimals === 0) {
    if (fraction * 2 >= 100) whole += 1;
    text = grouped(whole);
  } else {
    text = `${grouped(whole)}.${String(fraction).padStart(2, "0")}`;
  }
  // A value that rounds to zero must not print as "-₦0".
  const negative = kobo < 0 && /[1-9]/.test(text);
  return `${negative ? "-" : ""}₦${text}`;
}

/**
 * Whole naira in groups of three, "1,234,567": what en-NG's Intl.NumberFormat writes, built
 * by hand because every row and price on a page is formatted and Intl is the slow part.
 */
function grouped(whole: number): string {
  const digits = String(whole);
  let text = digits.slice(0, digits.length % 3 || 3);
  for (let at = text.length; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return text;
}

/**
 * Naira with exactly 2 decimals and nothing else, "1234.50" or "-5.00": how a spreadsheet reads
 * a number, for files rather than screens (no ₦, no grouping commas).
 */
export function nairaDecimalText(kobo: number): string {
  assertKobo(kobo, "kobo");
  const magnitude = BigInt(Math.abs(kobo));
  const text = `${magnitude / KOBO_PER_NAIRA}.${(magnitude % KOBO_PER_NAIRA).toString().padStart(2, "0")}`;
  return kobo < 0 ? `-${text}` : text;
}

/**
 * Reads a wire amount (naira as a JSON number or a numeric string with at most 2 decimals)
 * into kobo. Strict on purpose: exponents, spaces, grouping commas, a leading `+` or `.`
 * and a third decimal all give null, so a malformed upstream value is noticed instead of
 * being rounded into a plausible price.
 */
export function parseNairaToKobo(value: string | number): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest round-trip form, so 1.1 reads "1.1" and a value with
    // float noise such as 0.30000000000000004 is refused rather than silently rounded.
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    return null;
  }
  const match = WIRE_NAIRA.exec(text);
  if (match === null) return null;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const magnitude = BigInt(whole) * KOBO_PER_NAIRA + BigInt(fraction.padEnd(2, "0"));
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const kobo = Number(magnitude);
  return sign === "-" && kobo !== 0 ? -kobo : kobo;
}

/**
 * Naira as people type them in a form ("500", "1,500", "₦2,000.50", spaces around), into
 * non-negative safe-integer kobo, or null for anything else (a sign, an exponent, misplaced
 * commas, a third decimal, more kobo than a double holds exactly). The form decides the range.
 */
export function parseTypedNaira(text: string): number | null {
  const match = TYPED_NAIRA.exec(text.trim());
  if (match === null) return null;
  const [, whole = "0", fraction = ""] = match;
  const kobo = BigInt(whole.replaceAll(",", "")) * KOBO_PER_NAIRA + BigInt(fraction.padEnd(2, "0"));
  return kobo > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(kobo);
}

// A percent arrives as a JS number such as 2.5; reading its decimal digits gives an exact
// fraction numerator/denominator with no float error.
function exactPercent(percent: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`discount percent must be between 0 and 100, got ${String(percent)}`);
  }
  // toFixed(20) avoids the exponent form String() uses for values below 1e-6.
  const text = String(percent).includes("e") ? percent.toFixed(20) : String(percent);
  const match = PLAIN_DECIMAL.exec(text);
  if (match === null) throw new RangeError(`unreadable discount percent ${text}`);
  const [, whole = "0", fraction = ""] = match;
  return {
    numerator: BigInt(whole + fraction),
    denominator: 10n ** BigInt(fraction.length),
  };
}

/**
 * The charge = amount − amount × discount% / 100, "to 2 decimals" of naira, which
 * is whole kobo. A charge that lands exactly on half a kobo rounds half-up (to the larger
 * charge): the everyday "to 2 decimals" rule a person checking the sum would apply by hand, and
 * it never shows the customer less than a half-up upstream would take.
 */
export function discountedChargeKobo(amountKobo: number, discountPercent: number): number {
  assertKobo(amountKobo, "amountKobo");
  if (amountKobo < 0) throw new RangeError("amountKobo must not be negative");
  const { numerator, denominator } = exactPercent(discountPercent);
  const scale = 100n * denominator;
  const chargeNumerator = BigInt(amountKobo) * (scale - numerator);
  return Number((2n * chargeNumerator + scale) / (2n * scale));
}

/**
 * Kobo as the naira number the upstream (docs/upstream-api.md) and the card gateways read, 2 decimals
 * at most. Exact below 2^46 naira (about ₦70 trillion), where a double still tells every
 * kobo apart; JSON then prints at most 2 decimals. Anything but a whole, non-negative, safe
 * number of kobo is a bug upstream of this call, refused with a RangeError.
 */
export function nairaOnWire(kobo: number): number {
  if (!Number.isSafeInteger(kobo) || kobo < 0) {
    throw new RangeError(`an amount on the wire must be a whole, non-negative number of kobo, got ${String(kobo)}`);
  }
  return kobo / 100;
}
