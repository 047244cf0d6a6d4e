import { Form } from "react-router";
import { CsrfField, SubmitButton } from "../form-parts.tsx";
import { m } from "../../i18n/paraglide/messages.js";

/** Airtime and data: the confirmed order paid by card instead of the wallet (docs/operating.md, payment gateways). */
export function PayByCard({ sealed, total, primary = false }: { sealed: string; total: string; primary?: boolean }) {
  return (
    <Form method="post" className="card-payment">
      <CsrfField />
      <input type="hidden" name="confirmation" value={sealed} />
      <p>
        {m.buy_card_instead({ total })} {m.buy_card_no_pin()}
      </p>
      <SubmitButton name="intent" value="card" className={primary ? undefined : "secondary"}>
        {m.buy_pay_by_card({ total })}
      </SubmitButton>
    </Form>
  );
}
