// What a cable provider's smart card number looks like, to say so beside the field and when a
// verify fails (decision 046). Said only: the upstream's verify decides, and its
// test cards are ten digits for every provider.

import { m } from "../i18n/paraglide/messages.js";

type Card = { name: string; number: () => string; digits: number };

/** By the upstream's provider title ("STARTIMES", as call 25 lists it). GOtv prints "IUC" on its decoders. */
const CARDS: Readonly<Record<string, Card>> = {
  DSTV: { name: "DStv", number: m.buy_card_number_smart, digits: 10 },
  GOTV: { name: "GOtv", number: m.buy_card_number_iuc, digits: 10 },
  STARTIMES: { name: "StarTimes", number: m.buy_card_number_smart, digits: 11 },
};

function cardOf(providerTitle: string | null): Card | undefined {
  return providerTitle === null ? undefined : CARDS[providerTitle.trim().toUpperCase()];
}

/** The Smart/IUC field's hint: how many digits, for the chosen provider or for each. */
export function smartCardHint(providerTitle: string | null): string {
  const card = cardOf(providerTitle);
  if (card === undefined) return m.buy_card_hint_any();
  return m.buy_card_hint({ digits: card.digits, number: card.number(), name: card.name });
}

/** Said beside a failed verify's message: what to check. */
export function smartCardAdvice(providerTitle: string): string {
  const card = cardOf(providerTitle);
  if (card === undefined) return m.buy_card_advice_any();
  return m.buy_card_advice({ number: card.number(), name: card.name, digits: card.digits });
}
