import { Link } from "react-router";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { formatNaira } from "../domain/money.ts";
import { titleMeta } from "../meta.ts";
import type { Route } from "./+types/dashboard";
import { useDashboardData } from "./dashboard-layout.tsx";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Dashboard");

const TILES = [
  { to: "/dashboard/purchase-airtime", label: "Purchase Airtime" },
  { to: "/dashboard/purchase-data", label: "Purchase Data" },
  { to: "/dashboard/pay-for-tv", label: "Pay for Cable" },
  { to: "/dashboard/pay-for-electricity", label: "Pay for Electricity" },
  { to: "/dashboard/transactions", label: "Transactions" },
];

export default function Dashboard() {
  const dashboard = useDashboardData();
  return (
    <>
      <PageHeader title="Dashboard" />
      <article className="balance-card" aria-labelledby="balance-heading">
        <h2 id="balance-heading">Wallet balance</h2>
        <p className="balance">{formatNaira(dashboard?.walletBalanceKobo ?? 0)}</p>
        {dashboard?.levelLabel ? <p>Account level: {dashboard.levelLabel}</p> : null}
        <Link to="/dashboard/fund-wallet" role="button">
          Fund Wallet
        </Link>
      </article>
      <nav aria-label="Quick actions" className="tiles">
        <ul>
          {TILES.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to}>{tile.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
