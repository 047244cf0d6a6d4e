import { data } from "react-router";
import { batchStore } from "../bulk/batches.server.ts";
import { batchProgress, staleAfterMs } from "../bulk/progress.ts";
import { csvLine } from "../domain/csv.ts";
import { env } from "../infra/env.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import type { Route } from "./+types/bulk-results";

// A bulk purchase's results as a CSV file (issue 13): a row per number, money as naira with
// two decimals, UTF-8 with a byte-order mark so that spreadsheets read ₦ and names right.

const HEADER = ["Row", "Phone number", "Network", "Item", "Charge (NGN)", "Outcome", "Message", "Transaction ID"];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { user } = signedIn(context);
  const batch = /^[\w-]{22}$/.test(params.batchId) ? await batchStore().read(params.batchId) : null;
  if (batch === null || batch.userId !== user.id) throw data({ reason: "not-found" }, { status: 404 });
  const progress = batchProgress(batch, Date.now(), staleAfterMs(env().UPSTREAM_TIMEOUT_MS));
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
