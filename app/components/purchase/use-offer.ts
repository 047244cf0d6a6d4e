import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import type { OfferView } from "../../purchases/step.ts";

/**
 * What the chosen provider brings (plans, variants): from the page's address, from the last
 * answer to the form, or, with JavaScript, loaded from the page's loader when the provider is
 * chosen. Nothing in the form is replaced while it loads, so nothing typed meanwhile is lost.
 */
export function useOffer<Offer extends object>(
  providerId: number | null,
  known: (OfferView<Offer> | null | undefined)[],
): { offer: OfferView<Offer> | null; loading: boolean } {
  const fetcher = useFetcher<{ offer: OfferView<Offer> | null }>();
  const { pathname } = useLocation();
  const offer =
    [fetcher.data?.offer, ...known].find((candidate) => candidate != null && candidate.providerId === providerId) ??
    null;
  const missing = providerId !== null && offer === null;
  const { load } = fetcher;
  useEffect(() => {
    if (missing) void load(`${pathname}?provider=${providerId}`);
  }, [missing, providerId, pathname, load]);
  return { offer, loading: missing && fetcher.state === "loading" };
}
