// The transactions list and receipt rules: sortable columns, pages of 25,
// long text cut at 40 characters, and the token read from an electricity description.

/** A transaction as app/upstream hands it over (call 36), in the portal's words. */
export type TransactionRecord = {
  id: number;
  reference: string;
  plan: string;
  phoneNumber: string;
  smartNo: string;
  meterNo: string;
  description: string;
  description2: string;
  response: string;
  /** Face value asked for, in kobo (the list's Amount). */
  subtotal: number;
  /** What the wallet was charged, in kobo (the receipt's Amount). */
  amount: number;
  examCard: string;
  token: string;
  /** The wallet before and after, in kobo; null where the upstream sent none (app/domain/ledger.ts). */
  initialBalanceKobo: number | null;
  newBalanceKobo: number | null;
  status: number;
  createdAt: string;
};

export const SORT_COLUMNS = [
  "reference",
  "plan",
  "phoneNumber",
  "smartNo",
  "meterNo",
  "description",
  "description2",
  "response",
  "subtotal",
  "amount",
  "examCard",
  "token",
  "initialBalanceKobo",
  "newBalanceKobo",
  "status",
  "createdAt",
] as const satisfies ReadonlyArray<keyof TransactionRecord>;

export type SortColumn = (typeof SORT_COLUMNS)[number];

/**
 * Each column's name in the list's address (`?sort=`), kept as it always was so saved
 * links still sort the same way.
 */
const SORT_PARAMS = {
  reference: "transaction_ref",
  plan: "plan",
  phoneNumber: "phone_number",
  smartNo: "smart_no",
  meterNo: "meter_no",
  description: "description",
  description2: "description2",
  response: "response",
  subtotal: "subtotal",
  amount: "amount",
  examCard: "exam_card",
  token: "token",
  initialBalanceKobo: "initial_balance",
  newBalanceKobo: "new_balance",
  status: "status",
  createdAt: "created_at",
} as const satisfies Record<SortColumn, string>;

/** The column's name in `?sort=`. */
export function sortParam(column: SortColumn): string {
  return SORT_PARAMS[column];
}
export type SortDirection = "asc" | "desc";
export type ListQuery = { sort: SortColumn; dir: SortDirection; page: number };

export const PAGE_SIZE = 25;
export const CUT_AT = 40;

function sortColumnOf(param: string | null): SortColumn | undefined {
  return SORT_COLUMNS.find((column) => SORT_PARAMS[column] === param);
}

/** `?sort=&dir=&page=` read leniently: anything unknown falls back to newest first, page 1. */
export function parseListQuery(search: URLSearchParams): ListQuery {
  const sort = search.get("sort");
  const dir = search.get("dir");
  const page = Number(search.get("page"));
  return {
    sort: sortColumnOf(sort) ?? "createdAt",
    dir: dir === "asc" || dir === "desc" ? dir : "desc",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function compare(left: TransactionRecord, right: TransactionRecord, column: SortColumn): number {
  const a = left[column];
  const b = right[column];
  if (column === "createdAt") return Date.parse(String(a)) - Date.parse(String(b));
  if (typeof a === "number" && typeof b === "number") return a - b;
  // A row without balances sorts before every row with them.
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return collator.compare(String(a), String(b));
}

/** A new sorted list; ties keep the upstream's order (newest first), so paging is stable. */
export function sortTransactions(
  rows: readonly TransactionRecord[],
  sort: SortColumn,
  dir: SortDirection,
): TransactionRecord[] {
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((left, right) => sign * compare(left.row, right.row, sort) || left.index - right.index)
    .map(({ row }) => row);
}

export type Page<T> = { rows: T[]; page: number; pageCount: number; total: number };

/** One page; a page past the end shows the last one rather than an empty table. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount, total: rows.length };
}

/** The text shown before "expand": the first 40 characters, or null when nothing is cut. */
export function cutText(text: string, length = CUT_AT): string | null {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join("")}…` : null;
}

/** An electricity token is the part of the description after the first colon. */
export function tokenFromDescription(description: string): string {
  const colon = description.indexOf(":");
  return colon === -1 ? "" : description.slice(colon + 1).trim();
}

/** The header link's direction: the other way for the current column, else a sensible first. */
export function nextDirection(query: ListQuery, column: SortColumn): SortDirection {
  if (query.sort === column) return query.dir === "asc" ? "desc" : "asc";
  return column === "createdAt" ? "desc" : "asc";
}
