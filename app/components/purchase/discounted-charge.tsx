import { useHydrated } from "remix-utils/use-hydrated";
import { discountedChargeKobo, formatNaira } from "../../domain/money.ts";
import { m } from "../../i18n/paraglide/messages.js";

/**
 * 'You will be charged ₦...' as the person types, with JavaScript; without it the discount in
 * words (or `none` before a provider is chosen), since the exact charge needs the server.
 */
export function DiscountedCharge({
  amountKobo,
  provider,
  none,
}: {
  amountKobo: number | undefined;
  /** Whose discount applies; null before one is chosen. */
  provider: { title: string; discountPercent: number } | null;
  none: string;
}) {
  const hydrated = useHydrated();
  const fallback = provider ? m.buy_discount_on({ provider: provider.title, percent: provider.discountPercent }) : none;
  if (!hydrated) return <p className="charge-line">{fallback}</p>;
  const charge =
    provider && amountKobo !== undefined
      ? formatNaira(discountedChargeKobo(amountKobo, provider.discountPercent))
      : null;
  return (
    <p className="charge-line" aria-live="polite">
      {charge ? (
        <>
          {m.buy_charged()} <strong>{charge}</strong>
        </>
      ) : (
        fallback
      )}
    </p>
  );
}
