import { Form } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { forSignedInPage } from "../session/auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { ErrorList, ErrorSummary } from "../components/forms.tsx";
import { PrintButton } from "../components/print-button.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import type { HistoryProduct } from "../domain/buy-again.ts";
import { formatCalendarDay, formatDateTime, formatDay, formatTime, lagosDayOf } from "../domain/dates.ts";
import { productLabel } from "../domain/labels.ts";
import { type LedgerLine, NO_BALANCES_NOTE, SINCE_LAST } from "../domain/ledger.ts";
import { formatNaira } from "../domain/money.ts";
import {
  parseStatementRange,
  STATEMENT_ROW_LIMIT,
  type StatementRange,
  statementOf,
  type StatementSums,
} from "../domain/statement.ts";
import type { FilterErrors } from "../domain/transaction-filters.ts";
import { readHistory } from "../history/history.server.ts";
import { titleMeta } from "../components/meta.ts";
import { useRootData } from "../root.tsx";
import { signedIn } from "../session/signed-in.server.ts";
import { useDashboardData } from "./dashboard-layout.tsx";
import type { Route } from "./+types/statement";

// A printable statement for a date range (issue 14 part 2, decisions 031 and 042): the five
// lines (opening, money in, money out, money back, closing) that add up, spent per product, and
// the ledger's lines oldest first, money that came back with no row of its own among them.

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, "Statement", { error: Object.keys(loaderData?.errors ?? {}).length > 0 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const now = new Date().toISOString();
  const { range, errors, typed } = parseStatementRange(new URL(request.url).searchParams, lagosDayOf(now));
  const history = await forSignedInPage(context, readHistory(context, caller));
  const statement = statementOf(history, range, { balanceKobo: user.profile.walletBalanceKobo, at: now });
  const productName = (product: HistoryProduct | null) => (product ? productLabel(product) : "Other");
  return {
    range,
    errors,
    typed,
    period: `${formatCalendarDay(range.from)} to ${formatCalendarDay(range.to)}`,
    madeAt: formatDateTime(now),
    count: statement.count,
    transactions: statement.transactions,
    sums: statement.sums,
    byProduct: statement.byProduct.map(({ product, ...spend }) => ({ name: productName(product), ...spend })),
    // Only the lines printed are formatted, with only what the statement shows of them.
    lines: statement.lines.map((line, index) => ({
      key: `${line.kind}-${line.row?.id ?? "now"}-${index}`,
      kind: line.kind,
      day: formatDay(line.at),
      time: formatTime(line.at),
      reference: line.row?.reference ?? "",
      product: line.kind === "since-last" || line.kind === "adjustment" ? "" : productName(line.product),
      description: line.kind === "row" ? (line.row?.description ?? "") : JUMP_WORDS[line.kind],
      fromStatus: line.fromStatus,
      status: line.kind === "row" ? (line.row?.status ?? null) : null,
      value: line.kind === "row" && line.row ? formatNaira(line.row.subtotal) : "",
      charged: line.kind === "row" && line.row ? formatNaira(line.row.amount) : "",
      moved: movedText(line),
      balance: formatNaira(line.balanceKobo),
    })),
  };
}

/** What a line with no row of its own says it was. */
const JUMP_WORDS = {
  "money-back": "Money back for this reversed purchase",
  adjustment: "Adjustment: the balance moved with no transaction of its own",
  "since-last": SINCE_LAST,
} as const;

/** "In ₦5,000.00", "Out ₦97.00", "Out ₦97.00, back ₦97.00", "None". */
function movedText(line: Pick<LedgerLine, "inKobo" | "outKobo" | "backKobo">): string {
  const parts: string[] = [];
  if (line.inKobo > 0) parts.push(`In ${formatNaira(line.inKobo)}`);
  if (line.outKobo > 0) parts.push(`Out ${formatNaira(line.outKobo)}`);
  if (line.backKobo > 0) parts.push(`${parts.length > 0 ? "back" : "Back"} ${formatNaira(line.backKobo)}`);
  return parts.length === 0 ? "None" : parts.join(", ");
}

const FIELDS = [
  { field: "from", id: "statement-from", label: "From" },
  { field: "to", id: "statement-to", label: "To" },
] as const;

/**
 * The dates asked for. Each field shows the day the statement is showing (the default range
 * when none was asked), or what was typed when it could not be read, beside its message.
 */
