// Nigerian mobile numbers: the NCC's 070, 080, 081, 090 and 091 ranges, written locally as
// 11 digits starting with 0, or internationally as 234 and the number without its 0 (no
// "+", as the SMS form always asked). Anything else, a landline or a foreign number, is refused: airtime,
// data and SMS can only go to a Nigerian mobile line (decision 019).

/** 08012345678: what every phone field takes. */
export const LOCAL_MOBILE = /^0[789][01]\d{8}$/;
const INTERNATIONAL_MOBILE = /^234([789][01]\d{8})$/;

export function isLocalMobile(text: string): boolean {
  return LOCAL_MOBILE.test(text);
}

/**
 * A mobile number as people paste it ("0803 123 4567", "+234-803-123-4567", "(0803) 123 4567"),
 * in its local form, or null when it is not a Nigerian mobile number.
 */
export function pastedMobile(text: string): string | null {
  return localMobile(text.replace(/[\s().-]/g, "").replace(/^\+(?=234)/, ""));
}

/** The local form of a mobile number in either form ("2348012345678" → "08012345678"), or null. */
export function localMobile(text: string): string | null {
  if (LOCAL_MOBILE.test(text)) return text;
  const international = INTERNATIONAL_MOBILE.exec(text);
  return international === null ? null : `0${international[1] ?? ""}`;
}
