// What a cable provider's smart card number looks like, to say so beside the field and when a
// verify fails (issue 21 §5, decision 046). Said only: the upstream's verify decides, and its
// test cards are ten digits for every provider.

type Card = { name: string; number: string; digits: number };

/** By the upstream's provider title (SPEC.md §9: "STARTIMES"). GOtv prints "IUC" on its decoders. */
const CARDS: Readonly<Record<string, Card>> = {
  DSTV: { name: "DStv", number: "smart card number", digits: 10 },
  GOTV: { name: "GOtv", number: "IUC number", digits: 10 },
  STARTIMES: { name: "StarTimes", number: "smart card number", digits: 11 },
};

function cardOf(providerTitle: string | null): Card | undefined {
  return providerTitle === null ? undefined : CARDS[providerTitle.trim().toUpperCase()];
}

/** The Smart/IUC field's hint: how many digits, for the chosen provider or for each. */
export function smartCardHint(providerTitle: string | null): string {
  const card = cardOf(providerTitle);
  if (card === undefined) return "10 digits for DStv and GOtv, 11 for StarTimes, as on your decoder or its card.";
  return `${card.digits} digits: the ${card.number} on your ${card.name} decoder or its card.`;
}

/** Said beside a failed verify's message: what to check. */
export function smartCardAdvice(providerTitle: string): string {
  const card = cardOf(providerTitle);
  if (card === undefined) return "Check the smart card number on your decoder, and the provider you chose.";
  return `Check the ${card.number} on your ${card.name} decoder (${card.digits} digits), and that ${card.name} is the provider you chose.`;
}
