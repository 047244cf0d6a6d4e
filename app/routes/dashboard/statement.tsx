import { Fragment } from "react";
import { Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { forSignedInPage } from "../../session/auth.server.ts";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { ErrorList, ErrorSummary } from "../../components/form-parts.tsx";
import { PrintButton } from "../../components/print-button.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { fundingWords } from "../../components/transaction-list.tsx";
import { formatCalendarDay, formatDateTime, formatDay, formatTime, lagosDayOf } from "../../domain/dates.ts";
import type { LedgerLine } from "../../domain/ledger.ts";
import { formatNaira } from "../../domain/money.ts";
import {
  parseStatementRange,
  STATEMENT_ROW_LIMIT,
  type StatementRange,
  statementOf,
  type StatementSums,
} from "../../domain/statement.ts";
import type { FilterErrors } from "../../domain/transaction-filters.ts";
import { readHistory } from "../../history/history.server.ts";
import { columnName, filterErrors, ledgerLineWords, noBalancesNote, productName } from "../../history/words.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { getLocale } from "../../i18n/paraglide/runtime.js";
import { titleMeta } from "../../components/meta.ts";
import { env } from "../../infra/env.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { useDashboardData } from "./layout.tsx";
import type { Route } from "./+types/statement";

// A printable statement for a date range (decisions 031 and 042): the five
// lines (opening, money in, money out, money back, closing) that add up, spent per product, and
// the ledger's lines oldest first, money that came back with no row of its own among them. The
// words of the lines are said in the loader, in the person's language, with its month names.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, loaderData?.words.title ?? m.hist_statement(), {
    error: Object.keys(loaderData?.errors ?? {}).length > 0,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const now = new Date().toISOString();
  const { range, errors, typed } = parseStatementRange(new URL(request.url).searchParams, lagosDayOf(now));
  const language = getLocale();
  const history = await forSignedInPage(context, readHistory(context, caller));
  const statement = statementOf(history, range, { balanceKobo: user.profile.walletBalanceKobo, at: now });
  return {
    words: statementWords(),
    heading: m.hist_statement_heading({ productName: env().PRODUCT_NAME }),
    tooLong:
      statement.count > statement.lines.length
        ? m.hist_statement_too_long({ count: statement.count, limit: STATEMENT_ROW_LIMIT })
        : "",
    range,
    errors: filterErrors(errors),
    typed,
    period: m.hist_statement_period({
      from: formatCalendarDay(range.from, language),
      to: formatCalendarDay(range.to, language),
    }),
    madeAt: formatDateTime(now, language),
    transactions: statement.transactions,
    sums: statement.sums,
    byProduct: statement.byProduct.map(({ product, ...spend }) => ({ name: productName(product), ...spend })),
    // Only the lines printed are formatted, with only what the statement shows of them.
    lines: statement.lines.map((line, index) => ({
      key: `${line.kind}-${line.row?.id ?? "now"}-${index}`,
      kind: line.kind,
      day: formatDay(line.at, language),
      time: formatTime(line.at, language),
      reference: line.row?.reference ?? "",
      product: line.kind === "since-last" || line.kind === "adjustment" ? "" : productName(line.product),
      description: ledgerLineWords(line.kind) ?? line.row?.description ?? "",
      note: line.fromStatus ? noBalancesNote() : "",
      status: line.kind === "row" ? (line.row?.status ?? null) : null,
      value: line.kind === "row" && line.row ? formatNaira(line.row.subtotal) : "",
      funding: line.kind === "row" && line.row ? fundingWords(line.row, line.product) : null,
      moved: movedParts(line),
      balance: formatNaira(line.balanceKobo),
    })),
  };
}

