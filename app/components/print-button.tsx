import { useHydrated } from "remix-utils/use-hydrated";
import { m } from "../i18n/paraglide/messages.js";

/** Only with JavaScript; without it the browser's own Print prints the same receipt. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="no-print" onClick={() => window.print()}>
      {m.buy_print()}
    </button>
  );
}
