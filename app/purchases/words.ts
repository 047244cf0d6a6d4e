import { parseExamCard } from "../domain/exam-card.ts";
import { m } from "../i18n/paraglide/messages.js";

// Words the purchase screens share between the server and the page, in the request's language
// (or, in the browser, the page's): called when they are shown, never kept in a constant.

/** A meter type's name, "Prepaid" or "Postpaid"; undefined for anything else. */
export function meterTypeName(type: string): string | undefined {
  if (type === "prepaid") return m.buy_meter_prepaid();
  if (type === "postpaid") return m.buy_meter_postpaid();
  return undefined;
}

/** "14 seconds ago", "1 minute ago": whole seconds under a minute, whole minutes after. */
export function agoText(ageMs: number): string {
  const seconds = Math.max(1, Math.floor(ageMs / 1000));
  if (seconds < 60) return m.buy_ago_seconds({ count: seconds });
  const minutes = Math.floor(seconds / 60);
  return m.buy_ago_minutes({ count: minutes });
}

/** The confirmation's words for a repeat ("You bought this 14 seconds ago…"). */
export function repeatNotice(ageMs: number): string {
  return m.buy_repeat_notice({ ago: agoText(ageMs) });
}

/** An exam PIN's result line, "Serial WRN1…, PIN 1234…"; a card in another shape as it came; null for none yet. */
export function examCardResult(examCard: string): string | null {
  const card = parseExamCard(examCard);
  if (card) return m.buy_exam_card_result(card);
  return examCard.trim() || null;
}
