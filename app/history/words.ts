import type { HistoryProduct } from "../domain/buy-again.ts";
import { formatShortDay } from "../domain/dates.ts";
import { transactionStatus } from "../domain/labels.ts";
import type { LedgerKind } from "../domain/ledger.ts";
import type { RecheckWords } from "../domain/recheck.ts";
import type { Renewal } from "../domain/renewals.ts";
import type { SpendProduct } from "../domain/spending.ts";
import type { CsvWords } from "../domain/transaction-csv.ts";
import {
  type FilterErrors,
  type FilterField,
  type FilterProblem,
  type FilterProblems,
  SEARCH_MAX_LENGTH,
} from "../domain/transaction-filters.ts";
import type { SortColumn } from "../domain/transactions.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale, type Locale } from "../i18n/paraglide/runtime.js";
import { PRODUCT_WORDS } from "../i18n/product-words.ts";

// The history's words (statuses, products, columns, the ledger's lines) in the language of
// the request, or of the page in the browser (decision 059). app/domain stays free of words:
// its rules hand back codes and kinds, and these say them. Each is a function, called when a
// page is drawn or a file written, never kept in a constant.

/** A status's word, "Pending" or "Ana jira"; "Status 9" for a code no label names. */
export function statusLabel(status: number, locale: Locale = getLocale()): string {
  switch (transactionStatus(status)?.label) {
    case "Pending":
      return m.hist_status_pending({}, { locale });
    case "Confirmed":
      return m.hist_status_confirmed({}, { locale });
    case "Failed":
      return m.hist_status_failed({}, { locale });
    case "Ignored":
      return m.hist_status_ignored({}, { locale });
    case "Reversed":
      return m.hist_status_reversed({}, { locale });
    case undefined:
      return m.hist_status_unknown({ code: status }, { locale });
  }
}

/** A product's name, "Cable TV"; "Other" for what cannot be told (the chart's and the statement's word). */
export function productName(product: HistoryProduct | SpendProduct | null, locale: Locale = getLocale()): string {
  if (product === "funding") return m.hist_product_funding({}, { locale });
  if (product === null || product === "other") return m.hist_product_other({}, { locale });
  return PRODUCT_WORDS[product].name({}, { locale });
}

/** Each history column's name: the table's headers, the Sort form, a row's details and the CSV's header. */
const COLUMN_NAMES = {
  reference: m.hist_col_reference,
  plan: m.hist_col_plan,
  phoneNumber: m.hist_col_phone,
  smartNo: m.hist_col_smart,
  meterNo: m.hist_col_meter,
  description: m.hist_col_description,
  description2: m.hist_col_description2,
  response: m.hist_col_response,
  subtotal: m.hist_col_value,
  amount: m.hist_col_charged,
  examCard: m.hist_col_exam_card,
  token: m.hist_col_token,
  initialBalanceKobo: m.hist_col_prev_bal,
  newBalanceKobo: m.hist_col_current_bal,
  status: m.hist_col_status,
  createdAt: m.hist_col_date_created,
} as const satisfies Record<SortColumn, (inputs?: object, options?: { locale?: Locale }) => string>;

export function columnName(column: SortColumn, locale: Locale = getLocale()): string {
  return COLUMN_NAMES[column]({}, { locale });
}

/** What a line worked out from a row's charge and status says, on every screen that shows it. */
export function noBalancesNote(locale: Locale = getLocale()): string {
  return m.hist_ledger_no_balances({}, { locale });
}

/** What a ledger line with no row of its own says it was; null for a row, which says its own. */
export function ledgerLineWords(kind: LedgerKind): string | null {
  switch (kind) {
    case "row":
      return null;
    case "money-back":
      return m.hist_ledger_money_back();
    case "adjustment":
      return m.hist_ledger_adjustment();
    case "since-last":
      return m.hist_ledger_since_last();
  }
}

const FILTER_PROBLEMS = {
  searchTooLong: () => m.hist_filter_search_too_long({ max: SEARCH_MAX_LENGTH }),
  unknownProduct: m.hist_filter_unknown_product,
  unknownStatus: m.hist_filter_unknown_status,
  notADay: m.hist_filter_not_a_day,
  toBeforeFrom: m.hist_filter_to_before_from,
} as const satisfies Record<FilterProblem, () => string>;

/** The filters' problems in words, field by field, for the form to show beside each field. */
export function filterErrors(problems: FilterProblems): FilterErrors {
  const errors: FilterErrors = {};
  for (const [field, problem] of Object.entries(problems) as [FilterField, FilterProblem | undefined][])
    if (problem !== undefined) errors[field] = FILTER_PROBLEMS[problem]();
  return errors;
}

/** Re-check status's words, for the toast after a re-check and a bulk row's message. */
export function recheckWords(): RecheckWords {
  return { stillPending: m.hist_recheck_still_pending(), statusLabel: (status) => statusLabel(status) };
}

/** "DStv Compact for Mama Nkechi renews around 3 Dec", "… was due around 21 Nov", "… renews around today". */
export function renewalText(renewal: Renewal, locale: Locale = getLocale()): string {
  const words = {
    plan: renewal.plan || m.hist_renewal_any_plan({}, { locale }),
    customer: renewal.customer,
    day: formatShortDay(renewal.day, locale),
  };
  if (renewal.when === "today") return m.hist_renewal_today(words, { locale });
  return renewal.when === "ahead" ? m.hist_renewal_ahead(words, { locale }) : m.hist_renewal_past(words, { locale });
}

/**
 * The CSV's words in `locale`, fixed when the request is read: the file is written as it is
 * sent, after the request's own language has gone (decision 059).
 */
export function csvWords(locale: Locale = getLocale()): CsvWords {
  const naira = (column: SortColumn) => `${columnName(column, locale)} (NGN)`;
  return {
    header: [
      columnName("reference", locale),
      columnName("plan", locale),
      columnName("phoneNumber", locale),
      columnName("smartNo", locale),
      columnName("meterNo", locale),
      columnName("description", locale),
      columnName("description2", locale),
      columnName("response", locale),
      naira("subtotal"),
      naira("amount"),
      columnName("examCard", locale),
      columnName("token", locale),
      naira("initialBalanceKobo"),
      naira("newBalanceKobo"),
      `${m.hist_col_wallet_change({}, { locale })} (NGN)`,
      `${m.hist_col_money_back({}, { locale })} (NGN)`,
      m.hist_col_note({}, { locale }),
      columnName("status", locale),
      `${columnName("createdAt", locale)} (ISO 8601)`,
      columnName("createdAt", locale),
    ],
    noBalances: noBalancesNote(locale),
    statusLabel: (status) => statusLabel(status, locale),
    language: locale,
  };
}
