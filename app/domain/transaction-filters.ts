import { type HistoryProduct, historyProductOf } from "./buy-again.ts";
import { lagosDayStart, parseDay } from "./dates.ts";
import { HISTORY_PRODUCTS, TRANSACTION_STATUS_CODES, transactionStatus } from "./labels.ts";
import { type ListQuery, sortParam, type TransactionRecord } from "./transactions.ts";

// Finding transactions (decision 031): a search box, a product, a status and
// a Lagos date range, read from the address so a filtered list can be bookmarked. Read
// leniently: a field that cannot be used is left out with its own message, and the others
// still apply. Matching works on the raw values, so a long history is filtered before anything
// is formatted.

export type FilterField = "search" | "product" | "status" | "from" | "to";

export type TransactionFilters = {
  /** As typed, trimmed; "" for none. */
  search: string;
  product: HistoryProduct | null;
  /** A transaction status code, 0 to 4. */
  status: number | null;
  /** Lagos calendar days "YYYY-MM-DD", both included. */
  from: string | null;
  to: string | null;
};

/** What was wrong with a field, as a code: app/history/words.ts says it in the request's language. */
export type FilterProblem = keyof typeof FILTER_PROBLEMS;

/** A problem per field that could not be read. */
export type FilterProblems = Partial<Record<FilterField, FilterProblem>>;

/** A message per field, in words, as the forms show them. */
export type FilterErrors = Partial<Record<FilterField, string>>;

export type FilterQuery = {
  /** What applies: the fields that could be read. */
  filters: TransactionFilters;
  /** A problem per field that could not. */
  errors: FilterProblems;
  /** Each field as the address had it, to show the form as it was sent. */
  typed: Record<FilterField, string>;
};

/** Each field's name in the address. */
export const FILTER_PARAMS = {
  search: "q",
  product: "product",
  status: "status",
  from: "from",
  to: "to",
} as const satisfies Record<FilterField, string>;

export const SEARCH_MAX_LENGTH = 100;

/** Each problem a field can have; its words are the messages' (searchTooLong names SEARCH_MAX_LENGTH). */
export const FILTER_PROBLEMS = {
  searchTooLong: "searchTooLong",
  unknownProduct: "unknownProduct",
  unknownStatus: "unknownStatus",
  notADay: "notADay",
  toBeforeFrom: "toBeforeFrom",
} as const;

export const NO_FILTERS: TransactionFilters = { search: "", product: null, status: null, from: null, to: null };

/** A status's value in the address: its label in small letters, "pending". */
export function statusParam(status: number): string {
  return transactionStatus(status)?.label.toLowerCase() ?? String(status);
}

function statusOf(param: string): number | undefined {
  return TRANSACTION_STATUS_CODES.find((code) => statusParam(code) === param);
}

function productOfParam(param: string): HistoryProduct | undefined {
  return HISTORY_PRODUCTS.find((product) => product === param);
}

/** `?q=&product=&status=&from=&to=` read leniently: empty means no filter, a bad field a problem. */
export function parseFilters(search: URLSearchParams): FilterQuery {
  const typed = {
    search: search.get(FILTER_PARAMS.search) ?? "",
    product: search.get(FILTER_PARAMS.product) ?? "",
    status: search.get(FILTER_PARAMS.status) ?? "",
    from: search.get(FILTER_PARAMS.from) ?? "",
    to: search.get(FILTER_PARAMS.to) ?? "",
  };
  const filters: TransactionFilters = { ...NO_FILTERS };
  const errors: FilterProblems = {};

  const text = typed.search.trim().replace(/\s+/g, " ");
  if (Array.from(text).length > SEARCH_MAX_LENGTH) errors.search = FILTER_PROBLEMS.searchTooLong;
  else filters.search = text;

  const product = typed.product.trim();
  if (product) {
    const known = productOfParam(product);
    if (known === undefined) errors.product = FILTER_PROBLEMS.unknownProduct;
    else filters.product = known;
  }

  const status = typed.status.trim();
  if (status) {
    const known = statusOf(status);
    if (known === undefined) errors.status = FILTER_PROBLEMS.unknownStatus;
    else filters.status = known;
  }

  // A date picker sends "2026-01-31"; a browser without one sends what was typed, such as
  // "31/01/2026" (decision 046). The form shows a day it could read back as a picker wants it.
  for (const field of ["from", "to"] as const) {
    const text = typed[field].trim();
    if (!text) continue;
    const day = parseDay(text);
    if (day === null) errors[field] = FILTER_PROBLEMS.notADay;
    else {
      filters[field] = day;
      typed[field] = day;
    }
  }
  // A range the wrong way round finds nothing by definition; which end is wrong cannot be
  // told, so neither applies until it is put right.
  if (filters.from !== null && filters.to !== null && filters.from > filters.to) {
    errors.to = FILTER_PROBLEMS.toBeforeFrom;
    filters.from = null;
    filters.to = null;
  }
  return { filters, errors, typed };
}

