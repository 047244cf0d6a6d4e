import type { LowBalance } from "../domain/low-balance.ts";
import { m } from "../i18n/paraglide/messages.js";
import { AppLink } from "./app-link.tsx";

/**
 * The low-balance warning (decision 052) under the balance on the dashboard and every product
 * page: in the page's flow, never over it, with the way to fund the wallet.
 */
export function LowBalanceNotice({ lowBalance }: { lowBalance: LowBalance | null | undefined }) {
  if (!lowBalance) return null;
  return (
    <p className="notice">
      {m.hist_low_balance({ balance: lowBalance.balance, threshold: lowBalance.threshold })}{" "}
      <AppLink to="/dashboard/fund-wallet">{m.dashboard_fund_wallet()}</AppLink>
    </p>
  );
}