/** "In ₦5,000.00", "Out ₦97.00", "Out ₦97.00" and "back ₦97.00", "None": a line each, so the column stays narrow. */
function movedParts(line: Pick<LedgerLine, "inKobo" | "outKobo" | "backKobo">): string[] {
  const parts: string[] = [];
  if (line.inKobo > 0) parts.push(m.hist_moved_in({ amount: formatNaira(line.inKobo) }));
  if (line.outKobo > 0) parts.push(m.hist_moved_out({ amount: formatNaira(line.outKobo) }));
  if (line.backKobo > 0) {
    const amount = formatNaira(line.backKobo);
    parts.push(parts.length > 0 ? m.hist_moved_back({ amount }) : m.hist_moved_back_first({ amount }));
  }
  return parts.length === 0 ? [m.hist_moved_none()] : parts;
}

/**
 * The page's words, said on the server in the person's language and sent with its data
 * (decision 059): the statement is drawn there, and its script then carries none of them.
 */
function statementWords() {
  return {
    title: m.hist_statement(),
    from: m.hist_filter_from(),
    to: m.hist_filter_to(),
    dates: m.hist_statement_dates(),
    show: m.hist_statement_show(),
    inTransactions: m.hist_statement_in_transactions(),
    account: m.hist_statement_account(),
    period: m.hist_statement_period_label(),
    opening: m.hist_statement_opening(),
    in: m.hist_statement_in(),
    out: m.hist_statement_out(),
    back: m.hist_statement_back(),
    closing: m.hist_statement_closing(),
    sumsCaption: m.hist_statement_sums_caption(),
    byProduct: m.hist_statement_by_product(),
    productCount: m.hist_statement_product_count(),
    spent: m.hist_statement_spent(),
    transactions: m.hist_statement_transactions(),
    madeOn: m.hist_statement_made_on(),
    empty: m.hist_statement_empty(),
    note: m.hist_statement_note(),
    table: m.hist_statement_table(),
    /**
     * The columns; on a phone each line is a card and each cell names its column. The product
     * and reference sit in the description's cell, and the wallet column says what each line
     * charged or put in (a failed row's "Charged" was never taken), so the table fits a 1280 px
     * screen (decision 074).
     */
    columns: {
      date: m.hist_col_date(),
      description: columnName("description"),
      status: columnName("status"),
      value: columnName("subtotal"),
      wallet: m.hist_col_wallet(),
      balance: m.hist_col_balance(),
    },
  };
}

type StatementWords = ReturnType<typeof statementWords>;

const FIELDS = [
  { field: "from", id: "statement-from" },
  { field: "to", id: "statement-to" },
] as const;

/**
 * The dates asked for. Each field shows the day the statement is showing (the default range
 * when none was asked), or what was typed when it could not be read, beside its message.
 */
