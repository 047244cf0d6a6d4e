import { randomUUID } from "node:crypto";
import { Form, useLocation } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { bulkAction } from "../../../bulk/flow.server.ts";
import { type BulkChoice, bulkChoices, bulkFill } from "../../../bulk/fill.server.ts";
import { customerLists } from "../../../customers/lists.server.ts";
import { savedCustomers } from "../../../customers/customers.server.ts";
import { BulkPurchaseForm } from "./form.tsx";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { LowBalanceNotice } from "../../../components/low-balance-notice.tsx";
import { lowBalanceWarning } from "../../../settings/account-settings.server.ts";
import { formatNaira } from "../../../domain/money.ts";
import { titleMeta } from "../../../components/meta.ts";
import { signedIn, signedInForPage } from "../../../session/signed-in.server.ts";
import type { Route } from "./+types/route";
import { m } from "../../../i18n/paraglide/messages.js";

// Bulk airtime and data: paste or upload up to 100 numbers, review every row with
// its network and price, confirm once; the batch runs in the background (decision 030).

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_bulk_purchase());

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await signedInForPage(context);
  const accountId = page.user.id;
  const [lowBalance, saved, lists, fill] = await Promise.all([
    lowBalanceWarning(page),
    savedCustomers(accountId, ["phone"]),
    customerLists(accountId),
    bulkFill(signedIn(context).caller, accountId, new URL(request.url).searchParams),
  ]);
  return {
    balance: formatNaira(page.user.profile.walletBalanceKobo),
    lowBalance,
    formKey: randomUUID(),
    saved: saved.map(({ name, number }) => ({ name, number })),
    lists: lists.map(({ id, name, entries }) => ({ id, name, count: entries.length })),
    fill,
    products: bulkChoices(),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => bulkAction(request, context);

export default function BulkPurchase({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <>
      <PageHeader title={m.dashboard_bulk_purchase()} />
      <p>
        {m.bulk_wallet_balance()} <strong>{loaderData.balance}</strong>
      </p>
      <LowBalanceNotice lowBalance={loaderData.lowBalance} />
      <p>
        {m.bulk_intro()} <AppLink to="/dashboard/transactions">{m.bulk_intro_link()}</AppLink>.
      </p>
      <ListFill lists={loaderData.lists} products={loaderData.products} />
      {loaderData.fill === null || actionData ? null : (
        <p className="notice" role="status">
          {loaderData.fill.notice}
        </p>
      )}
      <BulkPurchaseForm
        // A list or a batch chosen on this page fills a fresh form, with JavaScript too.
        key={search}
        formKey={loaderData.formKey}
        reply={actionData}
        saved={loaderData.saved}
        fill={loaderData.fill}
        products={loaderData.products}
      />
    </>
  );
}

/**
 * A customer list into the form (decision 086): a GET form, so it works without JavaScript,
 * whose buttons say what the list's numbers are to get; it fills the form and buys nothing.
 */
function ListFill({
  lists,
  products,
}: {
  lists: { id: number; name: string; count: number }[];
  products: BulkChoice[];
}) {
  if (lists.length === 0) return null;
  return (
    <Form method="get" className="bulk-fill">
      <div className="field">
        <label htmlFor="bulk-fill-list">{m.bulk_fill_label()}</label>
        <select id="bulk-fill-list" name="list">
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name} ({list.count})
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        {products.map(({ product, label }) => (
          <button key={product} type="submit" name="product" value={product} className="secondary">
            {m.bulk_fill_button()}: {label}
          </button>
        ))}
      </div>
    </Form>
  );
}
