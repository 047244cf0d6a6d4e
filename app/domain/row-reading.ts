import type { HistoryRow } from "./buy-again.ts";

// What a history row's free text says, for Buy again (decision 027): a provider's name, a
// meter's type, a JAMB profile ID, an SMS sender, an amount as the form takes it. A
// transaction carries no product or provider id (call 36, docs/upstream-api.md), so each
// product's row in app/domain/products.ts reads them from its plan and descriptions.

const METER_TYPE = /\b(prepaid|postpaid)\b/i;
const PROFILE_ID = /\bprofile id\s*:?\s*(\d{6,20})\b/i;
const SENDER = /^bulk sms from\s+([A-Za-z0-9 &.-]{1,11}?)\s+to\b/i;
/** A provider's name is short; anything longer is not one. */
const NAME_LENGTH = 40;

/** "MTN Airtime" or "₦500 MTN airtime to 0803…": the words before the word airtime. */
export function airtimeNetwork(row: HistoryRow): string {
  for (const text of [row.plan, row.description.replace(/^₦?\s?[\d,]+(\.\d+)?\s+/, "")]) {
    const name = /^(.+?)\s+airtime\b/i.exec(text.trim())?.[1]?.trim();
    if (name && name.length <= NAME_LENGTH) return name;
  }
  return "";
}

/**
 * "MTN SME 1GB - 30 days data bundle to …" with plan "1GB - 30 days": the words before the
 * plan; or "MTN 1GB - 30 Days" as the plan: the words before the size.
 */
export function dataNetwork(row: HistoryRow): string {
  const plan = row.plan.trim();
  const at = plan ? row.description.toLowerCase().indexOf(plan.toLowerCase()) : -1;
  if (at > 0) {
    const before = row.description.slice(0, at).trim();
    if (before.length <= NAME_LENGTH && !before.includes(":")) return before;
  }
  const [first, ...rest] = plan.split(/\s+/);
  if (first === undefined || /^\d/.test(first)) return "";
  const name = [first];
  for (const word of rest) {
    if (/^\d/.test(word)) return name.join(" ");
    name.push(word);
  }
  // No size in the plan: where the name ends cannot be told.
  return "";
}

/** "IKEDC - Ikeja Electric" or "DStv Compact": the first word, letters and digits only. */
export function firstWord(text: string): string {
  const word = /^[\p{L}\p{N}]+/u.exec(text.trim())?.[0] ?? "";
  return word.length <= NAME_LENGTH ? word : "";
}

/** An electricity row's company: its plan, unless the plan is the meter's type ("Prepaid"). */
export function electricityCompany(row: HistoryRow): string {
  return METER_TYPE.test(row.plan) ? firstWord(row.description) : firstWord(row.plan);
}

/** "prepaid" or "postpaid", from the plan or else the description; "" when neither says. */
export function meterTypeOf(row: HistoryRow): string {
  const found = METER_TYPE.exec(row.plan) ?? METER_TYPE.exec(row.description);
  return found?.[1]?.toLowerCase() ?? "";
}

/** The JAMB profile ID the second description names ("Profile ID: 1234567890"), "" when none. */
export function profileIdOf(row: HistoryRow): string {
  return PROFILE_ID.exec(row.description2)?.[1] ?? "";
}

/** "Bulk SMS from FRESHFARMS to …": the sender ID, "" when the description names none. */
export function senderOf(row: HistoryRow): string {
  return SENDER.exec(row.description.trim())?.[1] ?? "";
}

/** Kobo as the amount field takes it: "500", "1500.50". */
export function nairaText(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo <= 0) return "";
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, "0")}`;
}
