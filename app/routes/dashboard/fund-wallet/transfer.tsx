import { Form } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { BANK_TRANSFER_CHARGE_PERCENT } from "../../../domain/funding.ts";
import type { TransferDetails } from "../../../funding/transfer.server.ts";
import { CsrfField, SubmitButton } from "../../../components/forms.tsx";
import { m } from "../../../i18n/paraglide/messages.js";

const BANKS = [
  { provider: "sterling", name: "Sterling Bank" },
  { provider: "wema", name: "Wema Bank" },
] as const;

/** Bank transfer: the reserved accounts at each bank, or a button to create one. */
export function TransferSection({ transfer }: { transfer: TransferDetails | null }) {
  return (
    <section aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">{m.fund_transfer()}</h2>
      {transfer?.instruction ? (
        // Sanitized on the server (app/content/sanitize.server.ts).
        <div className="upstream-html" dangerouslySetInnerHTML={{ __html: transfer.instruction }} />
      ) : null}
      {BANKS.some((bank) => (transfer?.accounts[bank.provider] ?? []).length === 0) ? (
        // Said before the button, not only in the refusal after it (decision 080).
        <p>
          {m.fund_transfer_kyc_note()} <AppLink to="/dashboard/profile#kyc">{m.fund_transfer_add_kyc()}</AppLink>
        </p>
      ) : null}
      <div className="form-grid">
        {BANKS.map((bank) => {
          const list = transfer?.accounts[bank.provider] ?? [];
          return (
            <article key={bank.provider} aria-labelledby={`${bank.provider}-heading`}>
              <h3 id={`${bank.provider}-heading`}>{bank.name}</h3>
              <p>{m.fund_transfer_charge({ percent: BANK_TRANSFER_CHARGE_PERCENT })}</p>
              {list.length > 0 ? (
                <dl>
                  {list.map((account) => (
                    <div key={account.accountNumber}>
                      <dt>{m.profile_account_name()}</dt>
                      <dd>{account.accountName}</dd>
                      <dt>{m.profile_account_number()}</dt>
                      <dd>{account.accountNumber}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="provider" value={bank.provider} />
                  <SubmitButton name="intent" value="create-account" busyLabel={m.fund_transfer_creating()}>
                    {m.fund_transfer_create()}
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
