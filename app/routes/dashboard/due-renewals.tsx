import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { titleMeta } from "../../components/meta.ts";
import { formatShortDay, lagosDayOf } from "../../domain/dates.ts";
import { DUE_WITHIN_DAYS, type DueRenewal, dueRenewals } from "../../domain/due-renewals.ts";
import { formatNaira } from "../../domain/money.ts";
import { readHistory } from "../../history/history.server.ts";
import { productName } from "../../history/words.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { getLocale } from "../../i18n/paraglide/runtime.js";
import { errorFields, log } from "../../infra/log.server.ts";
import { expireSessionOn } from "../../session/auth.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { UpstreamError } from "../../upstream/errors.ts";
import type { Route } from "./+types/due-renewals";

// Due renewals (decision 086): the cable and electricity customers whose renewal falls in the
// next seven days, from the history the dashboard reads, each with Renew, a link that fills
// the product's form as last time (it never buys). A page of its own in the menu, beside the
// products it renews; the dashboard keeps its five soonest smart cards (decision 052).

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_due_renewals());

export async function loader({ context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  try {
    const rows = await readHistory(context, caller);
    const due = dueRenewals(rows, lagosDayOf(new Date().toISOString()));
    return { failed: false, due: due.map(shown) };
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "unauthenticated") return expireSessionOn(error, context);
    if (!(error instanceof UpstreamError)) throw error;
    log("warn", "renewals.history-unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return { failed: true, due: [] };
  }
}

/** A renewal in the reader's words, said here so the page sends text, not rules (decision 059). */
function shown(renewal: DueRenewal) {
  const language = getLocale();
  const day = formatShortDay(renewal.day, language);
  const count = Math.abs(renewal.daysLeft);
  const customer = renewal.customer || renewal.number;
  return {
    key: `${renewal.product}:${renewal.number}`,
    customer,
    number: renewal.customer ? renewal.number : "",
    last: [productName(renewal.product, language), renewal.plan, formatNaira(renewal.lastKobo)]
      .filter(Boolean)
      .join(", "),
    due:
      renewal.daysLeft === 0
        ? m.renew_due_today({ day })
        : renewal.daysLeft > 0
          ? m.renew_due_ahead({ day, count })
          : m.renew_due_past({ day, count }),
    renew: renewal.renew,
    label: m.renew_for({ customer }),
  };
}

export default function DueRenewals({ loaderData }: Route.ComponentProps) {
  const { due, failed } = loaderData;
  return (
    <>
      <PageHeader title={m.dashboard_due_renewals()} />
      <p>{m.renew_intro({ days: DUE_WITHIN_DAYS })}</p>
      {failed ? (
        <p className="notice">
          {m.renew_failed()} <a href="/dashboard/renewals">{m.error_try_again()}</a>
        </p>
      ) : due.length === 0 ? (
        <p>{m.renew_none({ days: DUE_WITHIN_DAYS })}</p>
      ) : (
        <ul className="renewal-list">
          {due.map((renewal) => (
            <li key={renewal.key}>
              <strong>{renewal.customer}</strong>
              {renewal.number ? <span className="nowrap"> {renewal.number}</span> : null}
              <dl className="inline-list">
                <div>
                  <dt>{m.renew_col_last()}</dt>
                  <dd>{renewal.last}</dd>
                </div>
                <div>
                  <dt>{m.renew_col_due()}</dt>
                  <dd>{renewal.due}</dd>
                </div>
              </dl>
              <AppLink to={renewal.renew} className="button" aria-label={renewal.label}>
                {m.renew_button()}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
