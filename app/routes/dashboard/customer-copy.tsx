import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { titleMeta } from "../../components/meta.ts";
import { ReceiptShare } from "../../components/receipt-share.tsx";
import { SendToCustomer } from "../../components/send-to-customer.tsx";
import { customerCopyOf, receiptTransaction } from "../../history/receipt.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { shopSaleOf } from "../../settings/shop.server.ts";
import type { Route } from "./+types/customer-copy";
import { m } from "../../i18n/paraglide/messages.js";

// A receipt a reseller can hand to a customer (decision 044): the value, the
// number or meter, the token and the reference, to print or share; never the charge or a balance.
// A reseller's shop puts its own name, phone and address on it, and the price it sold for (decision 085).

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.buy_customer_copy());

export async function loader({ context, params }: Route.LoaderArgs) {
  const transaction = await receiptTransaction(context, params.transId);
  const sale = await shopSaleOf(signedIn(context).user.id, transaction.reference);
  return { id: transaction.id, ...customerCopyOf(transaction, sale) };
}

export default function CustomerCopy({ loaderData: copy }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={m.buy_customer_copy()} />
      <article className="receipt" aria-labelledby="copy-heading">
        <header>
          {copy.ownShop ? null : <img src="/favicon.svg" alt="" width="40" height="40" />}
          <h2 id="copy-heading">{m.buy_receipt_heading({ productName: copy.seller })}</h2>
        </header>
        <dl>
          {[...copy.shopLines, ...copy.lines].map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd className={line.token ? "token" : undefined}>{line.value}</dd>
            </div>
          ))}
        </dl>
        <ReceiptShare whatsApp={copy.whatsApp} token={copy.token} />
        <SendToCustomer send={copy.send} />
      </article>
      <p className="no-print">
        <AppLink to={`/dashboard/receipt/${copy.id}`}>{m.buy_your_receipt()}</AppLink>
        {m.buy_your_receipt_about()}
      </p>
    </>
  );
}
