import { Form } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { forSignedInPage } from "../session/auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { ErrorList, ErrorSummary } from "../components/forms.tsx";
import { PrintButton } from "../components/print-button.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { historyProductOf } from "../domain/buy-again.ts";
import { formatCalendarDay, formatDateTime, formatDay, formatTime, lagosDayOf } from "../domain/dates.ts";
import { productLabel, transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import {
  parseStatementRange,
  STATEMENT_ROW_LIMIT,
  type StatementRange,
  statementOf,
  type Total,
} from "../domain/statement.ts";
import type { FilterErrors } from "../domain/transaction-filters.ts";
import { readHistory } from "../history/history.server.ts";
import { titleMeta } from "../components/meta.ts";
import { useRootData } from "../root.tsx";
import { signedIn } from "../session/signed-in.server.ts";
import { useDashboardData } from "./dashboard-layout.tsx";
import type { Route } from "./+types/statement";

// A printable statement for a date range (issue 14 part 2, decision 031): the balance before
// and after, totals per product and per status, and the rows, oldest first.

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, "Statement", { error: Object.keys(loaderData?.errors ?? {}).length > 0 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  const now = new Date().toISOString();
  const { range, errors, typed } = parseStatementRange(new URL(request.url).searchParams, lagosDayOf(now));
  const history = await forSignedInPage(context, readHistory(context, caller));
  const statement = statementOf(history, range);
  const productName = (product: ReturnType<typeof historyProductOf>) => (product ? productLabel(product) : "Other");
  return {
    range,
    errors,
    typed,
    period: `${formatCalendarDay(range.from)} to ${formatCalendarDay(range.to)}`,
    madeAt: formatDateTime(now),
    total: statement.total,
    opening: statement.openingKobo,
    closing: statement.closingKobo,
    byProduct: statement.byProduct.map(({ product, ...total }) => ({ name: productName(product), ...total })),
    byStatus: statement.byStatus.map(({ status, ...total }) => ({
      name: transactionStatus(status)?.label ?? `Status ${status}`,
      ...total,
    })),
    // Only the rows printed are formatted, with only what the statement shows of them.
    rows: statement.rows.map((row) => ({
      id: row.id,
      day: formatDay(row.createdAt),
      time: formatTime(row.createdAt),
      reference: row.reference,
      product: productName(historyProductOf(row)),
      description: row.description,
      amount: formatNaira(row.subtotal),
      status: row.status,
      balance: formatNaira(row.newBalanceKobo),
    })),
  };
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

function TotalsTable({
  caption,
  head,
  rows,
  total,
}: {
  caption: string;
  head: string;
  rows: (Total & { name: string })[];
  total: Total;
}) {
  return (
    <table className="statement-totals">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Transactions</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.count}</td>
            <td className="money">{formatNaira(row.amountKobo)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{total.count}</td>
          <td className="money">{formatNaira(total.amountKobo)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  const { typed, errors, period, madeAt, total, opening, closing, byProduct, byStatus, rows, range } = loaderData;
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
          {opening !== null && closing !== null ? (
            <>
              <div>
                <dt>Opening balance</dt>
                <dd>{formatNaira(opening)}</dd>
              </div>
              <div>
                <dt>Closing balance</dt>
                <dd>{formatNaira(closing)}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>Transactions</dt>
            <dd>{total.count}</dd>
          </div>
          <div>
            <dt>Made on</dt>
            <dd>{madeAt}</dd>
          </div>
        </dl>
        {total.count === 0 ? (
          <p>No transactions in this period, so there is no opening or closing balance to show.</p>
        ) : (
          <>
            <p className="statement-note">
              The opening balance is the wallet before the period&apos;s first transaction, the closing balance the
              wallet after its last; Balance is the wallet after each transaction. Amounts are each transaction&apos;s
              Amount, as on the Transactions page.
            </p>
            <div className="statement-totals-pair">
              <TotalsTable caption="Totals by product" head="Product" rows={byProduct} total={total} />
              <TotalsTable caption="Totals by status" head="Status" rows={byStatus} total={total} />
            </div>
            {total.count > rows.length ? (
              <p className="notice">
                This period has {total.count} transactions; the statement lists the first {STATEMENT_ROW_LIMIT}. Choose
                a shorter period, or download the CSV from Transactions for them all.
              </p>
            ) : null}
            <div className="table-scroll" role="region" aria-label="Statement transactions" tabIndex={0}>
              <table className="statement-rows">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Trans. Ref.</th>
                    <th scope="col">Product</th>
                    <th scope="col">Description</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Balance</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td>
                        <span className="nowrap">{row.day}</span> <span className="nowrap">{row.time}</span>
                      </td>
                      <td>{row.reference}</td>
                      <td>{row.product}</td>
                      <td>{row.description}</td>
                      <td className="money">{row.amount}</td>
                      <td>
                        <StatusBadge status={row.status} />
                      </td>
                      <td className="money">{row.balance}</td>
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
