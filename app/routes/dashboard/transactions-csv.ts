import { expireSessionOn } from "../../session/auth.server.ts";
import { csvChunks, csvFileName } from "../../domain/transaction-csv.ts";
import { parseFilters } from "../../domain/transaction-filters.ts";
import { parseListQuery, type TransactionRecord } from "../../domain/transactions.ts";
import { numbersNamedIn } from "../../customers/customers.server.ts";
import { filteredHistory, historyMoney, readHistory, sortedHistory } from "../../history/history.server.ts";
import { csvWords } from "../../history/words.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { signedIn } from "../../session/signed-in.server.ts";
import { UpstreamError } from "../../upstream/errors.ts";
import type { Route } from "./+types/transactions-csv";

// The transactions list as a CSV file (decision 031): exactly the rows the page's filters
// find, in its order, streamed a chunk of rows at a time (decision 031). A filter the page
// would refuse is left out here too. Its header and words are in the person's language, fixed
// before the stream starts: the rows are written after the request's own language has gone.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const search = new URL(request.url).searchParams;
  const query = parseListQuery(search);
  const { filters } = parseFilters(search);
  let history: TransactionRecord[];
  let named: string[];
  try {
    [history, named] = await Promise.all([readHistory(context, caller), numbersNamedIn(user.id, filters.search)]);
  } catch (error) {
    if (error instanceof UpstreamError && error.isTemporary) {
      return new Response(m.hist_csv_load_failed(), {
        status: error.pageStatus,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    return expireSessionOn(error, context);
  }
  const rows = filteredHistory(sortedHistory(history, query.sort, query.dir), filters, named);
  const chunks = csvChunks(rows, historyMoney(history), csvWords());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(rows, filters)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
