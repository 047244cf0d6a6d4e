import type { Caller } from "../infra/context.ts";
import { networkOf, networkOfTitle, providerOfNetwork } from "../domain/networks.ts";
import {
  NETWORK_FROM_NUMBER,
  networkFromNumberHint,
  networkFromNumberNote,
  portedNumberWarning,
} from "../forms/purchase.ts";
import type { Provider } from "../upstream/purchases.server.ts";

// Airtime and data (decision 028): the providers are mobile networks, and the phone number
// says which one it usually belongs to. A network left blank is taken from the number, so a
// form sent without JavaScript needs no network for a number whose prefix is known; a chosen
// network always wins, since numbers are ported, and the confirmation says when it is not
// the number's usual one.

/** What a product whose providers are mobile networks declares: its list of them. */
export type NetworkProduct = { networks?(caller: Caller): Promise<Provider[]> };

export type NetworkReading = {
  /** The form as posted, with the number's network where none was chosen. */
  formData: FormData;
  /** Beside the network list in the form that comes back, when the network came from the number. */
  hint: string | null;
  /** On the confirmation: the network came from the number, or is not the number's usual one. */
  note: string | null;
};

/**
 * The form's network read with its phone number: a blank one is filled in with the number's;
 * one the list filled in from the number (with JavaScript, or after an answer that filled it)
 * is said to be the number's; a chosen one that is not the number's is a ported number.
 */
export async function readNetwork(
  caller: Caller,
  product: NetworkProduct,
  formData: FormData,
): Promise<NetworkReading> {
  const unread: NetworkReading = { formData, hint: null, note: null };
  const posted = formData.get("phone");
  const phone = typeof posted === "string" ? posted.trim() : "";
  const network = networkOf(phone);
  if (network === null || product.networks === undefined) return unread;
  // A list that cannot be read leaves the form as posted: pricing reads it too, and says what went wrong.
  const providers = await product.networks(caller).catch((): Provider[] => []);
  const numbers = providerOfNetwork(providers, network);
  const fromNumber = (provider: Provider, form: FormData): NetworkReading => ({
    formData: form,
    hint: networkFromNumberHint(provider.title, phone),
    note: networkFromNumberNote(provider.title, phone),
  });
  const chosen = formData.get("provider");
  if (chosen === null || (typeof chosen === "string" && chosen.trim() === "")) {
    if (numbers === null) return unread;
    const filled = new FormData();
    for (const [name, value] of formData) filled.append(name, value);
    filled.set("provider", String(numbers.id));
    return fromNumber(numbers, filled);
  }
  const provider = providers.find((candidate) => String(candidate.id) === chosen);
  if (provider === undefined) return unread;
  // The marker only chooses words, and only for the number's own network.
  if (provider === numbers && formData.get(NETWORK_FROM_NUMBER.name) === NETWORK_FROM_NUMBER.value)
    return fromNumber(provider, formData);
  const chosenNetwork = networkOfTitle(provider.title);
  if (chosenNetwork === null || chosenNetwork === network) return unread;
  return { formData, hint: null, note: portedNumberWarning(phone, network, chosenNetwork) };
}
