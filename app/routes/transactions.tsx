import { data } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { expireSessionOn } from "../session/auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { FilterForm, SortForm } from "../components/transaction-filters.tsx";
import { type RowMoney, TransactionTable } from "../components/transaction-list.tsx";
import { buyAgainHref, historyProductOf } from "../domain/buy-again.ts";
import { filterEntries, hasFilters, listSearch, NO_FILTERS, parseFilters } from "../domain/transaction-filters.ts";
import { pageOf, parseListQuery } from "../domain/transactions.ts";
import { netKobo, type RowMoney as LedgerMoney } from "../domain/ledger.ts";
import { formatNaira } from "../domain/money.ts";
import { numbersNamedIn } from "../customers/customers.server.ts";
import { filteredHistory, historyMoney, readHistory, sortedHistory } from "../history/history.server.ts";
import { filterErrors, noBalancesNote } from "../history/words.ts";
import { m } from "../i18n/paraglide/messages.js";
import { titleMeta } from "../components/meta.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import type { Route } from "./+types/transactions";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, m.dashboard_transactions(), { error: Object.keys(loaderData?.errors ?? {}).length > 0 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const search = new URL(request.url).searchParams;
  const query = parseListQuery(search);
  const { filters, errors: problems, typed } = parseFilters(search);
  const found = { query, filters, errors: filterErrors(problems), typed };
  // A search for a saved name ("Mama Nkechi") finds that number's purchases too.
  const named = numbersNamedIn(user.id, filters.search);
  try {
    const [history, numbers] = await Promise.all([readHistory(context, caller), named]);
    // Sorted once while the history is kept, then filtered on the raw values (keeping the
    // order); only the page's rows are worked on further.
    const rows = filteredHistory(sortedHistory(history, query.sort, query.dir), filters, numbers);
    const page = pageOf(rows, query.page);
    // Only the rows shown get a Buy again link (decision 027), a product name and what they
    // moved the wallet (decision 042).
    const money = historyMoney(history);
    const shown = page.rows.map((row) => ({
      ...row,
      buyAgain: buyAgainHref(row),
      product: historyProductOf(row),
      money: moneyText(money.get(row.id)),
    }));
    return { ...found, failed: false as const, ...page, rows: shown, overall: history.length };
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) {
      // The shell stays; the table says it could not load and offers a retry (DESIGN.md §6).
      return data(
        { ...found, failed: true as const, rows: [], page: 1, pageCount: 1, total: 0, overall: 0 },
        { status: error.pageStatus },
      );
    }
    return expireSessionOn(error, context);
  }
}

/** "−₦97.00", "+₦5,000.00": a signed change to the wallet. */
function signedNaira(kobo: number): string {
  return kobo < 0 ? `−${formatNaira(-kobo)}` : `+${formatNaira(kobo)}`;
}

function moneyText(money: LedgerMoney | undefined): RowMoney | null {
  if (money === undefined) return null;
  return {
    walletChange: signedNaira(netKobo(money.line)),
    moneyBack: money.after ? signedNaira(netKobo(money.after)) : null,
    note: money.line.fromStatus ? noBalancesNote() : null,
  };
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { query, filters, errors, typed, rows, page, pageCount, total, overall, failed } = loaderData;
  const filtered = hasFilters(filters);
  // Clearing keeps the sort and starts again at page 1.
  const clearHref =
    filtered || Object.keys(errors).length > 0 ? listSearch({ sort: query.sort, dir: query.dir }, NO_FILTERS) : null;
  const here = (changes: { page: number }) => listSearch({ ...query, ...changes }, filters);
  const range = new URLSearchParams(filterEntries({ ...NO_FILTERS, from: filters.from, to: filters.to }));
  return (
    <>
      <PageHeader title={m.dashboard_transactions()} />
      {failed ? (
        <div role="alert" className="notice">
          <p>{m.hist_tx_load_failed()}</p>
          <a href={here({ page: query.page })} className="button">
            {m.error_try_again()}
          </a>
        </div>
      ) : overall === 0 ? (
        <p>{m.hist_tx_none()}</p>
      ) : (
        <>
          <FilterForm query={query} typed={typed} errors={errors} clearHref={clearHref} />
          <ul className="inline-list">
            <li>
              <a
                href={`/dashboard/transactions.csv${listSearch({ sort: query.sort, dir: query.dir }, filters)}`}
                download
              >
                {m.hist_tx_download_csv()}
              </a>
            </li>
            <li>
              <AppLink to={`/dashboard/statement${range.size > 0 ? `?${range}` : ""}`}>{m.hist_statement()}</AppLink>
            </li>
          </ul>
          {total === 0 ? (
            <p role="status">{m.hist_tx_no_match({ count: overall })}</p>
          ) : (
            <>
              <p role="status">
                {filtered
                  ? m.hist_tx_count_filtered({ shown: total, count: overall, page, pages: pageCount })
                  : m.hist_tx_count({ count: total, page, pages: pageCount })}
              </p>
              <SortForm query={query} filters={filters} />
              <TransactionTable rows={rows} query={query} filters={filters} />
              <nav aria-label={m.hist_tx_pages()} className="pager">
                <ul>
                  <li>{page > 1 ? <AppLink to={here({ page: page - 1 })}>{m.hist_tx_previous()}</AppLink> : null}</li>
                  <li>
                    {page < pageCount ? <AppLink to={here({ page: page + 1 })}>{m.hist_tx_next()}</AppLink> : null}
                  </li>
                </ul>
              </nav>
            </>
          )}
        </>
      )}
    </>
  );
}
