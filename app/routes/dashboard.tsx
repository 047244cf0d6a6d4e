import { Link } from "react-router";
import { expireSessionOn } from "../auth.server.ts";
import { DashboardNotice } from "../components/dashboard-notice.tsx";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { htmlToPlainText } from "../content/sanitize.server.ts";
import { formatNaira } from "../domain/money.ts";
import { titleMeta } from "../meta.ts";
import { signedIn } from "../signed-in.server.ts";
import { getSettings } from "../upstream/dashboard.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import type { Route } from "./+types/dashboard";
import { useDashboardData } from "./dashboard-layout.tsx";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Dashboard");

export async function loader({ context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  try {
    const settings = await getSettings(caller);
    // SPEC.md §3: the notification is HTML shown as plain text.
    return { notice: htmlToPlainText(settings.notification), noticeFailed: false };
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) return { notice: "", noticeFailed: true };
    return expireSessionOn(error, context);
  }
}

const TILES = [
  { to: "/dashboard/purchase-airtime", label: "Purchase Airtime" },
  { to: "/dashboard/purchase-data", label: "Purchase Data" },
  { to: "/dashboard/pay-for-tv", label: "Pay for Cable" },
  { to: "/dashboard/pay-for-electricity", label: "Pay for Electricity" },
  { to: "/dashboard/transactions", label: "Transactions" },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const dashboard = useDashboardData();
  return (
    <>
      <DashboardNotice text={loaderData.notice} />
      <PageHeader title="Dashboard" />
      {loaderData.noticeFailed ? (
        <p className="notice">
          We could not load the latest announcements. <a href="/dashboard">Try again</a>
        </p>
      ) : null}
      <article className="balance-card" aria-labelledby="balance-heading">
        <h2 id="balance-heading">Wallet balance</h2>
        <p className="balance">{formatNaira(dashboard?.walletBalanceKobo ?? 0)}</p>
        {dashboard?.levelLabel ? <p>Account level: {dashboard.levelLabel}</p> : null}
        <Link to="/dashboard/fund-wallet" className="button">
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
