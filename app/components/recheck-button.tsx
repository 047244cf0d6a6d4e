import { Form, useLocation } from "react-router";
import { CsrfField, SubmitButton } from "./forms.tsx";

/** Re-check status of a pending purchase: asks the upstream again and comes back to this page. */
export function RecheckButton({ transactionId, reference }: { transactionId: number; reference: string }) {
  const location = useLocation();
  return (
    <Form method="post" action={`/dashboard/transactions/${transactionId}/recheck`} className="recheck">
      <CsrfField />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <SubmitButton className="secondary" busyLabel="Checking...">
        Re-check status<span className="visually-hidden"> of {reference}</span>
      </SubmitButton>
    </Form>
  );
}
