import { data, type RouterContextProvider } from "react-router";
import { readHistory } from "../history/history.server.ts";
import { env } from "../infra/env.server.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { type Batch, batchStore } from "./batches.server.ts";
import { batchProgress, type HistoryRow, type Progress, staleAfterMs } from "./progress.ts";

// A batch as its page and its results file show it (decisions 030 and 043): the owner's
// batch or "page not found", and once it has ended, each bought row as the history has it
// now (decision 043), so a row pending at the end reads delivered or refunded later on.

export async function batchResults(
  context: Readonly<RouterContextProvider>,
  batchId: string,
): Promise<{ batch: Batch; progress: Progress }> {
  const { user, caller } = signedIn(context);
  // Only the person's own batches are read: someone else's and an unknown one look the same, not found.
  const batch = /^[\w-]{22}$/.test(batchId) ? await batchStore().read(user.id, batchId) : null;
  if (batch === null) throw data({ reason: "not-found" }, { status: 404 });
  const now = Date.now();
  const staleMs = staleAfterMs(env().UPSTREAM_TIMEOUT_MS);
  const progress = batchProgress(batch, now, staleMs);
  // While it runs the batch's own outcomes are the newest; a batch that bought nothing has nothing to look up.
  if (progress.running || !batch.rows.some((row) => row.transactionId !== null)) return { batch, progress };
  const history = await readHistory(context, caller).catch((error: unknown): HistoryRow[] => {
    // The outcomes the batch saw are still worth showing.
    log("warn", "bulk.history-unavailable", { requestId: caller.requestId, batch: batch.id, ...errorFields(error) });
    return [];
  });
  return { batch, progress: batchProgress(batch, now, staleMs, history) };
}
