import { providerNamed } from "../domain/buy-again.ts";
import type { SavedKind } from "../domain/saved-customers.ts";
import type { Caller } from "../infra/context.ts";
import { getCableProviders, getElectricityProviders, type Provider } from "../upstream/purchases.server.ts";

// A saved meter keeps its company, a saved smart card its provider, by the title the
// upstream lists it under today (decision 050): a product form finds it again by that name,
// as it finds a recent number's.

/** Today's providers a kind is saved with: electricity companies for meters, TV providers for cards. */
export function providersFor(caller: Caller, kind: SavedKind): Promise<Provider[]> {
  if (kind === "meter") return getElectricityProviders(caller);
  if (kind === "card") return getCableProviders(caller);
  return Promise.resolve([]);
}

/**
 * The title of today's provider `posted` names (a title from the list, or a name from the
 * history: "IKEDC", "DSTV"), or null when none does. "" for kinds saved without one.
 */
export async function listedProviderTitle(caller: Caller, kind: SavedKind, posted: string): Promise<string | null> {
  if (kind !== "meter" && kind !== "card") return "";
  return providerNamed(posted, await providersFor(caller, kind))?.title ?? null;
}
