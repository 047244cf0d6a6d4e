import { data, replace } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { currentSignIn, expireSessionOn } from "../../../session/auth.server.ts";
import { DashboardNotice } from "./notice.tsx";
import { LowBalanceNotice } from "../../../components/low-balance-notice.tsx";
import { lowBalanceWarning } from "../../../settings/account-settings.server.ts";
import { lagosDayOf } from "../../../domain/dates.ts";
import { userLevelLabel } from "../../../domain/labels.ts";
import { RENEWALS_SHOWN, renewalsDue } from "../../../domain/renewals.ts";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { htmlToPlainText } from "../../../content/sanitize.server.ts";
import { formatNaira } from "../../../domain/money.ts";
import { titleMeta } from "../../../components/meta.ts";
import { signedIn, signedInForPage } from "../../../session/signed-in.server.ts";
import { SpendChart, type SpendChartWords } from "./spend-chart.tsx";
import type { Caller } from "../../../infra/context.ts";
import { lastUsedText } from "../../../domain/sign-ins.ts";
import { signInWords } from "../../../session/sign-in-words.server.ts";
import { SPEND_PRODUCTS, spendColour, type SpendMonth, type SpendProduct, spending } from "../../../domain/spending.ts";
import { readHistory } from "../../../history/history.server.ts";
import { productName, renewalText } from "../../../history/words.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { getLocale } from "../../../i18n/paraglide/runtime.js";
import { errorFields, log } from "../../../infra/log.server.ts";
import { getSettings } from "../../../upstream/dashboard.server.ts";
import { UpstreamError } from "../../../upstream/errors.ts";
import { requireValidCsrf } from "../../../session/csrf.server.ts";
import {
  dismissNoticeCookie,
  isNoticeKey,
  noticeKey,
  undismissedNotice,
} from "../../../session/notice-dismissal.server.ts";
import type { Route } from "./+types/route";
import { useDashboardData } from "../layout.tsx";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_home());

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const [{ notice, noticeFailed }, history, lowBalance, signIn] = await Promise.all([
    readNotice(context, caller),
    fromHistory(context, caller),
    signedInForPage(context).then(lowBalanceWarning),
    currentSignIn(context),
  ]);
  const shown = undismissedNotice(request, notice);
  // When and where the account was used before this sign-in (decision 049): read with the session.
  const lastUsed = signIn?.previous ? lastUsedText(signIn.previous, signInWords()) : null;
  return {
    notice: shown,
    noticeKey: shown ? noticeKey(shown) : "",
    noticeFailed,
    lowBalance,
    lastUsed,
    ...history,
    words: dashboardWords(history.glance, history.renewals.length - RENEWALS_SHOWN, userLevelLabel(user.level)),
  };
}

/**
 * The page's own words, said on the server in the person's language and sent with its data
 * (decision 059): the page's script then carries none of them in three languages. The menu's
 * words and Try again are the shell's and the error page's, already in the browser.
 */
function dashboardWords(glance: Glance | null, more: number, level: string | null) {
  return {
    // Account levels are names, shown as they are (docs/translations.md).
    accountLevel: level === null ? null : m.hist_dash_account_level({ level }),
    notYou: m.hist_dash_not_you(),
    signInsLink: m.hist_dash_sign_ins_link(),
    noticeFailed: m.hist_dash_notice_failed(),
    tryAgain: m.error_try_again(),
    dismissNotice: m.hist_notice_dismiss(),
    walletBalance: m.hist_dash_wallet_balance(),
    pending:
      glance === null || glance.pending === 0
        ? null
        : {
            link: m.hist_dash_pending({ count: glance.pending }),
            rest: m.hist_dash_pending_where(),
          },
    quickActions: m.hist_dash_quick_actions(),
    spendingHeading: m.hist_dash_spending_heading(),
    thisMonth: m.hist_dash_this_month(),
    lastMonth: m.hist_dash_last_month(),
    discount: m.hist_dash_discount(),
    chart: glance === null ? null : spendChartWords(glance.months),
    renewalsHeading: m.hist_renewals_heading(),
    buyAgain: m.hist_buy_again(),
    moreRenewals: more > 0 ? m.hist_renewals_more({ count: more }) : "",
    moreRenewalsLink: m.dashboard_due_renewals(),
  };
}

type DashboardWords = ReturnType<typeof dashboardWords>;

/**
 * The chart's words, said here in the person's language and sent with the page's data
 * (decision 059), so the dashboard's script carries none of them.
 */
