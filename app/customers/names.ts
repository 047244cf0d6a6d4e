import type { SavedKind } from "../domain/saved-customers.ts";
import { m } from "../i18n/paraglide/messages.js";

// What a saved entry is, in the page's language: its kind ("Meter", "Mita") and a meter's type
// ("Prepaid"). Called while a page renders, never kept: a kept word would be in one language.

const KIND_NAMES: Record<SavedKind, () => string> = {
  phone: m.saved_kind_phone,
  meter: m.saved_kind_meter,
  card: m.saved_kind_card,
  jamb: m.saved_kind_jamb,
};

/** "Phone number", "Meter", "Smart card", "JAMB profile ID", in the page's language. */
export function savedKindName(kind: SavedKind): string {
  return KIND_NAMES[kind]();
}

/** Every kind with its name, in the order a form lists them. */
export function savedKindChoices(): { value: SavedKind; label: string }[] {
  return (Object.keys(KIND_NAMES) as SavedKind[]).map((value) => ({ value, label: savedKindName(value) }));
}

const METER_TYPES: Record<string, () => string> = { prepaid: m.saved_meter_prepaid, postpaid: m.saved_meter_postpaid };

/** "Prepaid" or "Postpaid" in the page's language; undefined for what is not a meter type. */
export function meterTypeName(meterType: string): string | undefined {
  return Object.hasOwn(METER_TYPES, meterType) ? METER_TYPES[meterType]?.() : undefined;
}

/** Both meter types with their names, for a select. */
export function meterTypeChoices(): { value: string; label: string }[] {
  return Object.keys(METER_TYPES).map((value) => ({ value, label: meterTypeName(value) ?? value }));
}
