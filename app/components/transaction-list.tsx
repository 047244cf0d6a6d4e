import { Fragment, type ReactNode } from "react";
import { AppLink } from "./app-link.tsx";
import type { HistoryProduct } from "../domain/buy-again.ts";
import { formatDateTime } from "../domain/dates.ts";
import { fundingMoney, transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import { columnName, productName } from "../history/words.ts";
import { outcomeText } from "../history/outcome-words.ts";
import { rowFacts } from "../domain/outcome.ts";
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
// the sixteen the history has always had, so no table is wider than a 1280 px screen and every column is reachable
// without JavaScript. Below 48rem CSS restyles each transaction as a card, each cell naming its
// column. Its words are said in the loader, in the person's language, and come with the rows
// (listWords, rowWords; decision 059), so the page's script carries none of them.

/** How a row moved the wallet, by the ledger's rule (app/domain/ledger.ts). */
export type RowMoney = { walletChange: string; moneyBack: string | null; note: string | null };

export type ShownTransaction = TransactionRecord & {
  buyAgain: string | null;
  product: HistoryProduct | null;
  money: RowMoney | null;
  words: RowWords;
};

/** The table's columns: what a person scans; a column with a `sort` sorts by its header link. */
const COLUMNS = [
  { key: "reference", sort: "reference" },
  { key: "plan", sort: "plan" },
  { key: "number", sort: null },
  { key: "value", sort: "subtotal" },
  { key: "charged", sort: "amount" },
  { key: "status", sort: "status" },
  { key: "created", sort: "createdAt" },
  { key: "action", sort: null },
] as const satisfies ReadonlyArray<{ key: string; sort: SortColumn | null }>;

/** The history's columns the table does not show, in a row's Details. */
const DETAIL_KEYS = [
  "description",
  "description2",
  "response",
  "plan",
  "phone",
  "smart",
  "meter",
  "exam",
  "token",
  "before",
  "after",
  "change",
  "back",
  "note",
] as const;

/** The table's words in the request's language, for the loader to send with the rows. */
export function listWords() {
  return {
    table: m.hist_tx_table(),
    columns: {
      reference: columnName("reference"),
      plan: m.hist_col_product_plan(),
      number: m.hist_col_number(),
      value: columnName("subtotal"),
      charged: columnName("amount"),
      status: columnName("status"),
      created: columnName("createdAt"),
      action: m.hist_col_action(),
    } satisfies Record<(typeof COLUMNS)[number]["key"], string>,
    details: {
      description: columnName("description"),
      description2: columnName("description2"),
      response: columnName("response"),
      plan: columnName("plan"),
      phone: columnName("phoneNumber"),
      smart: columnName("smartNo"),
      meter: columnName("meterNo"),
      exam: columnName("examCard"),
      token: columnName("token"),
      before: columnName("initialBalanceKobo"),
      after: columnName("newBalanceKobo"),
      change: m.hist_col_wallet_change(),
      back: m.hist_col_money_back(),
      note: m.hist_col_note(),
    } satisfies Record<(typeof DETAIL_KEYS)[number], string>,
    detailsSummary: m.hist_tx_details(),
    receipt: m.hist_tx_receipt(),
    buyAgain: m.hist_buy_again(),
  };
}

export type ListWords = ReturnType<typeof listWords>;

/** A balance, or "None sent" for a row whose upstream sent none (decision 042). */
function balanceText(kobo: number | null): string {
  return kobo === null ? m.hist_tx_none_sent() : formatNaira(kobo);
}

/** Who or what a row was for: its meter, smart card or phone. */
function numberOf(row: TransactionRecord): string {
  if (row.meterNo) return m.hist_tx_meter({ number: row.meterNo });
  if (row.smartNo) return m.hist_tx_smart_card({ number: row.smartNo });
  return row.phoneNumber;
}

/** Money coming in, said as what it is: paid in, to the wallet, and the fee (decision 074). */
type FundingWords = { paidIn: string; toWallet: string; toWalletAmount: string; fee: string | null };

/** A funding row's words for its Value and Charged cells; null for any other row. */
export function fundingWords(
  row: Pick<TransactionRecord, "subtotal" | "amount">,
  product: HistoryProduct | null,
): FundingWords | null {
  if (product !== "funding") return null;
  const money = fundingMoney(row);
  return {
    paidIn: m.buy_label_paid_in(),
    toWallet: m.buy_label_to_wallet(),
    toWalletAmount: formatNaira(money.toWalletKobo),
    fee: money.feeKobo > 0 ? m.hist_funding_fee({ amount: formatNaira(money.feeKobo) }) : null,
  };
}

/**
 * A funding row's Charged cell: "To wallet", "₦4,957.50", "Fee ₦42.50", a line each (the cell's
 * figures never wrap). It names itself, so it carries no column label of its own on a phone, and
 * the table's "Charged" is not read as a charge.
 */
function FundingCell({ words }: { words: FundingWords }) {
  return (
    <>
      <span>{words.toWallet}</span>
      <br />
      <span>
        {words.toWalletAmount}
        {words.fee === null ? null : <small className="line-note">{words.fee}</small>}
      </span>
    </>
  );
}

/** A row's own words in the request's language: its product, number, date, balances and links' names. */
export function rowWords(row: TransactionRecord, product: HistoryProduct | null) {
  return {
    product: product === null ? null : productName(product),
    funding: fundingWords(row, product),
    outcome: outcomeOfRow(row, product),
    number: numberOf(row),
    date: formatDateTime(row.createdAt, getLocale()),
    before: balanceText(row.initialBalanceKobo),
    after: balanceText(row.newBalanceKobo),
    receipt: m.hist_tx_receipt_for({ reference: row.reference }),
    buyAgain: m.hist_buy_again_for({ what: row.reference }),
    detailsOf: m.hist_tx_details_of({ reference: row.reference }),
  };
}

type RowWords = ReturnType<typeof rowWords>;

/** The row's outcome in the portal's words (decision 079); null where its facts cannot be told. */
function outcomeOfRow(row: TransactionRecord, product: HistoryProduct | null): string | null {
  const facts = rowFacts(row, product);
  return facts === null ? null : outcomeText(facts);
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

/** Receipt (Confirmed rows only), Re-check status (Pending rows, decision 033) and Buy again (decision 027). */
function RowActions({ row, words }: { row: ShownTransaction; words: ListWords }) {
  return (
    <ul className="row-actions">
      {row.status === 1 ? (
        <li>
          <AppLink to={`/dashboard/receipt/${row.id}`} aria-label={row.words.receipt}>
            {words.receipt}
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
          <AppLink to={row.buyAgain} aria-label={row.words.buyAgain}>
            {words.buyAgain}
          </AppLink>
        </li>
      ) : null}
    </ul>
  );
}

/** Each detail's value; an empty one is kept (so each row lists the same) and not shown. */
const DETAIL_VALUES: Readonly<Record<(typeof DETAIL_KEYS)[number], (row: ShownTransaction) => ReactNode>> = {
  description: (row) => <LongText text={row.description} />,
  description2: (row) => <LongText text={row.description2} />,
  response: (row) => <LongText text={row.response} />,
  plan: (row) => row.plan,
  phone: (row) => row.phoneNumber,
  smart: (row) => row.smartNo,
  meter: (row) => row.meterNo,
  exam: (row) => row.examCard,
  token: (row) => row.token,
  before: (row) => row.words.before,
  after: (row) => row.words.after,
  change: (row) => row.money?.walletChange ?? "",
  back: (row) => row.money?.moneyBack ?? "",
  note: (row) => row.money?.note ?? "",
};

function RowDetails({ row, words }: { row: ShownTransaction; words: ListWords }) {
  return (
    <details className="row-details">
      {/* The outcome in the page's words opens the rest, the upstream's own words among them (decision 079). */}
      <summary>
        {row.words.outcome ?? words.detailsSummary}
        <span className="visually-hidden"> {row.words.detailsOf}</span>
      </summary>
      <dl>
        {DETAIL_KEYS.map((key) => (
          <div key={key}>
            <dt>{words.details[key]}</dt>
            <dd>{DETAIL_VALUES[key](row)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type ListProps = { rows: ShownTransaction[]; query: ListQuery; filters: TransactionFilters; words: ListWords };

export function TransactionTable({ rows, query, filters, words }: ListProps) {
  const labels = words.columns;
  return (
    <div className="table-scroll" role="region" aria-label={words.table} tabIndex={0}>
      <table className="transactions">
        <thead>
          <tr>
            {COLUMNS.map(({ key, sort }) =>
              sort === null ? (
                <th key={key} scope="col">
                  {labels[key]}
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
                    {labels[key]}
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
                  {row.words.product ? <strong>{row.words.product}</strong> : null}
                  {row.product && row.plan ? <br /> : null}
                  {row.plan}
                </td>
                <td data-label={labels.number}>{row.words.number}</td>
                <td data-label={row.words.funding?.paidIn ?? labels.value} className="money">
                  {formatNaira(row.subtotal)}
                </td>
                {row.words.funding === null ? (
                  <td data-label={labels.charged} className="money">
                    {formatNaira(row.amount)}
                  </td>
                ) : (
                  <td className="money">
                    <FundingCell words={row.words.funding} />
                  </td>
                )}
                <td data-label={labels.status}>
                  <StatusBadge status={row.status} />
                </td>
                <td data-label={labels.created}>{row.words.date}</td>
                <td data-label={labels.action}>
                  <RowActions row={row} words={words} />
                </td>
              </tr>
              {/* The row's other columns, the table's whole width when open. */}
              <tr className="row-more">
                <td colSpan={COLUMNS.length}>
                  <RowDetails row={row} words={words} />
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
