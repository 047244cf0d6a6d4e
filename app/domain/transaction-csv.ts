import { type CsvField, csvLine, keptAsText } from "./csv.ts";
import { formatDateTime, formatIsoInLagos, lagosDayOf } from "./dates.ts";
import { netKobo, type RowMoney } from "./ledger.ts";
import { nairaDecimalText } from "./money.ts";
import type { TransactionFilters } from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";

// The transactions list as a CSV file (decision 031): every column of the transactions table
// but Action, money as naira with 2 decimals and no ₦ (a spreadsheet reads it as a number),
// the date both as ISO 8601 and as the page shows it. The table's Amount is "Value" (the face
// value) beside "Charged" (what the wallet paid), and each row says what it moved the wallet
// by the ledger's rule (app/domain/ledger.ts, decision 042). Written a chunk of rows at a time, so a
// long history is never one string in memory beside its rows.

/**
 * The file's words in the person's language (app/history/words.ts's csvWords): the header,
 * the table's columns in their order with "(NGN)" after money and "(ISO 8601)" after the first
 * date; the note of a row without balances; each status's word; the language of the dates.
 */
export type CsvWords = {
  header: readonly string[];
  noBalances: string;
  statusLabel: (status: number) => string;
  language: string;
};

/** A UTF-8 byte-order mark first: Excel then reads ₦ and names as UTF-8, not as Windows-1252. */
const BYTE_ORDER_MARK = "\uFEFF";

export const CSV_CHUNK_ROWS = 500;

function balanceText(kobo: number | null): string {
  return kobo === null ? "" : nairaDecimalText(kobo);
}

/** A signed naira figure: "-97.00", "5000.00". */
function changeText(kobo: number): string {
  return kobo < 0 ? `-${nairaDecimalText(-kobo)}` : nairaDecimalText(kobo);
}

/** One row's fields, in the header's order; `money` is the row's in the whole history's ledger. */
export function csvFields(row: TransactionRecord, money: RowMoney | undefined, words: CsvWords): CsvField[] {
  return [
    row.reference,
    row.plan,
    keptAsText(row.phoneNumber),
    keptAsText(row.smartNo),
    keptAsText(row.meterNo),
    row.description,
    row.description2,
    row.response,
    nairaDecimalText(row.subtotal),
    nairaDecimalText(row.amount),
    keptAsText(row.examCard),
    keptAsText(row.token),
    balanceText(row.initialBalanceKobo),
    balanceText(row.newBalanceKobo),
    money === undefined ? "" : changeText(netKobo(money.line)),
    money?.after ? changeText(netKobo(money.after)) : "",
    money?.line.fromStatus ? words.noBalances : "",
    words.statusLabel(row.status),
    formatIsoInLagos(row.createdAt),
    formatDateTime(row.createdAt, words.language),
  ];
}

/**
 * The file's text in pieces: the mark and header, then up to `chunkRows` rows a piece. `money`
 * is the whole history's ledger by row, so a filtered list still says what each row moved.
 */
export function* csvChunks(
  rows: readonly TransactionRecord[],
  money: ReadonlyMap<number, RowMoney>,
  words: CsvWords,
  chunkRows = CSV_CHUNK_ROWS,
): Generator<string> {
  yield `${BYTE_ORDER_MARK}${csvLine(words.header)}`;
  for (let start = 0; start < rows.length; start += chunkRows) {
    let text = "";
    for (const row of rows.slice(start, start + chunkRows)) text += csvLine(csvFields(row, money.get(row.id), words));
    yield text;
  }
}

/**
 * "transactions-2026-01-01-to-2026-01-31.csv": the range asked for, else the Lagos days of the
 * oldest and newest row sent; "transactions.csv" when there is neither.
 */
export function csvFileName(rows: readonly TransactionRecord[], filters: TransactionFilters): string {
  let oldest: string | null = null;
  let newest: string | null = null;
  if (filters.from === null || filters.to === null) {
    let least = Infinity;
    let most = -Infinity;
    for (const row of rows) {
      const at = Date.parse(row.createdAt);
      if (Number.isNaN(at)) continue;
      least = Math.min(least, at);
      most = Math.max(most, at);
    }
    if (least !== Infinity) {
      oldest = lagosDayOf(new Date(least).toISOString());
      newest = lagosDayOf(new Date(most).toISOString());
    }
  }
  const from = filters.from ?? oldest;
  const to = filters.to ?? newest;
  if (from === null || to === null) return "transactions.csv";
  return `transactions-${from}-to-${to}.csv`;
}
