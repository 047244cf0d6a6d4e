import { AppLink } from "../../../components/app-link.tsx";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { ReceiptShare } from "../../../components/receipt-share.tsx";
import { SendToCustomer } from "../../../components/send-to-customer.tsx";
import { RecheckButton } from "../../../components/recheck-button.tsx";
import { SAVED_NUMBERS_PATH, SaveNumberForm } from "../../../components/save-number.tsx";
import { savedNameOf } from "../../../customers/customers.server.ts";
import { saveOfferOfRow } from "../../../domain/saved-customers.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { buyAgainHref, historyProductOf } from "../../../domain/buy-again.ts";
import { fundingMoney } from "../../../domain/labels.ts";
import { formatDateTime } from "../../../domain/dates.ts";
import { formatNaira } from "../../../domain/money.ts";
import { titleMeta } from "../../../components/meta.ts";
import { customerCopyOf, receiptTransaction } from "../../../history/receipt.server.ts";
import { examCardResult } from "../../../purchases/words.ts";
import { useRootData } from "../../../root.tsx";
import { SoldForForm } from "./sold-for.tsx";
import { shopSaleOf } from "../../../settings/shop.server.ts";
import { correctSoldFor, soldForOnReceipt } from "./sold-for.server.ts";
import type { Route } from "./+types/route";
import { m } from "../../../i18n/paraglide/messages.js";
import { getLocale } from "../../../i18n/paraglide/runtime.js";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.buy_receipt_title());

export async function loader({ context, params }: Route.LoaderArgs) {
  const transaction = await receiptTransaction(context, params.transId);
  const sale = await shopSaleOf(signedIn(context).user.id, transaction.reference);
  const copy = customerCopyOf(transaction, sale);
  const offer = saveOfferOfRow(transaction);
  const funding = historyProductOf(transaction) === "funding" ? fundingMoney(transaction) : null;
  const savedAs = offer && (await savedNameOf(signedIn(context).user.id, offer.kind, offer.number));
  return {
    reference: transaction.reference,
    description: transaction.description,
    smartNo: transaction.smartNo,
    meterNo: transaction.meterNo,
    token: copy.token,
    // Decision 075: the serial and PIN the description sends the reader to, on the receipt itself.
    examCard: examCardResult(transaction.examCard),
    phone: transaction.phoneNumber,
    // Decision 042: what the customer got, and what the wallet paid, each by its name.
    value: formatNaira(transaction.subtotal),
    charged: formatNaira(transaction.amount),
    // Money coming in says what was paid in, what reached the wallet and the fee (decision 074).
    funding: funding && {
      paidIn: formatNaira(funding.paidInKobo),
      toWallet: formatNaira(funding.toWalletKobo),
      fee: formatNaira(funding.feeKobo),
    },
    status: transaction.status,
    date: formatDateTime(transaction.createdAt, getLocale()),
    buyAgain: buyAgainHref(transaction),
    id: transaction.id,
    // Status 0 is Pending.
    pending: transaction.status === 0,
    whatsApp: copy.whatsApp,
    send: copy.send,
    // Decision 050: the number this was for, to keep under a name, or the name it has.
    save: offer && { offer, savedAs },
    // Decision 085: what the reseller's customer paid, beside what the wallet paid; a purchase's only.
    soldFor: funding === null ? soldForOnReceipt(sale.soldForKobo) : null,
  };
}

export const action = ({ request, context, params }: Route.ActionArgs) =>
  correctSoldFor(request, context, params.transId);

export default function Receipt({ loaderData: receipt, actionData }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  return (
    <>
      <PageHeader title={m.buy_receipt_title()} />
      <article className="receipt" aria-labelledby="receipt-heading">
        <header>
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <h2 id="receipt-heading">{m.buy_receipt_heading({ productName })}</h2>
        </header>
        {receipt.pending ? (
          <p className="notice">
            <strong>{m.buy_receipt_pending()}</strong> {m.buy_receipt_pending_why()}
          </p>
        ) : null}
        <dl>
          <dt>{m.buy_label_ref()}</dt>
          <dd>{receipt.reference}</dd>
          <dt>{m.buy_label_description()}</dt>
          <dd>{receipt.description}</dd>
          {receipt.smartNo ? (
            <>
              <dt>{m.buy_label_card_no()}</dt>
              <dd>{receipt.smartNo}</dd>
            </>
          ) : null}
          {receipt.meterNo ? (
            <>
              <dt>{m.buy_label_meter_no()}</dt>
              <dd>{receipt.meterNo}</dd>
              <dt>{m.buy_label_token()}</dt>
              <dd className="token">{receipt.token}</dd>
            </>
          ) : null}
          {receipt.examCard ? (
            <>
              <dt>{m.buy_label_exam_card()}</dt>
              <dd className="token">{receipt.examCard}</dd>
            </>
          ) : null}
          {receipt.phone ? (
            <>
              <dt>{m.buy_label_phone()}</dt>
              <dd>{receipt.phone}</dd>
            </>
          ) : null}
          {receipt.funding === null ? (
            <>
              <dt>{m.buy_label_value()}</dt>
              <dd>{receipt.value}</dd>
              <dt>{m.buy_label_charged()}</dt>
              <dd>{receipt.charged}</dd>
              {receipt.soldFor ? (
                <>
                  <dt>{m.shop_label_sold_for()}</dt>
                  <dd>{receipt.soldFor.shown}</dd>
                </>
              ) : null}
            </>
          ) : (
            <>
              <dt>{m.buy_label_paid_in()}</dt>
              <dd>{receipt.funding.paidIn}</dd>
              <dt>{m.buy_label_fee()}</dt>
              <dd>{receipt.funding.fee}</dd>
              <dt>{m.buy_label_to_wallet()}</dt>
              <dd>{receipt.funding.toWallet}</dd>
            </>
          )}
          <dt>{m.buy_label_status()}</dt>
          <dd>
            <StatusBadge status={receipt.status} />
          </dd>
          <dt>{m.buy_label_date()}</dt>
          <dd>{receipt.date}</dd>
        </dl>
        {receipt.pending ? (
          <div className="no-print">
            <RecheckButton transactionId={receipt.id} reference={receipt.reference} />
          </div>
        ) : null}
        <ReceiptShare whatsApp={receipt.whatsApp} token={receipt.token} />
        <SendToCustomer send={receipt.send} />
      </article>
      <p className="no-print">
        <AppLink to={`/dashboard/receipt/${receipt.id}/customer-copy`}>{m.buy_customer_copy()}</AppLink>
        {m.buy_customer_copy_about()}
      </p>
      {receipt.soldFor ? <SoldForForm soldFor={receipt.soldFor.typed} lastResult={actionData?.result} /> : null}
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
              {m.buy_saved_as({ number: receipt.save.offer.number })} <strong>{receipt.save.savedAs}</strong>{" "}
              {m.buy_saved_as_in()} <AppLink to={SAVED_NUMBERS_PATH}>{m.dashboard_saved_numbers()}</AppLink>.
            </p>
          )}
        </div>
      ) : null}
      {receipt.buyAgain ? (
        <p className="no-print">
          <AppLink to={receipt.buyAgain}>{m.buy_buy_again()}</AppLink>
          {m.buy_buy_again_about()}
        </p>
      ) : null}
    </>
  );
}
