import { batchResults } from "../../bulk/results.server.ts";
import { csvLine, keptAsText } from "../../domain/csv.ts";
import type { Route } from "./+types/bulk-results";
import { m } from "../../i18n/paraglide/messages.js";

// A bulk purchase's results as a CSV file (decision 030): a row per number, money as naira with
// two decimals, UTF-8 with a byte-order mark so that spreadsheets read ₦ and names right.
// The same rows as the page: each bought one as the history has it now, and each row the
// review left out as "Not bought" with its reason and no charge (decision 043). The charge
// column adds up to the page's "Total charged" (decision 074). Its headers and the portal's
// own words are in the language of the request that downloads it (decision 061).

const header = () => [
  m.bulk_csv_row(),
  m.bulk_csv_phone(),
  m.bulk_csv_network(),
  m.bulk_csv_item(),
  m.bulk_csv_charge(),
  m.bulk_csv_outcome(),
  m.bulk_csv_message(),
  m.bulk_csv_transaction(),
  // Last, so a sheet that reads the columns by place before it still does (decision 085).
  m.profit_csv_sold_for(),
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { batch, progress } = await batchResults(context, params.batchId);
  // What the wallet paid, as the page's total counts it: a failed row 0.00, one not known yet empty (decision 074).
  const lines = progress.rows.map((row) =>
    csvLine([
      row.row,
      keptAsText(row.phone),
      row.network,
      row.item,
      row.chargedKobo === null ? "" : (row.chargedKobo / 100).toFixed(2),
      row.status,
      row.message,
      row.transactionId ?? "",
      row.soldForKobo === null ? "" : (row.soldForKobo / 100).toFixed(2),
    ]),
  );
  const date = new Date(batch.createdAt).toISOString().slice(0, 10);
  return new Response(`\uFEFF${csvLine(header())}${lines.join("")}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bulk-purchase-${date}-${batch.id}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
