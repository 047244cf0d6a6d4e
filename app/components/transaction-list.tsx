import { Fragment, type ReactNode } from "react";
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

// The transactions page's rows (decisions 032 and 042): one table, never two renderings, so a
// browser without CSS (Opera Mini extreme, a text browser) shows one list. It holds the columns
// a person scans; each transaction's <details>, in a row of its own under it, holds the rest of
// SPEC.md §2's sixteen, so no table is wider than a 1280 px screen and every column is reachable
// without JavaScript. Below 48rem CSS restyles each transaction as a card, each cell naming its
// column.

/** How a row moved the wallet, by the ledger's rule (app/domain/ledger.ts). */
export type RowMoney = { walletChange: string; moneyBack: string | null; note: string | null };

export type ShownTransaction = TransactionRecord & {
  buyAgain: string | null;
  product: HistoryProduct | null;
  money: RowMoney | null;
};

/** The table's columns: what a person scans; a column with a `sort` sorts by its header link. */
export const COLUMNS: ReadonlyArray<{ label: string; sort: SortColumn | null }> = [
  { label: "Trans. Ref.", sort: "reference" },
  { label: "Product and plan", sort: "plan" },
  { label: "Number", sort: null },
  { label: "Value", sort: "subtotal" },
  { label: "Charged", sort: "amount" },
  { label: "Status", sort: "status" },
  { label: "Date Created", sort: "createdAt" },
  { label: "Action", sort: null },
];

/** Every sortable column's name, for the phone's Sort form: SPEC.md's words, Value and Charged for money. */
export const SORT_LABELS: Readonly<Record<SortColumn, string>> = {
  reference: "Trans. Ref.",
  plan: "Plan",
  phoneNumber: "Phone No",
  smartNo: "Smart No.",
  meterNo: "Meter No.",
  description: "Description",
  description2: "Description 2",
  response: "Response",
  subtotal: "Value",
  amount: "Charged",
  examCard: "Exam Card",
  token: "Token",
  initialBalanceKobo: "Prev. Bal",
  newBalanceKobo: "Current Bal",
  status: "Status",
  createdAt: "Date Created",
};

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

/** A balance, or "None sent" for a row whose upstream sent none (decision 042). */
function balanceText(kobo: number | null): string {
  return kobo === null ? "None sent" : formatNaira(kobo);
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

/** Who or what a row was for: its meter, smart card or phone. */
function numberOf(row: TransactionRecord): string {
  if (row.meterNo) return `Meter ${row.meterNo}`;
  if (row.smartNo) return `Smart card ${row.smartNo}`;
  return row.phoneNumber;
}

/** The SPEC.md columns the table does not show; an empty one is kept (so each row lists the same) and not shown. */
const DETAILS: ReadonlyArray<{ label: string; value: (row: ShownTransaction) => ReactNode }> = [
  { label: "Description", value: (row) => <LongText text={row.description} /> },
  { label: "Description 2", value: (row) => <LongText text={row.description2} /> },
  { label: "Response", value: (row) => <LongText text={row.response} /> },
  { label: "Plan", value: (row) => row.plan },
  { label: "Phone No", value: (row) => row.phoneNumber },
  { label: "Smart No.", value: (row) => row.smartNo },
  { label: "Meter No.", value: (row) => row.meterNo },
  { label: "Exam Card", value: (row) => row.examCard },
  { label: "Token", value: (row) => row.token },
  { label: "Prev. Bal", value: (row) => balanceText(row.initialBalanceKobo) },
  { label: "Current Bal", value: (row) => balanceText(row.newBalanceKobo) },
  { label: "Wallet change", value: (row) => row.money?.walletChange ?? "" },
  { label: "Money back", value: (row) => row.money?.moneyBack ?? "" },
  { label: "Note", value: (row) => row.money?.note ?? "" },
];

function RowDetails({ row }: { row: ShownTransaction }) {
  return (
    <details className="row-details">
      <summary>
        Details<span className="visually-hidden"> of {row.reference}</span>
      </summary>
      <dl>
        {DETAILS.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value(row)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type ListProps = { rows: ShownTransaction[]; query: ListQuery; filters: TransactionFilters };

export function TransactionTable({ rows, query, filters }: ListProps) {
  return (
    <div className="table-scroll" role="region" aria-label="Transactions table" tabIndex={0}>
      <table className="transactions">
        <thead>
          <tr>
            {COLUMNS.map(({ label, sort }) =>
              sort === null ? (
                <th key={label} scope="col">
                  {label}
                </th>
              ) : (
                <th
                  key={label}
                  scope="col"
                  aria-sort={query.sort === sort ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <AppLink
                    to={listSearch({ sort, dir: nextDirection(query, sort), page: 1 }, filters)}
                    preventScrollReset
                  >
                    {label}
                    {query.sort === sort ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
                  </AppLink>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr>
                <td data-label="Trans. Ref." className="reference">
                  {row.reference}
                </td>
                <td data-label="Product and plan">
                  {row.product ? <strong>{productLabel(row.product)}</strong> : null}
                  {row.product && row.plan ? <br /> : null}
                  {row.plan}
                </td>
                <td data-label="Number">{numberOf(row)}</td>
                <td data-label="Value" className="money">
                  {formatNaira(row.subtotal)}
                </td>
                <td data-label="Charged" className="money">
                  {formatNaira(row.amount)}
                </td>
                <td data-label="Status">
                  <StatusBadge status={row.status} />
                </td>
                <td data-label="Date Created">{formatDateTime(row.createdAt)}</td>
                <td data-label="Action">
                  <RowActions row={row} />
                </td>
              </tr>
              {/* The row's other columns, the table's whole width when open. */}
              <tr className="row-more">
                <td colSpan={COLUMNS.length}>
                  <RowDetails row={row} />
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
