import { data } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { expireSessionOn } from "../../../session/auth.server.ts";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { FilterForm, filterWords, SortForm } from "./filters.tsx";
import { listWords, type RowMoney, rowWords, TransactionTable } from "../../../components/transaction-list.tsx";
import { buyAgainHref, historyProductOf } from "../../../domain/buy-again.ts";
import {
  filterEntries,
  hasFilters,
  listSearch,
  NO_FILTERS,
  parseFilters,
} from "../../../domain/transaction-filters.ts";
import { pageOf, parseListQuery } from "../../../domain/transactions.ts";
import { netKobo, type RowMoney as LedgerMoney } from "../../../domain/ledger.ts";
import { formatNaira } from "../../../domain/money.ts";
import { numbersNamedIn } from "../../../customers/customers.server.ts";
import { filteredHistory, historyMoney, readHistory, sortedHistory } from "../../../history/history.server.ts";
import { filterErrors, noBalancesNote } from "../../../history/words.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { titleMeta } from "../../../components/meta.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { UpstreamError } from "../../../upstream/errors.ts";
import type { Route } from "./+types/route";

export const handle = { hydrate: false };

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
    const shown = page.rows.map((row) => {
      const product = historyProductOf(row);
      return {
        ...row,
        buyAgain: buyAgainHref(row),
        product,
        money: moneyText(money.get(row.id)),
        words: rowWords(row, product),
      };
    });
    const counts = { ...page, overall: history.length, filtered: hasFilters(filters) };
    return {
      ...found,
      words: pageWords(counts),
      failed: false as const,
      ...page,
      rows: shown,
      overall: history.length,
    };
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) {
      // The shell stays; the table says it could not load and offers a retry (decision 017).
      return data(
        {
          ...found,
          words: pageWords(null),
          failed: true as const,
          rows: [],
          page: 1,
          pageCount: 1,
          total: 0,
          overall: 0,
        },
        { status: error.pageStatus },
      );
    }
    return expireSessionOn(error, context);
  }
}

/**
 * The page's words, said on the server in the person's language and sent with its data
 * (decision 059): the page's script carries none of them in three languages. The title and
 * Try again are the menu's and the error page's, already in the browser.
 */
function pageWords(
  counts: { total: number; overall: number; page: number; pageCount: number; filtered: boolean } | null,
) {
  const { total = 0, overall = 0, page = 1, pageCount = 1, filtered = false } = counts ?? {};
  return {
    noMatch: m.hist_tx_no_match({ count: overall }),
    count: filtered
      ? m.hist_tx_count_filtered({ shown: total, count: overall, page, pages: pageCount })
      : m.hist_tx_count({ count: total, page, pages: pageCount }),
    loadFailed: m.hist_tx_load_failed(),
    tryAgain: m.error_try_again(),
    none: m.hist_tx_none(),
    downloadCsv: m.hist_tx_download_csv(),
    statement: m.hist_statement(),
    pages: m.hist_tx_pages(),
    previous: m.hist_tx_previous(),
    next: m.hist_tx_next(),
    list: listWords(),
    filters: filterWords(),
  };
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
  const { query, filters, errors, typed, rows, page, pageCount, total, overall, failed, words } = loaderData;
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
          <p>{words.loadFailed}</p>
          <a href={here({ page: query.page })} className="button">
            {words.tryAgain}
          </a>
        </div>
      ) : overall === 0 ? (
        <p>{words.none}</p>
      ) : (
        <>
          <FilterForm query={query} typed={typed} errors={errors} clearHref={clearHref} words={words.filters} />
          <ul className="inline-list">
            <li>
              <a
                href={`/dashboard/transactions.csv${listSearch({ sort: query.sort, dir: query.dir }, filters)}`}
                download
              >
                {words.downloadCsv}
              </a>
            </li>
            <li>
              <AppLink to={`/dashboard/statement${range.size > 0 ? `?${range}` : ""}`}>{words.statement}</AppLink>
            </li>
          </ul>
          {total === 0 ? (
            <p role="status">{words.noMatch}</p>
          ) : (
            <>
              <p role="status">{words.count}</p>
              <SortForm query={query} filters={filters} words={words.filters} />
              <TransactionTable rows={rows} query={query} filters={filters} words={words.list} />
              <nav aria-label={words.pages} className="pager">
                <ul>
                  <li>{page > 1 ? <AppLink to={here({ page: page - 1 })}>{words.previous}</AppLink> : null}</li>
                  <li>{page < pageCount ? <AppLink to={here({ page: page + 1 })}>{words.next}</AppLink> : null}</li>
                </ul>
              </nav>
            </>
          )}
        </>
      )}
    </>
  );
}
