import { lagosDayOf, lagosDayStart } from "../../domain/dates.ts";
import { parseProfitPeriod, profitBook } from "../../domain/profit.ts";
import { profitCsv, profitCsvFileName } from "../../domain/profit-csv.ts";
import { readHistory } from "../../history/history.server.ts";
import { productName, statusLabel } from "../../history/words.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { getLocale } from "../../i18n/paraglide/runtime.js";
import { expireSessionOn } from "../../session/auth.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { salesSince } from "../../settings/sales.server.ts";
import { UpstreamError } from "../../upstream/errors.ts";
import type { Route } from "./+types/profit-csv";

// The profit book of the period Profit shows, as a CSV file (decision 085): a line per purchase
// that counts, in the person's language. A period is at most a month of one person's
// purchases, so the file is written whole.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller, user } = signedIn(context);
  const { period } = parseProfitPeriod(new URL(request.url).searchParams, lagosDayOf(new Date().toISOString()));
  const since = new Date(lagosDayStart(period.from) ?? 0).toISOString();
  const read = await Promise.all([readHistory(context, caller), salesSince(user.id, since)]).catch((error: unknown) => {
    if (error instanceof UpstreamError && error.isTemporary) {
      return new Response(m.hist_csv_load_failed(), {
        status: error.pageStatus,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    return expireSessionOn(error, context);
  });
  if (read instanceof Response) return read;
  const book = profitBook(read[0], read[1], period);
  const words = {
    header: [
      `${m.profit_csv_date()} (ISO 8601)`,
      m.profit_csv_date(),
      m.profit_csv_reference(),
      m.profit_product(),
      m.profit_csv_status(),
      m.profit_csv_value(),
      m.profit_csv_sold_for(),
      m.profit_csv_cost(),
      m.profit_csv_profit(),
    ],
    productName: (product: Parameters<typeof productName>[0]) => productName(product),
    statusLabel: (status: number) => statusLabel(status),
    language: getLocale(),
  };
  return new Response(profitCsv(book, words), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${profitCsvFileName(book)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
