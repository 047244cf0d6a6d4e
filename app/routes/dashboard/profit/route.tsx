import { Form } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { ErrorList, ErrorSummary } from "../../../components/form-parts.tsx";
import { titleMeta } from "../../../components/meta.ts";
import { ProfitChart } from "./chart.tsx";
import { historyProductOf } from "../../../domain/buy-again.ts";
import { addDays, formatCalendarDay, formatDateTime, lagosDayOf, lagosDayStart } from "../../../domain/dates.ts";
import { formatNaira } from "../../../domain/money.ts";
import {
  PERIOD_KINDS,
  parseProfitPeriod,
  type PeriodKind,
  profitBook,
  type ProfitSums,
} from "../../../domain/profit.ts";
import { shortNaira } from "../../../domain/spending.ts";
import { readHistory } from "../../../history/history.server.ts";
import { filterErrors, productName } from "../../../history/words.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { getLocale } from "../../../i18n/paraglide/runtime.js";
import { forSignedInPage } from "../../../session/auth.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { salesSince } from "../../../settings/sales.server.ts";
import type { Route } from "./+types/route";

// The profit book (decision 085): for a day, a week or a month, what the customers paid (Sold
// for), what the wallet paid and the difference, by product and in total, from the history the
// Transactions page lists and the sales the shop recorded. Purchases without "Sold for" are
// listed apart; failed and reversed ones count 0. Drawn on the server, with no script.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, m.dashboard_profit(), { error: Boolean(loaderData?.dayError) });

/** Unpriced purchases listed by name, each a link to its receipt; more are counted. */
const UNPRICED_LISTED = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const search = new URL(request.url).searchParams;
  const { period, dayProblem, typedDay } = parseProfitPeriod(search, lagosDayOf(new Date().toISOString()));
  // A sale is recorded at or after its purchase: those since the period began hold every one it needs.
  const since = new Date(lagosDayStart(period.from) ?? 0).toISOString();
  const [history, sales] = await Promise.all([
    forSignedInPage(context, readHistory(context, caller)),
    salesSince(user.id, since),
  ]);
  const book = profitBook(history, sales, period);
  const language = getLocale();
  const money = (sums: ProfitSums) => ({
    count: sums.count,
    sales: formatNaira(sums.salesKobo),
    cost: formatNaira(sums.costKobo),
    profit: formatNaira(sums.profitKobo),
  });
  const day = (iso: string) => formatCalendarDay(iso, language);
  return {
    kind: period.kind,
    day: dayProblem === null ? period.from : typedDay,
    dayError: dayProblem === null ? "" : (filterErrors({ from: dayProblem }).from ?? ""),
    range:
      period.from === period.to ? day(period.from) : m.profit_range({ from: day(period.from), to: day(period.to) }),
    previous: `?period=${period.kind}&day=${addDays(period.from, -1)}`,
    next: `?period=${period.kind}&day=${addDays(period.to, 1)}`,
    csv: `/dashboard/profit.csv?period=${period.kind}&day=${period.from}`,
    byProduct: book.byProduct.map((line) => ({ name: productName(line.product), ...money(line) })),
    total: money(book.total),
    unpriced: {
      count: book.unpriced.rows.length,
      cost: formatNaira(book.unpriced.costKobo),
      rows: book.unpriced.rows.slice(0, UNPRICED_LISTED).map((row) => ({
        id: row.id,
        reference: row.reference,
        product: productName(historyProductOf(row)),
        cost: formatNaira(row.amount),
        at: formatDateTime(row.createdAt, language),
      })),
    },
    notCounted: book.notCounted,
    chart: {
      days: book.byDay,
      label: m.profit_chart_label({
        days: book.byDay.map((entry) => `${day(entry.day)} ${shortNaira(entry.profitKobo)}`).join(", "),
      }),
    },
  };
}

const KIND_WORDS: Record<PeriodKind, () => string> = {
  day: m.profit_day,
  week: m.profit_week,
  month: m.profit_month,
};

export default function Profit({ loaderData: book }: Route.ComponentProps) {
  const columns = {
    product: m.profit_product(),
    count: m.profit_count(),
    sales: m.profit_sales(),
    cost: m.profit_cost(),
    profit: m.profit_profit(),
  };
  return (
    <>
      <PageHeader title={m.dashboard_profit()} />
      <p>{m.profit_intro()}</p>
      <ErrorSummary
        form={{ id: "profit", status: "error" }}
        fields={[{ id: "profit-day", errors: book.dayError ? [book.dayError] : undefined }]}
      />
      <Form method="get" className="inline-form no-print" aria-label={m.profit_period()}>
        <div className="field">
          <label htmlFor="profit-period">{m.profit_period()}</label>{" "}
          <select id="profit-period" name="period" defaultValue={book.kind}>
            {PERIOD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_WORDS[kind]()}
              </option>
            ))}
          </select>
        </div>{" "}
        <div className="field">
          <label htmlFor="profit-day">{m.profit_date()}</label>{" "}
          <input
            type="date"
            id="profit-day"
            name="day"
            defaultValue={book.day}
            aria-invalid={book.dayError ? true : undefined}
            aria-describedby={book.dayError ? "profit-day-error" : undefined}
          />{" "}
          <ErrorList id="profit-day-error" errors={book.dayError ? [book.dayError] : undefined} />
        </div>{" "}
        <button type="submit">{m.profit_show()}</button>
      </Form>
      <h2>{book.range}</h2>
      <p className="no-print">
        <AppLink to={book.previous}>{m.profit_previous()}</AppLink> ·{" "}
        <AppLink to={book.next}>{m.profit_next()}</AppLink> · <a href={book.csv}>{m.profit_download()}</a>
      </p>
      {book.total.count === 0 ? <p>{m.profit_none()}</p> : null}
      <div className="table-scroll" role="region" aria-label={m.profit_caption()} tabIndex={0}>
        <table className="statement-rows">
          <caption>{m.profit_caption()}</caption>
          <thead>
            <tr>
              {Object.entries(columns).map(([key, column]) => (
                <th scope="col" key={key}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...book.byProduct, { name: m.profit_total(), ...book.total }].map((line, index) => (
              <tr key={line.name} data-kind={index === book.byProduct.length ? "total" : undefined}>
                <td data-label={columns.product}>
                  {index === book.byProduct.length ? <strong>{line.name}</strong> : line.name}
                </td>
                <td data-label={columns.count} className="money">
                  {line.count}
                </td>
                <td data-label={columns.sales} className="money">
                  {line.sales}
                </td>
                <td data-label={columns.cost} className="money">
                  {line.cost}
                </td>
                <td data-label={columns.profit} className="money">
                  <strong>{line.profit}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ProfitChart days={book.chart.days} label={book.chart.label} />
      {book.unpriced.count > 0 ? (
        <section aria-labelledby="unpriced-heading">
          <h2 id="unpriced-heading">{m.profit_unpriced_heading()}</h2>
          <p>{m.profit_unpriced({ count: book.unpriced.count, cost: book.unpriced.cost })}</p>
          <ul>
            {book.unpriced.rows.map((row) => (
              <li key={row.id}>
                <AppLink to={`/dashboard/receipt/${row.id}`}>{row.reference}</AppLink> {row.product}, {row.at}:{" "}
                {row.cost}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {book.notCounted > 0 ? <p>{m.profit_not_counted({ count: book.notCounted })}</p> : null}
    </>
  );
}
