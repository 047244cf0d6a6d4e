// Integer kobo inside, naira on the wire: dividing an exact integer by 100 gives the double
// nearest the 2-decimal value, which JSON prints without float noise (12345 -> 123.45).
export function koboToNaira(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) {
    throw new RangeError(`Kobo amount ${kobo} is not an integer.`);
  }
  return kobo / 100;
}

export function basisPointsToPercent(basisPoints: number): number {
  if (!Number.isSafeInteger(basisPoints)) {
    throw new RangeError(`Basis points ${basisPoints} is not an integer.`);
  }
  return basisPoints / 100;
}

// The charge = amount - amount × percent / 100, to 2 decimals. In kobo the product
// is an exact integer and Math.round rounds the half kobo up.
export function discountedKobo(amountKobo: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountKobo) || !Number.isSafeInteger(basisPoints)) {
    throw new RangeError("Amount and discount must be integers.");
  }
  return Math.round((amountKobo * (10_000 - basisPoints)) / 10_000);
}

// "₦12,345.60", for messages and descriptions; the wire itself carries numbers.
export function nairaText(kobo: number): string {
  const naira = Math.trunc(Math.abs(kobo) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = String(Math.abs(kobo) % 100).padStart(2, "0");
  return `${kobo < 0 ? "-" : ""}₦${naira}.${fraction}`;
}

// Money on the wire: naira as a JSON number or numeric string, at most 2 decimals. Read
// through the decimal text, so 500.1 is 50010 kobo exactly; a number that prints with float
// noise (0.30000000000000004) or in exponent form has more decimals than money can, and is
// refused. Nine digits of naira keep every amount far inside a safe integer of kobo.
export function nairaToKobo(value: unknown): number | undefined {
  return hundredths(value);
}

// A percent sent as call 42's monnify_bank_charge (1.5, or "1.5"), read the same exact way:
// 1.5 is 150 basis points.
export function percentToBasisPoints(value: unknown): number | undefined {
  return hundredths(value);
}

// A non-negative decimal of at most 2 places as an exact integer of hundredths.
function hundredths(value: unknown): number | undefined {
  let text: string;
  if (typeof value === "number") {
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (match === null) {
    return undefined;
  }
  const [, naira = "0", fraction = ""] = match;
  return Number(naira) * 100 + Number(fraction.padEnd(2, "0"));
}
