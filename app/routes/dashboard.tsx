import { data, replace } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { currentSignIn, expireSessionOn } from "../session/auth.server.ts";
import { DashboardNotice } from "../components/dashboard-notice.tsx";
import { LowBalanceNotice } from "../components/low-balance-notice.tsx";
import { lowBalanceWarning } from "../settings/account-settings.server.ts";
import { lagosDayOf } from "../domain/dates.ts";
import { type Renewal, RENEWALS_SHOWN, renewalsDue } from "../domain/renewals.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { htmlToPlainText } from "../content/sanitize.server.ts";
import { formatNaira } from "../domain/money.ts";
import { titleMeta } from "../components/meta.ts";
import { signedIn, signedInForPage } from "../session/signed-in.server.ts";
import { SpendChart } from "../components/spend-chart.tsx";
import type { Caller } from "../infra/context.ts";
import { lastUsedText } from "../domain/sign-ins.ts";
import { signInWords } from "../session/sign-in-words.server.ts";
import { type SpendMonth, spending } from "../domain/spending.ts";
import { readHistory } from "../history/history.server.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { getSettings } from "../upstream/dashboard.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { dismissNoticeCookie, isNoticeKey, noticeKey, undismissedNotice } from "../session/notice-dismissal.server.ts";
import type { Route } from "./+types/dashboard";
import { useDashboardData } from "./dashboard-layout.tsx";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  const [{ notice, noticeFailed }, history, lowBalance, signIn] = await Promise.all([
    readNotice(context, caller),
    fromHistory(context, caller),
    signedInForPage(context).then(lowBalanceWarning),
    currentSignIn(context),
  ]);
  const shown = undismissedNotice(request, notice);
  // When and where the account was used before this sign-in (issue 23 §4): read with the session.
  const lastUsed = signIn?.previous ? lastUsedText(signIn.previous, signInWords()) : null;
  return {
    notice: shown,
    noticeKey: shown ? noticeKey(shown) : "",
    noticeFailed,
    lowBalance,
    lastUsed,
    ...history,
  };
}

/**
 * The notice's ×: this browser remembers the words as dismissed (decision 045), and the
 * dashboard comes back without them. `replace`, so a script's fetcher adds no history entry.
 */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const key = formData.get("notice");
  if (!isNoticeKey(key)) throw data({ reason: "bad-notice" }, { status: 400 });
  return replace("/dashboard", { headers: { "Set-Cookie": dismissNoticeCookie(request, key) } });
}

async function readNotice(context: Route.LoaderArgs["context"], caller: Caller) {
  try {
    const settings = await getSettings(caller);
    // SPEC.md §3: the notification is HTML shown as plain text.
    return { notice: htmlToPlainText(settings.notification), noticeFailed: false };
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) return { notice: "", noticeFailed: true };
    return expireSessionOn(error, context);
  }
}

/**
 * From the history the page shares: the pending count, six months of spending, and the smart
 * cards due for renewal (issue 23 §5). Left out if the history cannot be read.
 */
async function fromHistory(
  context: Route.LoaderArgs["context"],
  caller: Caller,
): Promise<{ glance: Glance | null; renewals: Renewal[] }> {
  try {
    const walletKobo = signedIn(context).user.profile.walletBalanceKobo;
    const rows = await readHistory(context, caller);
    const now = new Date();
    const glance = spending(rows, now, walletKobo);
    return {
      glance: {
        pending: glance.pending,
        months: glance.months,
        thisMonth: formatNaira(glance.thisMonthKobo),
        lastMonth: formatNaira(glance.lastMonthKobo),
        discount: formatNaira(glance.discountKobo),
      },
      renewals: renewalsDue(rows, lagosDayOf(now.toISOString())),
    };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "unauthenticated") return expireSessionOn(error, context);
    log("warn", "dashboard.history-unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return { glance: null, renewals: [] };
  }
}

