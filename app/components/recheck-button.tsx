import { Form, useLocation } from "react-router";
import { CsrfField, SubmitButton } from "./form-parts.tsx";
import { m } from "../i18n/paraglide/messages.js";

/** Re-check status of a pending purchase: asks the upstream again and comes back to this page. */
export function RecheckButton({ transactionId, reference }: { transactionId: number; reference: string }) {
  const location = useLocation();
  return (
    <Form method="post" action={`/dashboard/transactions/${transactionId}/recheck`} className="recheck">
      <CsrfField />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <SubmitButton className="secondary" busyLabel={m.buy_checking()}>
        {m.buy_recheck()}
        <span className="visually-hidden"> {m.buy_recheck_of({ reference })}</span>
      </SubmitButton>
    </Form>
  );
}
