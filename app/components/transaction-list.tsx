import { AppLink } from "./app-link.tsx";
import type { HistoryProduct } from "../domain/buy-again.ts";
import { formatDateTime } from "../domain/dates.ts";
import { productLabel, transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import { listSearch, type TransactionFilters } from "../domain/transaction-filters.ts";
import {
  cutText,
  type ListQuery,
  nextDirection,
  type SortColumn,
  type TransactionRecord,
} from "../domain/transactions.ts";
import { RecheckButton } from "./recheck-button.tsx";
import { StatusBadge } from "./status-badge.tsx";

// The transactions page's rows, twice over (decision 032): SPEC.md §2's wide table from 48rem,
// a card per row below it. CSS shows one and hides the other (display: none, so assistive
// technology meets only the one on screen); both are the page's 25 rows at most.

export type ShownTransaction = TransactionRecord & { buyAgain: string | null; product: HistoryProduct | null };

export const COLUMNS: ReadonlyArray<{ column: SortColumn | "receipt"; label: string }> = [
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

/** A balance, or "None sent" for a row whose upstream sent none (decision 042). */
function balanceText(kobo: number | null): string {
  return kobo === null ? "None sent" : formatNaira(kobo);
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

/** Receipt (Confirmed rows only, SPEC.md §2), Re-check status (Pending rows, decision 033) and Buy again (decision 027). */
function RowActions({ row }: { row: ShownTransaction }) {
  return (
    <ul className="row-actions">
      {row.status === 1 ? (
        <li>
          <AppLink to={`/dashboard/receipt/${row.id}`} aria-label={`Receipt for ${row.reference}`}>
            Receipt
          </AppLink>
        </li>
      ) : null}
      {transactionStatus(row.status)?.label === "Pending" ? (
        <li>
          <RecheckButton transactionId={row.id} reference={row.reference} />
        </li>
      ) : null}
      {row.buyAgain ? (
        <li>
          <AppLink to={row.buyAgain} aria-label={`Buy again: ${row.reference}`}>
            Buy again
          </AppLink>
        </li>
      ) : null}
    </ul>
  );
}

type ListProps = { rows: ShownTransaction[]; query: ListQuery; filters: TransactionFilters };

export function TransactionTable({ rows, query, filters }: ListProps) {
  return (
    <div className="table-scroll wide-only" role="region" aria-label="Transactions table" tabIndex={0}>
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
                  aria-sort={query.sort === column ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <AppLink
                    to={listSearch({ sort: column, dir: nextDirection(query, column), page: 1 }, filters)}
                    preventScrollReset
                  >
                    {label}
                    {query.sort === column ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
                  </AppLink>
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
              <td className="money">{balanceText(row.initialBalanceKobo)}</td>
              <td className="money">{balanceText(row.newBalanceKobo)}</td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td>{formatDateTime(row.createdAt)}</td>
              <td>
                <RowActions row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who or what a row was for: its meter, smart card or phone, else its plan (a funding's channel). */
function recipientOf(row: TransactionRecord): string {
  if (row.meterNo) return `Meter ${row.meterNo}`;
  if (row.smartNo) return `Smart card ${row.smartNo}`;
  return row.phoneNumber || row.plan;
}

/** The columns a card keeps behind "Details": every SPEC.md column the card does not show first. */
const DETAILS: ReadonlyArray<{ label: string; value: (row: TransactionRecord) => string }> = [
  { label: "Description", value: (row) => row.description },
  { label: "Description 2", value: (row) => row.description2 },
  { label: "Response", value: (row) => row.response },
  { label: "Trans. Ref.", value: (row) => row.reference },
  { label: "Plan", value: (row) => row.plan },
  { label: "Phone No", value: (row) => row.phoneNumber },
  { label: "Smart No.", value: (row) => row.smartNo },
  { label: "Meter No.", value: (row) => row.meterNo },
  { label: "Exam Card", value: (row) => row.examCard },
  { label: "Token", value: (row) => row.token },
  { label: "Prev. Bal", value: (row) => balanceText(row.initialBalanceKobo) },
  { label: "Current Bal", value: (row) => balanceText(row.newBalanceKobo) },
];

export function TransactionCards({ rows }: { rows: ShownTransaction[] }) {
  return (
    <ol className="transaction-cards narrow-only" aria-label="Transactions">
      {rows.map((row) => (
        <li key={row.id}>
          <p className="card-head">
            <StatusBadge status={row.status} />
            <strong>{formatNaira(row.subtotal)}</strong>
            <span>{formatDateTime(row.createdAt)}</span>
          </p>
          <p className="card-what">
            {row.product ? <strong>{productLabel(row.product)}</strong> : null} {recipientOf(row)}
          </p>
          <details>
            <summary>Details</summary>
            <dl>
              {DETAILS.map(({ label, value }) => {
                const text = value(row);
                return text ? (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{text}</dd>
                  </div>
                ) : null;
              })}
            </dl>
          </details>
          <RowActions row={row} />
        </li>
      ))}
    </ol>
  );
}
