import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { networkOf, providerOfNetwork } from "../../domain/networks.ts";
import { networkFromNumberHint } from "../../forms/purchase.ts";
import type { FieldMetadata, FormMetadata } from "../use-validated-form.ts";
import type { ProviderOption } from "./options.ts";

/** What the network list needs to follow the phone number: the words beside it, and the person's own choice. */
export type NetworkFromNumber = { hint: string | null; onChoose: (value: string) => void };

/**
 * Airtime and data (decision 028): with JavaScript the network list follows the phone number
 * as it is typed, showing the network its prefix belongs to, until the person chooses a
 * network themselves; from then on the list is theirs (numbers are ported). Choosing "Choose
 * a network" again is no choice: the list follows the number again, as a blank network does
 * on the server. A list that starts on another network than the number's (the person's choice
 * sent back, or the address's) starts as theirs. Without JavaScript the server fills a blank
 * network in and says so (`serverHint`).
 */
export function useNetworkFromNumber(
  form: FormMetadata,
  { provider, phone }: { provider: FieldMetadata; phone: { value?: string | undefined } },
  providers: ProviderOption[],
  serverHint: string | null | undefined,
): NetworkFromNumber {
  const hydrated = useHydrated();
  const number = (phone.value ?? "").trim();
  const network = networkOf(number);
  const match = network === null ? null : providerOfNetwork(providers, network);
  const wanted = match === null ? "" : String(match.id);
  const current = provider.value ?? "";
  const [chosen, setChosen] = useState(() => current !== "" && current !== wanted);
  const follow = !chosen && current !== wanted;
  const { update } = form;
  const { name } = provider;
  useEffect(() => {
    if (follow) update({ name, value: wanted });
  }, [follow, update, name, wanted]);
  const fromNumber = !chosen && match !== null && current === wanted;
  return {
    hint: hydrated ? (fromNumber ? networkFromNumberHint(match.title, number) : null) : (serverHint ?? null),
    onChoose: (value) => setChosen(value !== ""),
  };
}
