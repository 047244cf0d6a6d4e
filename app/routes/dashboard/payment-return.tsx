import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { creditCardFunding } from "../../funding/credit.server.ts";
import { forgetHistory } from "../../history/history.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { completeCardPayment } from "../../payments/checkout.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import type { Route } from "./+types/payment-return";
import { m } from "../../i18n/paraglide/messages.js";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.buy_card_payment());

// Where a card gateway sends the browser back (docs/operating.md, "Payment gateways").
// It is a GET because gateways redirect with one; what it does is safe to repeat: the
// gateway is asked server-side, and a wallet is credited once per payment.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, caller } = signedIn(context);
  const outcome = await completeCardPayment(request, context, user, params.state, (paid) =>
    creditCardFunding(request, context, paid),
  );
  // A card payment may have credited the wallet or bought something: the history is read afresh.
  await forgetHistory(caller.token);
  if (outcome instanceof Response) throw outcome;
  return { message: outcome.waiting, again: new URL(request.url).pathname + new URL(request.url).search };
}

export default function PaymentReturn({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={m.buy_card_payment()} />
      <p role="status">{loaderData.message}</p>
      <p className="button-row">
        <a className="button" href={loaderData.again}>
          {m.buy_check_again()}
        </a>
        <AppLink className="button secondary" to="/dashboard/transactions">
          {m.buy_see_transactions()}
        </AppLink>
      </p>
    </>
  );
}
