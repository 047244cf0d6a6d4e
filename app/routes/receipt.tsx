import { data } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { forSignedInPage } from "../session/auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { PrintButton } from "../components/print-button.tsx";
import { RecheckButton } from "../components/recheck-button.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { buyAgainHref } from "../domain/buy-again.ts";
import { formatDateTime } from "../domain/dates.ts";
import { transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import { tokenFromDescription } from "../domain/transactions.ts";
import { titleMeta } from "../components/meta.ts";
import { useRootData } from "../root.tsx";
import { signedIn } from "../session/signed-in.server.ts";
import { getTransaction } from "../upstream/dashboard.server.ts";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Receipt");

export async function loader({ context, params }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  // Someone else's id and an unknown one look the same: not found.
  if (!/^\d{1,12}$/.test(params.transId)) throw data({ reason: "not-found" }, { status: 404 });
  const transaction = await forSignedInPage(context, getTransaction(caller, Number(params.transId)));
  if (!transaction) throw data({ reason: "not-found" }, { status: 404 });
  return {
    reference: transaction.reference,
    description: transaction.description,
    smartNo: transaction.smartNo,
    meterNo: transaction.meterNo,
    token: transaction.meterNo ? tokenFromDescription(transaction.description) : "",
    phone: transaction.phoneNumber,
    amount: formatNaira(transaction.amount),
    status: transaction.status,
    date: formatDateTime(transaction.createdAt),
    buyAgain: buyAgainHref(transaction),
    id: transaction.id,
    pending: transactionStatus(transaction.status)?.label === "Pending",
  };
}

export default function Receipt({ loaderData: receipt }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  return (
    <>
      <PageHeader title="Receipt" />
      <article className="receipt" aria-labelledby="receipt-heading">
        <header>
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <h2 id="receipt-heading">{productName} receipt</h2>
        </header>
        {receipt.pending ? (
          <p className="notice">
            <strong>Pending: this is not a final receipt.</strong> The provider has not confirmed this purchase yet.
          </p>
        ) : null}
        <dl>
          <dt>Ref</dt>
          <dd>{receipt.reference}</dd>
          <dt>Description</dt>
          <dd>{receipt.description}</dd>
          {receipt.smartNo ? (
            <>
              <dt>Card No</dt>
              <dd>{receipt.smartNo}</dd>
            </>
          ) : null}
          {receipt.meterNo ? (
            <>
              <dt>Meter No</dt>
              <dd>{receipt.meterNo}</dd>
              <dt>Token</dt>
              <dd className="token">{receipt.token}</dd>
            </>
          ) : null}
          {receipt.phone ? (
            <>
              <dt>Phone</dt>
              <dd>{receipt.phone}</dd>
            </>
          ) : null}
          <dt>Amount</dt>
          <dd>{receipt.amount}</dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={receipt.status} />
          </dd>
          <dt>Date</dt>
          <dd>{receipt.date}</dd>
        </dl>
        {receipt.pending ? (
          <div className="no-print">
            <RecheckButton transactionId={receipt.id} reference={receipt.reference} />
          </div>
        ) : null}
        <PrintButton />
      </article>
      {receipt.buyAgain ? (
        <p className="no-print">
          <AppLink to={receipt.buyAgain}>Buy again</AppLink>: the same purchase, filled in for you to check before you
          pay.
        </p>
      ) : null}
    </>
  );
}
