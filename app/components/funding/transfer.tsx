import { Form } from "react-router";
import { BANK_TRANSFER_CHARGE_PERCENT } from "../../domain/funding.ts";
import type { TransferDetails } from "../../funding/transfer.server.ts";
import { CsrfField, SubmitButton } from "../forms.tsx";

const BANKS = [
  { provider: "sterling", name: "Sterling Bank" },
  { provider: "wema", name: "Wema Bank" },
] as const;

/** Bank transfer: the reserved accounts at each bank, or a button to create one. */
export function TransferSection({ transfer }: { transfer: TransferDetails | null }) {
  return (
    <section aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Bank transfer</h2>
      {transfer?.instruction ? (
        // Sanitized on the server (app/content/sanitize.server.ts).
        <div className="upstream-html" dangerouslySetInnerHTML={{ __html: transfer.instruction }} />
      ) : null}
      <div className="form-grid">
        {BANKS.map((bank) => {
          const list = transfer?.accounts[bank.provider] ?? [];
          return (
            <article key={bank.provider} aria-labelledby={`${bank.provider}-heading`}>
              <h3 id={`${bank.provider}-heading`}>{bank.name}</h3>
              <p>A charge of {BANK_TRANSFER_CHARGE_PERCENT}% applies to every deposit.</p>
              {list.length > 0 ? (
                <dl>
                  {list.map((account) => (
                    <div key={account.accountNumber}>
                      <dt>Account name</dt>
                      <dd>{account.accountName}</dd>
                      <dt>Account number</dt>
                      <dd>{account.accountNumber}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="provider" value={bank.provider} />
                  <SubmitButton
                    name="intent"
                    value="create-account"
                    busyLabel="Please wait! We are creating your account..."
                  >
                    Create Account
                  </SubmitButton>
                </Form>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}