function RangeForm({ typed, errors, range }: { typed: StatementRange; errors: FilterErrors; range: StatementRange }) {
  const shown = { from: errors.from ? typed.from : range.from, to: errors.to ? typed.to : range.to };
  return (
    <>
      <ErrorSummary
        form={{ id: "statement", status: "error" }}
        fields={FIELDS.map(({ field, id }) => ({ id, errors: errors[field] ? [errors[field]] : undefined }))}
      />
      <Form key={JSON.stringify(shown)} method="get" className="inline-form no-print" aria-label="Statement dates">
        {FIELDS.map(({ field, id, label }) => (
          <div className="field" key={field}>
            <label htmlFor={id}>{label}</label>
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
        <button type="submit">Show statement</button>
      </Form>
    </>
  );
}

/** The five lines, each with its sign, so the sum can be checked by eye. */
function SumsTable({ sums }: { sums: StatementSums }) {
  const lines = [
    { sign: "", name: "Opening balance", kobo: sums.openingKobo },
    { sign: "+", name: "Money in (funding)", kobo: sums.inKobo },
    { sign: "−", name: "Money out (charges)", kobo: sums.outKobo },
    { sign: "+", name: "Money back (reversals, refunds, adjustments)", kobo: sums.backKobo },
    { sign: "=", name: "Closing balance", kobo: sums.closingKobo },
  ];
  return (
    <table className="statement-sums">
      <caption>Money in and out</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.name}>
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

function ProductTable({ rows }: { rows: { name: string; count: number; spentKobo: number }[] }) {
  return (
    <table className="statement-totals">
      <caption>Spent by product</caption>
      <thead>
        <tr>
          <th scope="col">Product (transactions)</th>
          <th scope="col">Spent</th>
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

/** The statement's columns; on a phone each line is a card and each cell names its column. */
const LINE_COLUMNS = [
  "Date",
  "Trans. Ref.",
  "Product",
  "Description",
  "Status",
  "Value",
  "Charged",
  "Wallet",
  "Balance",
] as const;

export default function Statement({ loaderData }: Route.ComponentProps) {
  const { typed, errors, period, madeAt, count, transactions, sums, byProduct, lines, range } = loaderData;
  const productName = useRootData()?.productName ?? "";
  const fullName = useDashboardData()?.fullName ?? "";
  return (
    <>
      <PageHeader title="Statement" />
      <RangeForm typed={typed} errors={errors} range={range} />
      <p className="no-print">
        <AppLink to={`/dashboard/transactions?${new URLSearchParams(range)}`}>These dates in Transactions</AppLink>
      </p>
      <article className="statement" aria-labelledby="statement-heading">
        <header>
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <h2 id="statement-heading">{productName} statement</h2>
        </header>
        <dl className="statement-summary">
          <div>
            <dt>Account</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>Period</dt>
            <dd>{period}</dd>
          </div>
          {sums !== null ? (
            <>
              <div>
                <dt>Opening balance</dt>
                <dd>{formatNaira(sums.openingKobo)}</dd>
              </div>
              <div>
                <dt>Closing balance</dt>
                <dd>{formatNaira(sums.closingKobo)}</dd>
              </div>
              <div>
                <dt>Spent</dt>
                <dd>{formatNaira(sums.spentKobo)}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>Transactions</dt>
            <dd>{transactions}</dd>
          </div>
          <div>
            <dt>Made on</dt>
            <dd>{madeAt}</dd>
          </div>
        </dl>
        {sums === null ? (
          <p>No transactions in this period, so there is no opening or closing balance to show.</p>
        ) : (
          <>
            <p className="statement-note">
              Value is what the customer got; Charged is what your wallet paid. Wallet is how each line moved your
              wallet, from its balances; Balance is the wallet after it. Spent is money out less money back, as on your
              dashboard.
            </p>
            <div className="statement-totals-pair">
              <SumsTable sums={sums} />
              <ProductTable rows={byProduct} />
            </div>
            {count > lines.length ? (
              <p className="notice">
                This period has {count} lines; the statement lists the first {STATEMENT_ROW_LIMIT}. Choose a shorter
                period, or download the CSV from Transactions for them all.
              </p>
            ) : null}
            <div className="table-scroll" role="region" aria-label="Statement transactions" tabIndex={0}>
              <table className="statement-rows">
                <thead>
                  <tr>
                    {LINE_COLUMNS.map((column) => (
                      <th scope="col" key={column}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.key} data-kind={line.kind}>
                      <td data-label="Date">
                        <span className="nowrap">{line.day}</span> <span className="nowrap">{line.time}</span>
                      </td>
                      <td data-label="Trans. Ref.">{line.reference}</td>
                      <td data-label="Product">{line.product}</td>
                      <td data-label="Description">
                        {line.description}
                        {line.fromStatus ? <small className="line-note">{NO_BALANCES_NOTE}</small> : null}
                      </td>
                      <td data-label="Status">{line.status === null ? null : <StatusBadge status={line.status} />}</td>
                      <td data-label="Value" className="money">
                        {line.value}
                      </td>
                      <td data-label="Charged" className="money">
                        {line.charged}
                      </td>
                      <td data-label="Wallet" className="money">
                        {line.moved}
                      </td>
                      <td data-label="Balance" className="money">
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