function spendChartWords(months: readonly SpendMonth[]): SpendChartWords {
  const summary = months.map((month) => `${month.label} ${formatNaira(month.totalKobo, { decimals: 0 })}`).join(", ");
  return {
    label: m.hist_chart_label({ summary }),
    empty: m.hist_chart_empty(),
    products: m.hist_chart_products(),
    showFigures: m.hist_chart_show_figures(),
    caption: m.hist_chart_caption(),
    month: m.hist_chart_month(),
    total: m.hist_chart_total(),
    names: Object.fromEntries(SPEND_PRODUCTS.map((product) => [product, productName(product)])) as Record<
      SpendProduct,
      string
    >,
    colours: Object.fromEntries(SPEND_PRODUCTS.map((product) => [product, spendColour(product)])) as Record<
      SpendProduct,
      string
    >,
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
    // Call 16: the notification is HTML shown as plain text.
    return { notice: htmlToPlainText(settings.notification), noticeFailed: false };
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) return { notice: "", noticeFailed: true };
    return expireSessionOn(error, context);
  }
}

/**
 * From the history the page shares: the pending count, six months of spending, and the smart
 * cards due for renewal (decision 052), in the person's words. Left out if the history cannot be read.
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
      renewals: renewalsDue(rows, lagosDayOf(now.toISOString())).map((renewal) => {
        const text = renewalText(renewal, language);
        return {
          smartNo: renewal.smartNo,
          buyAgain: renewal.buyAgain,
          text,
          label: m.hist_buy_again_for({ what: text }),
        };
      }),
    };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "unauthenticated") return expireSessionOn(error, context);
    log("warn", "dashboard.history-unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return { glance: null, renewals: [] };
  }
}

/** A renewal as the dashboard says it: "DStv Compact for Mama Nkechi renews around 3 Dec", and its link's name. */
type ShownRenewal = { smartNo: string; buyAgain: string; text: string; label: string };

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
  const { glance, words } = loaderData;
  return (
    <>
      <DashboardNotice text={loaderData.notice} noticeKey={loaderData.noticeKey} dismissLabel={words.dismissNotice} />
      <PageHeader title={m.dashboard_home()} />
      {loaderData.lastUsed ? (
        <p>
          {loaderData.lastUsed}. {words.notYou} <AppLink to="/dashboard/profile#sign-ins">{words.signInsLink}</AppLink>
        </p>
      ) : null}
      {loaderData.noticeFailed ? (
        <p className="notice">
          {words.noticeFailed} <a href="/dashboard">{words.tryAgain}</a>
        </p>
      ) : null}
      <article className="balance-card" aria-labelledby="balance-heading">
        <h2 id="balance-heading">{words.walletBalance}</h2>
        <p className="balance">{formatNaira(dashboard?.walletBalanceKobo ?? 0)}</p>
        {words.accountLevel ? <p>{words.accountLevel}</p> : null}
        <AppLink to="/dashboard/fund-wallet" className="button">
          {m.dashboard_fund_wallet()}
        </AppLink>
      </article>
      <LowBalanceNotice lowBalance={loaderData.lowBalance} />
      <Renewals renewals={loaderData.renewals} words={words} />
      {words.pending ? (
        <p className="notice">
          <AppLink to={PENDING_HREF}>{words.pending.link}</AppLink> {words.pending.rest}
        </p>
      ) : null}
      <nav aria-label={words.quickActions} className="tiles">
        <ul>
          {TILES.map((tile) => (
            <li key={tile.to}>
              <AppLink to={tile.to}>{tile.label()}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {glance && words.chart ? (
        <section aria-labelledby="spend-heading" className="spend">
          <h2 id="spend-heading">{words.spendingHeading}</h2>
          <SpendChart months={glance.months} words={words.chart} />
          <dl className="inline-list">
            <div>
              <dt>{words.thisMonth}</dt>
              <dd>{glance.thisMonth}</dd>
            </div>
            <div>
              <dt>{words.lastMonth}</dt>
              <dd>{glance.lastMonth}</dd>
            </div>
            <div>
              <dt>{words.discount}</dt>
              <dd>{glance.discount}</dd>
            </div>
          </dl>
        </section>
      ) : null}
    </>
  );
}

/** Every customer due, cable and electricity, on a page of its own (decision 086). */
const DUE_RENEWALS_HREF = "/dashboard/renewals";

/** Smart cards due for renewal, soonest first, each with Buy again (decision 052). */
function Renewals({ renewals, words }: { renewals: ShownRenewal[]; words: DashboardWords }) {
  if (renewals.length === 0) return null;
  return (
    <section aria-labelledby="renewals-heading">
      <h2 id="renewals-heading">{words.renewalsHeading}</h2>
      <ul>
        {renewals.slice(0, RENEWALS_SHOWN).map((renewal) => (
          <li key={renewal.smartNo}>
            {renewal.text}.{" "}
            <AppLink to={renewal.buyAgain} aria-label={renewal.label}>
              {words.buyAgain}
            </AppLink>
          </li>
        ))}
      </ul>
      {words.moreRenewals ? (
        <p>
          {words.moreRenewals} <AppLink to={DUE_RENEWALS_HREF}>{words.moreRenewalsLink}</AppLink>.
        </p>
      ) : null}
    </section>
  );
}
