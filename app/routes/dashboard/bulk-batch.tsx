import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { batchResults } from "../../bulk/results.server.ts";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { titleMeta } from "../../components/meta.ts";
import { RecheckButton } from "../../components/recheck-button.tsx";
import type { Route } from "./+types/bulk-batch";
import { m } from "../../i18n/paraglide/messages.js";

// A bulk purchase's progress, then its results (decision 030). Without JavaScript the page
// refreshes itself every few seconds while the batch runs; with it, it updates in place. Once
// it has ended, a row still pending has Re-check status, which asks the upstream and comes
// back here (decision 074): a page reloading itself for the hours a biller may take would
// cost a history read each time and move the page under its reader.

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_bulk_purchase());

/** How often the page looks again while the batch runs. */
const REFRESH_SECONDS = 3;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { progress } = await batchResults(context, params.batchId);
  return { progress, refreshSeconds: progress.running ? REFRESH_SECONDS : null };
}

export default function BulkBatch({ loaderData: { progress } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!progress.running) return;
    const timer = setTimeout(() => void revalidator.revalidate(), REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [progress, revalidator]);
  const { counts } = progress;
  return (
    <>
      <PageHeader title={m.dashboard_bulk_purchase()} />
      <section aria-labelledby="bulk-progress-heading" className="bulk-progress">
        <h2 id="bulk-progress-heading">{progress.running ? m.bulk_progress_buying() : m.bulk_progress_results()}</h2>
        <p role="status">
          <strong>{m.bulk_done({ done: progress.done, total: progress.total })}</strong>
        </p>
        <progress
          value={progress.done}
          max={progress.total}
          aria-label={m.bulk_done({ done: progress.done, total: progress.total })}
        />
        {progress.stopped === null ? null : <p className="notice warning">{progress.stopped}</p>}
        <ul className="inline-list">
          <li>{m.bulk_count_delivered({ count: counts.delivered })}</li>
          <li>{m.bulk_count_pending({ count: counts.pending })}</li>
          <li>{m.bulk_count_failed({ count: counts.failed })}</li>
          {counts.unknown > 0 ? <li>{m.bulk_count_unknown({ count: counts.unknown })}</li> : null}
          {counts.notStarted > 0 ? (
            <li>
              {progress.running
                ? m.bulk_count_waiting({ count: counts.notStarted })
                : m.bulk_count_not_started({ count: counts.notStarted })}
            </li>
          ) : null}
          {counts.leftOut > 0 ? <li>{m.bulk_count_not_bought({ count: counts.leftOut })}</li> : null}
        </ul>
        <p>
          {m.bulk_total_charged()} <strong>{progress.charged}</strong>
          {progress.mayHaveCharged === null ? null : m.bulk_may_have_charged({ amount: progress.mayHaveCharged })}
        </p>
      </section>
      <table className="bulk-rows">
        <caption>{m.bulk_each_number()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.bulk_col_row()}</th>
            <th scope="col">{m.bulk_col_number()}</th>
            <th scope="col">{m.bulk_col_outcome()}</th>
          </tr>
        </thead>
        <tbody>
          {progress.rows.map((row) => (
            <tr key={row.row}>
              <td>{row.row}</td>
              <td>
                <span className={row.outcome === "left-out" ? "bulk-number" : "bulk-number nowrap"}>{row.phone}</span>
                {row.outcome === "left-out" ? (
                  row.network === "" ? null : (
                    <small>{row.network}</small>
                  )
                ) : (
                  <small>
                    {row.network}: {row.item}, {row.charge}
                  </small>
                )}
                {row.soldFor === "" ? null : (
                  <small>
                    {m.shop_label_sold_for()}: {row.soldFor}
                  </small>
                )}
              </td>
              <td>
                <strong className={`bulk-outcome bulk-outcome-${row.outcome}`}>{row.status}</strong>
                {row.message === "" ? null : <small>{row.message}</small>}
                {row.transactionId === null ? null : (
                  <small>
                    <AppLink to={`/dashboard/receipt/${row.transactionId}`}>{m.bulk_receipt()}</AppLink>
                  </small>
                )}
                {row.outcome === "pending" && !progress.running && row.transactionId !== null ? (
                  <RecheckButton transactionId={row.transactionId} reference={row.phone} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {progress.running ? null : (
        <p>
          {/* Decision 086: fills the form with this batch's numbers; Review prices them again. */}
          <AppLink to={`/dashboard/bulk-purchase?batch=${progress.id}`}>{m.bulk_buy_again()}</AppLink>
          {m.bulk_buy_again_about()}
        </p>
      )}
      <p>
        {progress.running ? null : (
          <>
            <a href={`/dashboard/bulk-purchase/${progress.id}/results.csv`} download>
              {m.bulk_download()}
            </a>{" "}
            ·{" "}
          </>
        )}
        <AppLink to="/dashboard/bulk-purchase">{m.bulk_start_another()}</AppLink> ·{" "}
        <AppLink to="/dashboard/transactions">{m.dashboard_transactions()}</AppLink>
      </p>
    </>
  );
}
