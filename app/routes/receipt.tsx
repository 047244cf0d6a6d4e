import { AppLink } from "../components/app-link.tsx";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { ReceiptShare } from "../components/receipt-share.tsx";
import { RecheckButton } from "../components/recheck-button.tsx";
import { SAVED_NUMBERS_PATH, SaveNumberForm } from "../components/save-number.tsx";
import { savedNameOf } from "../customers/customers.server.ts";
import { saveOfferOfRow } from "../domain/saved-customers.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { StatusBadge } from "../components/status-badge.tsx";
import { buyAgainHref } from "../domain/buy-again.ts";
import { formatDateTime } from "../domain/dates.ts";
import { transactionStatus } from "../domain/labels.ts";
import { formatNaira } from "../domain/money.ts";
import { titleMeta } from "../components/meta.ts";
import { customerCopyOf, receiptTransaction } from "../history/receipt.server.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/receipt";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Receipt");

export async function loader({ context, params }: Route.LoaderArgs) {
  const transaction = await receiptTransaction(context, params.transId);
  const copy = customerCopyOf(transaction);
  const offer = saveOfferOfRow(transaction);
  const savedAs = offer && (await savedNameOf(signedIn(context).user.id, offer.kind, offer.number));
  return {
    reference: transaction.reference,
    description: transaction.description,
    smartNo: transaction.smartNo,
    meterNo: transaction.meterNo,
    token: copy.token,
    phone: transaction.phoneNumber,
    // Issue 21: what the customer got, and what the wallet paid, each by its name.
    value: formatNaira(transaction.subtotal),
    charged: formatNaira(transaction.amount),
    status: transaction.status,
    date: formatDateTime(transaction.createdAt),
    buyAgain: buyAgainHref(transaction),
    id: transaction.id,
    pending: transactionStatus(transaction.status)?.label === "Pending",
    whatsApp: copy.whatsApp,
    // Issue 23 §3: the number this was for, to keep under a name, or the name it has.
    save: offer && { offer, savedAs },
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
          <dt>Value</dt>
          <dd>{receipt.value}</dd>
          <dt>Charged</dt>
          <dd>{receipt.charged}</dd>
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
        <ReceiptShare whatsApp={receipt.whatsApp} token={receipt.token} />
      </article>
      <p className="no-print">
        <AppLink to={`/dashboard/receipt/${receipt.id}/customer-copy`}>Customer copy</AppLink>: the value, number and
        token to print or send to your customer, without what you were charged.
      </p>
      {receipt.save ? (
        <div className="no-print">
          {receipt.save.savedAs === null ? (
            <SaveNumberForm
              offer={receipt.save.offer}
              back={`/dashboard/receipt/${receipt.id}`}
              id="receipt-save-name"
            />
          ) : (
            <p>
              {receipt.save.offer.number} is saved as <strong>{receipt.save.savedAs}</strong> in your{" "}
              <AppLink to={SAVED_NUMBERS_PATH}>Saved numbers</AppLink>.
            </p>
          )}
        </div>
      ) : null}
      {receipt.buyAgain ? (
        <p className="no-print">
          <AppLink to={receipt.buyAgain}>Buy again</AppLink>: the same purchase, filled in for you to check before you
          pay.
        </p>
      ) : null}
    </>
  );
}
