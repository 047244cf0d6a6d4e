import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { batchResults } from "../bulk/results.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { titleMeta } from "../components/meta.ts";
import type { Route } from "./+types/bulk-batch";

// A bulk purchase's progress, then its results (issue 13). Without JavaScript the page
// refreshes itself every few seconds while the batch runs; with it, it updates in place.

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Bulk Purchase");

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
      <PageHeader title="Bulk Purchase" />
      <section aria-labelledby="bulk-progress-heading" className="bulk-progress">
        <h2 id="bulk-progress-heading">{progress.running ? "Buying" : "Results"}</h2>
        <p role="status">
          <strong>
            {progress.done} of {progress.total} done
          </strong>
        </p>
        <progress
          value={progress.done}
          max={progress.total}
          aria-label={`${progress.done} of ${progress.total} done`}
        />
        {progress.stopped === null ? null : <p className="notice warning">{progress.stopped}</p>}
        <ul className="inline-list">
          <li>Delivered: {counts.delivered}</li>
          <li>Pending: {counts.pending}</li>
          <li>Failed: {counts.failed}</li>
          {counts.unknown > 0 ? <li>Not known yet: {counts.unknown}</li> : null}
          {counts.notStarted > 0 ? (
            <li>
              {progress.running ? "Waiting" : "Not started"}: {counts.notStarted}
            </li>
          ) : null}
          {counts.leftOut > 0 ? <li>Not bought: {counts.leftOut}</li> : null}
        </ul>
        <p>
          Total charged: <strong>{progress.charged}</strong>
          {progress.mayHaveCharged === null
            ? null
            : `, and up to ${progress.mayHaveCharged} more for the rows whose outcome is not known yet: check your transactions.`}
        </p>
      </section>
      <table className="bulk-rows">
        <caption>Each number</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Number</th>
            <th scope="col">Outcome</th>
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
              </td>
              <td>
                <strong className={`bulk-outcome bulk-outcome-${row.outcome}`}>{row.status}</strong>
                {row.message === "" ? null : <small>{row.message}</small>}
                {row.transactionId === null ? null : (
                  <small>
                    <AppLink to={`/dashboard/receipt/${row.transactionId}`}>Receipt</AppLink>
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {progress.running ? null : (
          <>
            <a href={`/dashboard/bulk-purchase/${progress.id}/results.csv`} download>
              Download the results (CSV)
            </a>{" "}
            ·{" "}
          </>
        )}
        <AppLink to="/dashboard/bulk-purchase">Start another bulk purchase</AppLink> ·{" "}
        <AppLink to="/dashboard/transactions">Transactions</AppLink>
      </p>
    </>
  );
}