export function hasFilters(filters: TransactionFilters): boolean {
  return (
    filters.search !== "" ||
    filters.product !== null ||
    filters.status !== null ||
    filters.from !== null ||
    filters.to !== null
  );
}

/** The filters that apply, as address fields; none for a filter not set. */
export function filterEntries(filters: TransactionFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.search) entries.push([FILTER_PARAMS.search, filters.search]);
  if (filters.product !== null) entries.push([FILTER_PARAMS.product, filters.product]);
  if (filters.status !== null) entries.push([FILTER_PARAMS.status, statusParam(filters.status)]);
  if (filters.from !== null) entries.push([FILTER_PARAMS.from, filters.from]);
  if (filters.to !== null) entries.push([FILTER_PARAMS.to, filters.to]);
  return entries;
}

/**
 * The list's address: sort, direction and page as they always were (saved links still work),
 * then the filters that apply. Without `page` for the CSV, which has no pages.
 */
export function listSearch(query: Pick<ListQuery, "sort" | "dir"> & { page?: number }, filters: TransactionFilters) {
  const params = new URLSearchParams({ sort: sortParam(query.sort), dir: query.dir });
  if (query.page !== undefined) params.set("page", String(query.page));
  for (const [name, value] of filterEntries(filters)) params.append(name, value);
  return `?${params}`;
}

/**
 * The search box's words. A number typed with spaces, dashes or +234 ("0803 123 4567",
 * "+234 803 123 4567") is one number in its local form; anything else is words that must each
 * appear, in any order, ignoring case.
 */
export function searchTerms(search: string): { words: string[]; number: string | null } {
  const text = search.trim().toLowerCase();
  if (!text) return { words: [], number: null };
  if (/^\+?[\d\s-]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/[\s+-]/g, "");
    return { words: [], number: /^234\d{10}$/.test(digits) ? `0${digits.slice(3)}` : digits };
  }
  return { words: text.split(" "), number: null };
}

type Searchable = Pick<
  TransactionRecord,
  "reference" | "phoneNumber" | "smartNo" | "meterNo" | "token" | "plan" | "description" | "description2"
>;

/** What the search box looks in: the history's columns a person would know a purchase by. */
function searchText(row: Searchable): string {
  return [
    row.reference,
    row.phoneNumber,
    row.smartNo,
    row.meterNo,
    row.token,
    row.plan,
    row.description,
    row.description2,
  ]
    .join("\n")
    .toLowerCase();
}

type Matcher = (row: TransactionRecord) => boolean;

/**
 * One test per filter set, built once, cheapest first; every row then costs only the tests.
 * `named` are the numbers saved under names the search names (decision 050): a row for one of
 * them is found too, as if its number had been searched for.
 */
export function matcherOf(filters: TransactionFilters, named: readonly string[] = []): Matcher {
  const tests: Matcher[] = [];
  const { status, product } = filters;
  if (status !== null) tests.push((row) => row.status === status);
  const from = filters.from === null ? null : lagosDayStart(filters.from);
  const toStart = filters.to === null ? null : lagosDayStart(filters.to);
  // "To" includes its whole day: everything before the next day starts.
  const before = toStart === null ? null : toStart + 24 * 60 * 60 * 1000;
  if (from !== null || before !== null) {
    tests.push((row) => {
      const at = Date.parse(row.createdAt);
      return !Number.isNaN(at) && (from === null || at >= from) && (before === null || at < before);
    });
  }
  if (product !== null) tests.push((row) => historyProductOf(row) === product);
  const { words, number } = searchTerms(filters.search);
  if (number !== null) {
    // Numbers are kept with dashes and spaces in some fields (tokens "1234-5678-…").
    tests.push((row) => searchText(row).replace(/[\s-]/g, "").includes(number));
  } else if (words.length > 0) {
    tests.push((row) => {
      const text = searchText(row);
      if (words.every((word) => text.includes(word))) return true;
      const digits = named.length === 0 ? "" : text.replace(/[\s-]/g, "");
      return named.some((saved) => digits.includes(saved));
    });
  }
  return (row) => tests.every((test) => test(row));
}

/** The rows the filters let through, in their order. */
export function filterTransactions<Row extends TransactionRecord>(
  rows: readonly Row[],
  filters: TransactionFilters,
  named: readonly string[] = [],
): Row[] {
  if (!hasFilters(filters)) return [...rows];
  const matches = matcherOf(filters, named);
  return rows.filter(matches);
}