type Glance = {
  pending: number;
  months: SpendMonth[];
  thisMonth: string;
  lastMonth: string;
  discount: string;
};

const TILES = [
  { to: "/dashboard/purchase-airtime", label: "Purchase Airtime" },
  { to: "/dashboard/purchase-data", label: "Purchase Data" },
  { to: "/dashboard/pay-for-tv", label: "Pay for Cable" },
  { to: "/dashboard/pay-for-electricity", label: "Pay for Electricity" },
  { to: "/dashboard/transactions", label: "Transactions" },
];

/** The history filtered to pending purchases. */
const PENDING_HREF = "/dashboard/transactions?status=pending";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const dashboard = useDashboardData();
  const { glance } = loaderData;
  return (
    <>
      <DashboardNotice text={loaderData.notice} noticeKey={loaderData.noticeKey} />
      <PageHeader title="Dashboard" />
      {loaderData.lastUsed ? (
        <p>
          {loaderData.lastUsed}. Not you?{" "}
          <AppLink to="/dashboard/profile#sign-ins">See where you are signed in</AppLink>
        </p>
      ) : null}
      {loaderData.noticeFailed ? (
        <p className="notice">
          We could not load the latest announcements. <a href="/dashboard">Try again</a>
        </p>
      ) : null}
      <article className="balance-card" aria-labelledby="balance-heading">
        <h2 id="balance-heading">Wallet balance</h2>
        <p className="balance">{formatNaira(dashboard?.walletBalanceKobo ?? 0)}</p>
        {dashboard?.levelLabel ? <p>Account level: {dashboard.levelLabel}</p> : null}
        <AppLink to="/dashboard/fund-wallet" className="button">
          Fund Wallet
        </AppLink>
      </article>
      <LowBalanceNotice lowBalance={loaderData.lowBalance} />
      <Renewals renewals={loaderData.renewals} />
      {glance && glance.pending > 0 ? (
        <p className="notice">
          <AppLink to={PENDING_HREF}>
            {glance.pending} {glance.pending === 1 ? "purchase is" : "purchases are"} pending
          </AppLink>{" "}
          with the provider.
        </p>
      ) : null}
      <nav aria-label="Quick actions" className="tiles">
        <ul>
          {TILES.map((tile) => (
            <li key={tile.to}>
              <AppLink to={tile.to}>{tile.label}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {glance ? (
        <section aria-labelledby="spend-heading" className="spend">
          <h2 id="spend-heading">Spending, last six months</h2>
          <SpendChart months={glance.months} />
          <dl className="inline-list">
            <div>
              <dt>This month</dt>
              <dd>{glance.thisMonth}</dd>
            </div>
            <div>
              <dt>Last month</dt>
              <dd>{glance.lastMonth}</dd>
            </div>
            <div>
              <dt>Discount earned</dt>
              <dd>{glance.discount}</dd>
            </div>
          </dl>
        </section>
      ) : null}
    </>
  );
}

/** The cable product in the transactions page's filter: every smart card purchase. */
const CABLE_HREF = "/dashboard/transactions?product=cable";

/** Smart cards due for renewal, soonest first, each with Buy again (issue 23 §5). */
function Renewals({ renewals }: { renewals: Renewal[] }) {
  if (renewals.length === 0) return null;
  const more = renewals.length - RENEWALS_SHOWN;
  return (
    <section aria-labelledby="renewals-heading">
      <h2 id="renewals-heading">Renewals</h2>
      <ul>
        {renewals.slice(0, RENEWALS_SHOWN).map((renewal) => (
          <li key={renewal.smartNo}>
            {renewal.text}.{" "}
            <AppLink to={renewal.buyAgain} aria-label={`Buy again: ${renewal.text}`}>
              Buy again
            </AppLink>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p>
          And {more} more: <AppLink to={CABLE_HREF}>your cable purchases</AppLink>.
        </p>
      ) : null}
    </section>
  );
}
