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
