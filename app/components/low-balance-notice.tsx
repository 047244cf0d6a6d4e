import type { LowBalance } from "../domain/low-balance.ts";
import { AppLink } from "./app-link.tsx";

/**
 * The low-balance warning (issue 23 §5) under the balance on the dashboard and every product
 * page: in the page's flow, never over it, with the way to fund the wallet.
 */
export function LowBalanceNotice({ lowBalance }: { lowBalance: LowBalance | null | undefined }) {
  if (!lowBalance) return null;
  return (
    <p className="notice">
      Your balance {lowBalance.balance} is below the {lowBalance.threshold} you set.{" "}
      <AppLink to="/dashboard/fund-wallet">Fund Wallet</AppLink>
    </p>
  );
}
