import { historyProductOf } from "./buy-again.ts";
import { csvLine, keptAsText } from "./csv.ts";
import { formatDateTime, formatIsoInLagos } from "./dates.ts";
import { nairaDecimalText } from "./money.ts";
import type { ProfitBook, ProfitProduct } from "./profit.ts";

// The profit book as a CSV file (decision 085), shaped as the transactions CSV is (decision
// 031): money as naira with 2 decimals and no ₦, the date as ISO 8601 and as the page shows it,
// a reference of digits kept as text, and every field through the formula guard. One line per
// purchase that counts; one with no "Sold for" has its Sold for and Profit empty, never guessed.

/** The file's words in the person's language: the header in its order, and the names of things. */
export type ProfitCsvWords = {
  header: readonly string[];
  productName: (product: ProfitProduct) => string;
  statusLabel: (status: number) => string;
  language: string;
};

const BYTE_ORDER_MARK = "\uFEFF";

function signed(kobo: number): string {
  return kobo < 0 ? `-${nairaDecimalText(-kobo)}` : nairaDecimalText(kobo);
}

export function profitCsv(book: ProfitBook, words: ProfitCsvWords): string {
  let text = `${BYTE_ORDER_MARK}${csvLine(words.header)}`;
  for (const { row, soldForKobo } of book.counted) {
    const found = historyProductOf(row);
    text += csvLine([
      formatIsoInLagos(row.createdAt),
      formatDateTime(row.createdAt, words.language),
      keptAsText(row.reference),
      words.productName(found === "funding" ? null : found),
      words.statusLabel(row.status),
      nairaDecimalText(row.subtotal),
      soldForKobo === null ? "" : nairaDecimalText(soldForKobo),
      nairaDecimalText(row.amount),
      soldForKobo === null ? "" : signed(soldForKobo - row.amount),
    ]);
  }
  return text;
}

/** "profit-2026-11-23-to-2026-11-29.csv"; a day's, "profit-2026-11-27.csv". */
export function profitCsvFileName(book: ProfitBook): string {
  const { from, to } = book.period;
  return from === to ? `profit-${from}.csv` : `profit-${from}-to-${to}.csv`;
}
