import { formatNaira } from "../../domain/money.ts";

/** A provider as the kit lists it: its name and the caller's discount. */
export type ProviderOption = { id: number; title: string; discountPercent: number };

/** The provider the form's field names now, from the page's list. */
export function chosenProvider<Provider extends ProviderOption>(
  providers: Provider[],
  value: string | undefined,
): Provider | null {
  return providers.find((provider) => String(provider.id) === value) ?? null;
}

/** A plan or variant list as the form offers it, each with its price. */
export function pricedOptions(list: { code: string; name: string; amountKobo: number }[]) {
  return list.map(({ code, name, amountKobo }) => ({ value: code, label: `${name} (${formatNaira(amountKobo)})` }));
}

/** A smart card, meter or profile number box: digits on a phone's number pad. */
export const NUMBER_INPUT = { inputMode: "numeric", pattern: "[0-9]*", maxLength: 20, autoComplete: "off" } as const;
