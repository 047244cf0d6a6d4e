import { data, Link } from "react-router";
import { expireSessionOn } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { buyAgainHref } from "../domain/buy-again.ts";
import { formatDateTime } from "../domain/dates.ts";
import { formatNaira } from "../domain/money.ts";
import {
  cutText,
  type ListQuery,
  nextDirection,
  pageOf,
  parseListQuery,
  type SortColumn,
  sortParam,
} from "../domain/transactions.ts";
import { readHistory, sortedHistory } from "../history.server.ts";
import { titleMeta } from "../meta.ts";
import { signedIn } from "../signed-in.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import type { Route } from "./+types/transactions";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Transactions");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  const query = parseListQuery(new URL(request.url).searchParams);
  try {
    const rows = sortedHistory(await readHistory(context, caller), query.sort, query.dir);
    const page = pageOf(rows, query.page);
    // Only the rows shown get a Buy again link (decision 027).
    const shown = page.rows.map((row) => ({ ...row, buyAgain: buyAgainHref(row) }));
    return { query, failed: false as const, ...page, rows: shown };
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) {
      // The shell stays; the table says it could not load and offers a retry (DESIGN.md §6).
      return data(
        { query, failed: true as const, rows: [], page: 1, pageCount: 1, total: 0 },
        { status: error.pageStatus },
      );
    }
    return expireSessionOn(error, context);
  }
}

const COLUMNS: ReadonlyArray<{ column: SortColumn | "receipt"; label: string }> = [
  { column: "reference", label: "Trans. Ref." },
  { column: "plan", label: "Plan" },
  { column: "phoneNumber", label: "Phone No" },
  { column: "smartNo", label: "Smart No." },
  { column: "meterNo", label: "Meter No." },
  { column: "description", label: "Description" },
  { column: "description2", label: "Description 2" },
  { column: "response", label: "Response" },
  { column: "subtotal", label: "Amount" },
  { column: "examCard", label: "Exam Card" },
  { column: "token", label: "Token" },
  { column: "initialBalanceKobo", label: "Prev. Bal" },
  { column: "newBalanceKobo", label: "Current Bal" },
  { column: "status", label: "Status" },
  { column: "createdAt", label: "Date Created" },
  { column: "receipt", label: "Action" },
];

function listHref(query: ListQuery, changes: Partial<ListQuery>): string {
  const next = { ...query, ...changes };
  return `?${new URLSearchParams({ sort: sortParam(next.sort), dir: next.dir, page: String(next.page) })}`;
}

/** Text cut at 40 characters with the rest behind a <details> toggle (works without JS). */
function LongText({ text }: { text: string }) {
  const cut = cutText(text);
  if (!cut) return <>{text}</>;
  return (
    <details className="long-text">
      <summary>{cut}</summary>
      {text}
    </details>
  );
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { query, rows, page, pageCount, total, failed } = loaderData;
  return (
    <>
      <PageHeader title="Transactions" />
      {failed ? (
        <div role="alert" className="notice">
          <p>We could not load your transactions just now.</p>
          <a href={listHref(query, {})} className="button">
            Try again
          </a>
        </div>
      ) : total === 0 ? (
        <p>You have no transactions yet.</p>
      ) : (
        <>
          <p>
            {total} transactions. Page {page} of {pageCount}.
          </p>
          <div className="table-scroll" role="region" aria-label="Transactions table" tabIndex={0}>
            <table className="transactions">
              <thead>
                <tr>
                  {COLUMNS.map(({ column, label }) =>
                    column === "receipt" ? (
                      <th key={column} scope="col">
                        {label}
                      </th>
                    ) : (
                      <th
                        key={column}
                        scope="col"
                        aria-sort={
                          query.sort === column ? (query.dir === "asc" ? "ascending" : "descending") : undefined
                        }
                      >
                        <Link
                          to={listHref(query, { sort: column, dir: nextDirection(query, column), page: 1 })}
                          preventScrollReset
                        >
                          {label}
                          {query.sort === column ? (
                            <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span>
                          ) : null}
                        </Link>
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.reference}</td>
                    <td>{row.plan}</td>
                    <td>{row.phoneNumber}</td>
                    <td>{row.smartNo}</td>
                    <td>{row.meterNo}</td>
                    <td>
                      <LongText text={row.description} />
                    </td>
                    <td>
                      <LongText text={row.description2} />
                    </td>
                    <td>
                      <LongText text={row.response} />
                    </td>
                    <td className="money">{formatNaira(row.subtotal)}</td>
                    <td>{row.examCard}</td>
                    <td>{row.token}</td>
                    <td className="money">{formatNaira(row.initialBalanceKobo)}</td>
                    <td className="money">{formatNaira(row.newBalanceKobo)}</td>
                    <td>
                      <StatusBadge status={row.status} />
                    </td>
                    <td>{formatDateTime(row.createdAt)}</td>
                    <td>
                      <ul className="row-actions">
                        {row.status === 1 ? (
                          <li>
                            <Link to={`/dashboard/receipt/${row.id}`} aria-label={`Receipt for ${row.reference}`}>
                              Receipt
                            </Link>
                          </li>
                        ) : null}
                        {row.buyAgain ? (
                          <li>
                            <Link to={row.buyAgain} aria-label={`Buy again: ${row.reference}`}>
                              Buy again
                            </Link>
                          </li>
                        ) : null}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="pager">
            <ul>
              <li>{page > 1 ? <Link to={listHref(query, { page: page - 1 })}>Previous page</Link> : null}</li>
              <li>{page < pageCount ? <Link to={listHref(query, { page: page + 1 })}>Next page</Link> : null}</li>
            </ul>
          </nav>
        </>
      )}
    </>
  );
}
