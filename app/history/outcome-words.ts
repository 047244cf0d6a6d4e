import { formatNaira } from "../domain/money.ts";
import type { OutcomeTarget, PurchaseFacts } from "../domain/outcome.ts";
import { m } from "../i18n/paraglide/messages.js";
import { baseLocale, getLocale, type Locale } from "../i18n/paraglide/runtime.js";
import { productName } from "./words.ts";

// A purchase's outcome in the portal's own words (decision 079): "Airtime of ₦300.00 for
// 08031234567: successful. Your wallet was charged ₦291.00.", "Kuɗin waya na ₦300.00 zuwa
// 08031234567: an yi nasara. …". The purchase's result says it in Pidgin and Hausa, and each
// history row in every language; the upstream's own message follows as `providerMessage`.

function targetText(target: Exclude<OutcomeTarget, null>, locale: Locale): string {
  switch (target.kind) {
    case "phone":
      return target.number;
    case "meter":
      return m.hist_tx_meter({ number: target.number }, { locale });
    case "smart-card":
      return m.hist_tx_smart_card({ number: target.number }, { locale });
    case "numbers":
      return m.outcome_numbers({ count: target.count }, { locale });
  }
}

/** What was bought, for whom: "Airtime of ₦300.00 for 08031234567", "Data 1GB - 30 days (₦300.00) for …". */
function whatText(facts: PurchaseFacts, locale: Locale): string {
  const product = productName(facts.product, locale);
  const value = formatNaira(facts.valueKobo);
  if (facts.target === null) return m.outcome_what_untargeted({ product, value }, { locale });
  const target = targetText(facts.target, locale);
  return facts.plan
    ? m.outcome_what_plan({ product, plan: facts.plan, value, target }, { locale })
    : m.outcome_what({ product, value, target }, { locale });
}

/** The whole outcome: what, its status, and what the wallet paid or got back. */
export function outcomeText(facts: PurchaseFacts, locale: Locale = getLocale()): string {
  const what = whatText(facts, locale);
  const charged = formatNaira(facts.chargedKobo);
  switch (facts.status) {
    case "successful":
      return m.outcome_successful({ what, charged }, { locale });
    case "pending":
      return m.outcome_pending({ what, charged }, { locale });
    case "failed":
      return m.outcome_failed({ what }, { locale });
    case "ignored":
      return m.outcome_ignored({ what }, { locale });
    case "reversed":
      return m.outcome_reversed({ what, charged }, { locale });
  }
}

/** The upstream's own words, shown as sent under the portal's: "Provider's message: …". */
export function providerMessage(message: string, locale: Locale = getLocale()): string {
  return m.outcome_provider_message({ message }, { locale });
}

/**
 * Whether the upstream's messages are in the reader's language: the upstream answers
 * in English, so an English page shows its purchase messages as they always were, as sent.
 */
export function upstreamSpeaksTheReadersLanguage(locale: Locale = getLocale()): boolean {
  return locale === baseLocale;
}
