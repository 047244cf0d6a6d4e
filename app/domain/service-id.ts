// The service_id the upstream expects for a provider.

/**
 * Electricity: the part of the title after the dash, its first two words joined by a
 * hyphen, case kept ("IKEDC - Ikeja Electric" gives "Ikeja-Electric"). A title with no
 * dash is read whole.
 */
export function electricityServiceId(title: string): string {
  const dash = title.indexOf("-");
  const name = dash === -1 ? title : title.slice(dash + 1);
  return name.trim().split(/\s+/).slice(0, 2).join("-");
}

/** Exam pins: the provider's title as it is ("JAMB"). */
export function examServiceId(title: string): string {
  return title;
}

/** Call 28: StarTimes can be paid by amount alone; other cable providers need a plan. */
export function cableNeedsPlan(providerTitle: string): boolean {
  return providerTitle.trim().toUpperCase() !== "STARTIMES";
}

/** JAMB e-PINs are bought for a candidate's profile, which must be verified first. */
export function examNeedsProfile(providerTitle: string): boolean {
  return providerTitle.trim().toUpperCase() === "JAMB";
}