function RangeForm({
  typed,
  errors,
  range,
  words,
}: {
  typed: StatementRange;
  errors: FilterErrors;
  range: StatementRange;
  words: StatementWords;
}) {
  const shown = { from: errors.from ? typed.from : range.from, to: errors.to ? typed.to : range.to };
  return (
    <>
      <ErrorSummary
        form={{ id: "statement", status: "error" }}
        fields={FIELDS.map(({ field, id }) => ({ id, errors: errors[field] ? [errors[field]] : undefined }))}
      />
      <Form key={JSON.stringify(shown)} method="get" className="inline-form no-print" aria-label={words.dates}>
        {FIELDS.map(({ field, id }) => (
          <div className="field" key={field}>
            <label htmlFor={id}>{words[field]}</label>
            <input
              type="date"
              id={id}
              name={field}
              defaultValue={shown[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-error` : undefined}
            />
            <ErrorList id={`${id}-error`} errors={errors[field] ? [errors[field]] : undefined} />
          </div>
        ))}
        <button type="submit">{words.show}</button>
      </Form>
    </>
  );
}

/** The five lines, each with its sign, so the sum can be checked by eye. */
function SumsTable({ sums, words }: { sums: StatementSums; words: StatementWords }) {
  const lines = [
    { key: "opening", sign: "", name: words.opening, kobo: sums.openingKobo },
    { key: "in", sign: "+", name: words.in, kobo: sums.inKobo },
    { key: "out", sign: "−", name: words.out, kobo: sums.outKobo },
    { key: "back", sign: "+", name: words.back, kobo: sums.backKobo },
    { key: "closing", sign: "=", name: words.closing, kobo: sums.closingKobo },
  ];
  return (
    <table className="statement-sums">
      <caption>{words.sumsCaption}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <th scope="row">
              <span aria-hidden="true" className="sign">
                {line.sign}
              </span>{" "}
              {line.name}
            </th>
            <td className="money">{formatNaira(line.kobo)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProductTable({
  rows,
  words,
}: {
  rows: { name: string; count: number; spentKobo: number }[];
  words: StatementWords;
}) {
  return (
    <table className="statement-totals">
      <caption>{words.byProduct}</caption>
      <thead>
        <tr>
          <th scope="col">{words.productCount}</th>
          <th scope="col">{words.spent}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">
              {row.name}
              {row.count > 0 ? ` (${row.count})` : null}
            </th>
            <td className="money">{formatNaira(row.spentKobo)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  const { typed, errors, period, madeAt, transactions, sums, byProduct, lines, range, words, heading, tooLong } =
    loaderData;
  const fullName = useDashboardData()?.fullName ?? "";
  const { columns } = words;
  return (
    <>
      <PageHeader title={words.title} />
      <RangeForm typed={typed} errors={errors} range={range} words={words} />
      <p className="no-print">
        <AppLink to={`/dashboard/transactions?${new URLSearchParams(range)}`}>{words.inTransactions}</AppLink>
      </p>
      <article className="statement" aria-labelledby="statement-heading">
        <header>
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <h2 id="statement-heading">{heading}</h2>
        </header>
        <dl className="statement-summary">
          <div>
            <dt>{words.account}</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>{words.period}</dt>
            <dd>{period}</dd>
          </div>
          {sums !== null ? (
            <>
              <div>
                <dt>{words.opening}</dt>
                <dd>{formatNaira(sums.openingKobo)}</dd>
              </div>
              <div>
                <dt>{words.closing}</dt>
                <dd>{formatNaira(sums.closingKobo)}</dd>
              </div>
              <div>
                <dt>{words.spent}</dt>
                <dd>{formatNaira(sums.spentKobo)}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>{words.transactions}</dt>
            <dd>{transactions}</dd>
          </div>
          <div>
            <dt>{words.madeOn}</dt>
            <dd>{madeAt}</dd>
          </div>
        </dl>
        {sums === null ? (
          <p>{words.empty}</p>
        ) : (
          <>
            <p className="statement-note">{words.note}</p>
            <div className="statement-totals-pair">
              <SumsTable sums={sums} words={words} />
              <ProductTable rows={byProduct} words={words} />
            </div>
            {tooLong ? <p className="notice">{tooLong}</p> : null}
            <div className="table-scroll" role="region" aria-label={words.table} tabIndex={0}>
              <table className="statement-rows">
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
                  {lines.map((line) => (
                    <tr key={line.key} data-kind={line.kind}>
                      <td data-label={columns.date}>
                        <span className="nowrap">{line.day}</span> <span className="nowrap">{line.time}</span>
                      </td>
                      <td data-label={columns.description}>
                        <div>
                          {line.product ? <strong>{line.product}</strong> : null} {line.description}
                          {line.reference ? <small className="line-note nowrap">{line.reference}</small> : null}
                          {line.note ? <small className="line-note">{line.note}</small> : null}
                        </div>
                      </td>
                      <td data-label={columns.status}>
                        {line.status === null ? null : <StatusBadge status={line.status} />}
                      </td>
                      <td data-label={line.funding?.paidIn ?? columns.value} className="money">
                        {line.value}
                      </td>
                      <td data-label={columns.wallet} className="money">
                        {line.moved.map((part, index) => (
                          <Fragment key={part}>
                            {index > 0 ? <br /> : null}
                            <span>{part}</span>
                          </Fragment>
                        ))}
                        {line.funding?.fee ? <small className="line-note">{line.funding.fee}</small> : null}
                      </td>
                      <td data-label={columns.balance} className="money">
                        {line.balance}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <PrintButton />
      </article>
    </>
  );
}
