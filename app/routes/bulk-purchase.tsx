import { randomUUID } from "node:crypto";
import { AppLink } from "../components/app-link.tsx";
import { bulkAction } from "../bulk/flow.server.ts";
import { savedCustomers } from "../customers/customers.server.ts";
import { BulkPurchaseForm } from "../components/bulk-purchase.tsx";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { LowBalanceNotice } from "../components/low-balance-notice.tsx";
import { lowBalanceWarning } from "../settings/account-settings.server.ts";
import { formatNaira } from "../domain/money.ts";
import { titleMeta } from "../components/meta.ts";
import { signedInForPage } from "../session/signed-in.server.ts";
import type { Route } from "./+types/bulk-purchase";
import { m } from "../i18n/paraglide/messages.js";

// Bulk airtime and data: paste or upload up to 100 numbers, review every row with
// its network and price, confirm once; the batch runs in the background (decision 030).

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_bulk_purchase());

export async function loader({ context }: Route.LoaderArgs) {
  const page = await signedInForPage(context);
  const [lowBalance, saved] = await Promise.all([lowBalanceWarning(page), savedCustomers(page.user.id, ["phone"])]);
  return {
    balance: formatNaira(page.user.profile.walletBalanceKobo),
    lowBalance,
    formKey: randomUUID(),
    saved: saved.map(({ name, number }) => ({ name, number })),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => bulkAction(request, context);

export default function BulkPurchase({ loaderData, actionData }: Route.ComponentProps) {
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
      <BulkPurchaseForm formKey={loaderData.formKey} reply={actionData} saved={loaderData.saved} />
    </>
  );
}
