import { batchResults } from "../bulk/results.server.ts";
import { csvLine } from "../domain/csv.ts";
import type { Route } from "./+types/bulk-results";

// A bulk purchase's results as a CSV file (issue 13): a row per number, money as naira with
// two decimals, UTF-8 with a byte-order mark so that spreadsheets read ₦ and names right.
// The same rows as the page: each bought one as the history has it now, and each row the
// review left out as "Not bought" with its reason and no charge (decision 043).

const HEADER = ["Row", "Phone number", "Network", "Item", "Charge (NGN)", "Outcome", "Message", "Transaction ID"];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { batch, progress } = await batchResults(context, params.batchId);
  const charges = new Map(batch.rows.map((row) => [row.row, (row.chargeKobo / 100).toFixed(2)]));
  const lines = progress.rows.map((row) =>
    csvLine([
      row.row,
      row.phone,
      row.network,
      row.item,
      charges.get(row.row) ?? "",
      row.status,
      row.message,
      row.transactionId ?? "",
    ]),
  );
  const date = new Date(batch.createdAt).toISOString().slice(0, 10);
  return new Response(`\uFEFF${csvLine(HEADER)}${lines.join("")}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bulk-purchase-${date}-${batch.id}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
