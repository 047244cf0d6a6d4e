import type { Shortfall } from "../../purchases/step.ts";
import { AppLink } from "../app-link.tsx";
import { PayByCard } from "./pay-by-card.tsx";
import { m } from "../../i18n/paraglide/messages.js";

/**
 * A wallet that cannot pay (decision 044): how much it holds against the charge, Fund Wallet
 * (which comes back to this purchase), and the card where the product has one, as the way on.
 */
export function ShortfallNotice({ shortfall }: { shortfall: Shortfall }) {
  return (
    <section className="notice" aria-labelledby="shortfall-heading">
      <p id="shortfall-heading">
        <strong>{m.buy_shortfall({ balance: shortfall.balance, charge: shortfall.charge })}</strong>
      </p>
      <p>
        <AppLink className="button" to={shortfall.fundWallet}>
          {m.dashboard_fund_wallet()}
        </AppLink>
      </p>
      <p>{m.buy_funding_back()}</p>
      {shortfall.card ? <PayByCard sealed={shortfall.card.sealed} total={shortfall.card.total} primary /> : null}
    </section>
  );
}
