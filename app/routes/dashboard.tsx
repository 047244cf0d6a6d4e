import { data, replace } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { currentSignIn, expireSessionOn } from "../session/auth.server.ts";
import { DashboardNotice } from "../components/dashboard-notice.tsx";
import { LowBalanceNotice } from "../components/low-balance-notice.tsx";
import { lowBalanceWarning } from "../settings/account-settings.server.ts";
import { lagosDayOf } from "../domain/dates.ts";
import { RENEWALS_SHOWN, renewalsDue } from "../domain/renewals.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { htmlToPlainText } from "../content/sanitize.server.ts";
import { formatNaira } from "../domain/money.ts";
import { titleMeta } from "../components/meta.ts";
import { signedIn, signedInForPage } from "../session/signed-in.server.ts";
import { SpendChart } from "../components/spend-chart.tsx";
import type { Caller } from "../infra/context.ts";
import { lastUsedText } from "../domain/sign-ins.ts";
import { type SpendMonth, spending } from "../domain/spending.ts";
import { readHistory } from "../history/history.server.ts";
import { renewalText } from "../history/words.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";
import { errorFields, log } from "../infra/log.server.ts";
import { getSettings } from "../upstream/dashboard.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { dismissNoticeCookie, isNoticeKey, noticeKey, undismissedNotice } from "../session/notice-dismissal.server.ts";
import type { Route } from "./+types/dashboard";
import { useDashboardData } from "./dashboard-layout.tsx";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_home());

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
  const lastUsed = signIn?.previous ? lastUsedText(signIn.previous) : null;
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
 * cards due for renewal (issue 23 §5), in the person's words. Left out if the history cannot be read.
 */
async function fromHistory(
  context: Route.LoaderArgs["context"],
  caller: Caller,
): Promise<{ glance: Glance | null; renewals: ShownRenewal[] }> {
  try {
    const walletKobo = signedIn(context).user.profile.walletBalanceKobo;
    const rows = await readHistory(context, caller);
    const now = new Date();
    const language = getLocale();
    const glance = spending(rows, now, walletKobo, 6, language);
    return {
      glance: {
        pending: glance.pending,
        months: glance.months,
        thisMonth: formatNaira(glance.thisMonthKobo),
        lastMonth: formatNaira(glance.lastMonthKobo),
        discount: formatNaira(glance.discountKobo),
      },
      renewals: renewalsDue(rows, lagosDayOf(now.toISOString())).map((renewal) => ({
        smartNo: renewal.smartNo,
        buyAgain: renewal.buyAgain,
        text: renewalText(renewal, language),
      })),
    };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "unauthenticated") return expireSessionOn(error, context);
    log("warn", "dashboard.history-unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return { glance: null, renewals: [] };
  }
}

/** A renewal as the dashboard says it: "DStv Compact for Mama Nkechi renews around 3 Dec". */
type ShownRenewal = { smartNo: string; buyAgain: string; text: string };

type Glance = {
  pending: number;
  months: SpendMonth[];
  thisMonth: string;
  lastMonth: string;
  discount: string;
};

/** The menu's own words for the same pages, said when the page is drawn. */
const TILES = [
  { to: "/dashboard/purchase-airtime", label: m.dashboard_purchase_airtime },
  { to: "/dashboard/purchase-data", label: m.dashboard_purchase_data },
  { to: "/dashboard/pay-for-tv", label: m.dashboard_pay_cable },
  { to: "/dashboard/pay-for-electricity", label: m.dashboard_pay_electricity },
  { to: "/dashboard/transactions", label: m.dashboard_transactions },
];

/** The history filtered to pending purchases. */
const PENDING_HREF = "/dashboard/transactions?status=pending";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const dashboard = useDashboardData();
  const { glance } = loaderData;
  return (
    <>
      <DashboardNotice text={loaderData.notice} noticeKey={loaderData.noticeKey} />
      <PageHeader title={m.dashboard_home()} />
      {loaderData.lastUsed ? (
        <p>
          {loaderData.lastUsed}. {m.hist_dash_not_you()}{" "}
          <AppLink to="/dashboard/profile#sign-ins">{m.hist_dash_sign_ins_link()}</AppLink>
        </p>
      ) : null}
      {loaderData.noticeFailed ? (
        <p className="notice">
          {m.hist_dash_notice_failed()} <a href="/dashboard">{m.error_try_again()}</a>
        </p>
      ) : null}
      <article className="balance-card" aria-labelledby="balance-heading">
        <h2 id="balance-heading">{m.hist_dash_wallet_balance()}</h2>
        <p className="balance">{formatNaira(dashboard?.walletBalanceKobo ?? 0)}</p>
        {dashboard?.levelLabel ? <p>{m.hist_dash_account_level({ level: dashboard.levelLabel })}</p> : null}
        <AppLink to="/dashboard/fund-wallet" className="button">
          {m.dashboard_fund_wallet()}
        </AppLink>
      </article>
      <LowBalanceNotice lowBalance={loaderData.lowBalance} />
      <Renewals renewals={loaderData.renewals} />
      {glance && glance.pending > 0 ? (
        <p className="notice">
          <AppLink to={PENDING_HREF}>
            {glance.pending === 1
              ? m.hist_dash_pending_one({ count: glance.pending })
              : m.hist_dash_pending_many({ count: glance.pending })}
          </AppLink>{" "}
          {m.hist_dash_pending_where()}
        </p>
      ) : null}
      <nav aria-label={m.hist_dash_quick_actions()} className="tiles">
        <ul>
          {TILES.map((tile) => (
            <li key={tile.to}>
              <AppLink to={tile.to}>{tile.label()}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {glance ? (
        <section aria-labelledby="spend-heading" className="spend">
          <h2 id="spend-heading">{m.hist_dash_spending_heading()}</h2>
          <SpendChart months={glance.months} />
          <dl className="inline-list">
            <div>
              <dt>{m.hist_dash_this_month()}</dt>
              <dd>{glance.thisMonth}</dd>
            </div>
            <div>
              <dt>{m.hist_dash_last_month()}</dt>
              <dd>{glance.lastMonth}</dd>
            </div>
            <div>
              <dt>{m.hist_dash_discount()}</dt>
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
function Renewals({ renewals }: { renewals: ShownRenewal[] }) {
  if (renewals.length === 0) return null;
  const more = renewals.length - RENEWALS_SHOWN;
  return (
    <section aria-labelledby="renewals-heading">
      <h2 id="renewals-heading">{m.hist_renewals_heading()}</h2>
      <ul>
        {renewals.slice(0, RENEWALS_SHOWN).map((renewal) => (
          <li key={renewal.smartNo}>
            {renewal.text}.{" "}
            <AppLink to={renewal.buyAgain} aria-label={m.hist_buy_again_for({ what: renewal.text })}>
              {m.hist_buy_again()}
            </AppLink>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p>
          {m.hist_renewals_more({ count: more })} <AppLink to={CABLE_HREF}>{m.hist_renewals_more_link()}</AppLink>.
        </p>
      ) : null}
    </section>
  );
}
