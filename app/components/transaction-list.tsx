import { Fragment, type ReactNode } from "react";
import { AppLink } from "./app-link.tsx";
import type { HistoryProduct } from "../domain/buy-again.ts";
import { formatDateTime } from "../domain/dates.ts";
import { transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import { columnName, productName } from "../history/words.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";
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

/**
 * The table's columns: what a person scans; a column with a `sort` sorts by its header link.
 * Each label a message, said when the table is drawn; `key` names the column whatever the language.
 */
const COLUMNS: ReadonlyArray<{ key: string; label: () => string; sort: SortColumn | null }> = [
  { key: "reference", label: m.hist_col_reference, sort: "reference" },
  { key: "plan", label: m.hist_col_product_plan, sort: "plan" },
  { key: "number", label: m.hist_col_number, sort: null },
  { key: "value", label: m.hist_col_value, sort: "subtotal" },
  { key: "charged", label: m.hist_col_charged, sort: "amount" },
  { key: "status", label: m.hist_col_status, sort: "status" },
  { key: "created", label: m.hist_col_date_created, sort: "createdAt" },
  { key: "action", label: m.hist_col_action, sort: null },
];

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
  return kobo === null ? m.hist_tx_none_sent() : formatNaira(kobo);
}

/** Receipt (Confirmed rows only, SPEC.md §2), Re-check status (Pending rows, decision 033) and Buy again (decision 027). */
function RowActions({ row }: { row: ShownTransaction }) {
  return (
    <ul className="row-actions">
      {row.status === 1 ? (
        <li>
          <AppLink to={`/dashboard/receipt/${row.id}`} aria-label={m.hist_tx_receipt_for({ reference: row.reference })}>
            {m.hist_tx_receipt()}
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
          <AppLink to={row.buyAgain} aria-label={m.hist_buy_again_for({ what: row.reference })}>
            {m.hist_buy_again()}
          </AppLink>
        </li>
      ) : null}
    </ul>
  );
}

/** Who or what a row was for: its meter, smart card or phone. */
function numberOf(row: TransactionRecord): string {
  if (row.meterNo) return m.hist_tx_meter({ number: row.meterNo });
  if (row.smartNo) return m.hist_tx_smart_card({ number: row.smartNo });
  return row.phoneNumber;
}

/** The SPEC.md columns the table does not show; an empty one is kept (so each row lists the same) and not shown. */
const DETAILS: ReadonlyArray<{ key: string; label: () => string; value: (row: ShownTransaction) => ReactNode }> = [
  { key: "description", label: () => columnName("description"), value: (row) => <LongText text={row.description} /> },
  {
    key: "description2",
    label: () => columnName("description2"),
    value: (row) => <LongText text={row.description2} />,
  },
  { key: "response", label: () => columnName("response"), value: (row) => <LongText text={row.response} /> },
  { key: "plan", label: () => columnName("plan"), value: (row) => row.plan },
  { key: "phone", label: () => columnName("phoneNumber"), value: (row) => row.phoneNumber },
  { key: "smart", label: () => columnName("smartNo"), value: (row) => row.smartNo },
  { key: "meter", label: () => columnName("meterNo"), value: (row) => row.meterNo },
  { key: "exam", label: () => columnName("examCard"), value: (row) => row.examCard },
  { key: "token", label: () => columnName("token"), value: (row) => row.token },
  { key: "before", label: () => columnName("initialBalanceKobo"), value: (row) => balanceText(row.initialBalanceKobo) },
  { key: "after", label: () => columnName("newBalanceKobo"), value: (row) => balanceText(row.newBalanceKobo) },
  { key: "change", label: m.hist_col_wallet_change, value: (row) => row.money?.walletChange ?? "" },
  { key: "back", label: m.hist_col_money_back, value: (row) => row.money?.moneyBack ?? "" },
  { key: "note", label: m.hist_col_note, value: (row) => row.money?.note ?? "" },
];

function RowDetails({ row }: { row: ShownTransaction }) {
  return (
    <details className="row-details">
      <summary>
        {m.hist_tx_details()}
        <span className="visually-hidden"> {m.hist_tx_details_of({ reference: row.reference })}</span>
      </summary>
      <dl>
        {DETAILS.map(({ key, label, value }) => (
          <div key={key}>
            <dt>{label()}</dt>
            <dd>{value(row)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type ListProps = { rows: ShownTransaction[]; query: ListQuery; filters: TransactionFilters };

export function TransactionTable({ rows, query, filters }: ListProps) {
  const labels = Object.fromEntries(COLUMNS.map(({ key, label }) => [key, label()]));
  return (
    <div className="table-scroll" role="region" aria-label={m.hist_tx_table()} tabIndex={0}>
      <table className="transactions">
        <thead>
          <tr>
            {COLUMNS.map(({ key, label, sort }) =>
              sort === null ? (
                <th key={key} scope="col">
                  {label()}
                </th>
              ) : (
                <th
                  key={key}
                  scope="col"
                  aria-sort={query.sort === sort ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <AppLink
                    to={listSearch({ sort, dir: nextDirection(query, sort), page: 1 }, filters)}
                    preventScrollReset
                  >
                    {label()}
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
                <td data-label={labels.reference} className="reference">
                  {row.reference}
                </td>
                <td data-label={labels.plan}>
                  {row.product ? <strong>{productName(row.product)}</strong> : null}
                  {row.product && row.plan ? <br /> : null}
                  {row.plan}
                </td>
                <td data-label={labels.number}>{numberOf(row)}</td>
                <td data-label={labels.value} className="money">
                  {formatNaira(row.subtotal)}
                </td>
                <td data-label={labels.charged} className="money">
                  {formatNaira(row.amount)}
                </td>
                <td data-label={labels.status}>
                  <StatusBadge status={row.status} />
                </td>
                <td data-label={labels.created}>{formatDateTime(row.createdAt, getLocale())}</td>
                <td data-label={labels.action}>
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
