import { Form } from "react-router";
import { manualPaymentSchema } from "../../../forms/funding.ts";
import type { ManualDetails } from "../../../funding/manual.server.ts";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import type { FormResult } from "../../../forms/submission.ts";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import type { FormReply } from "./form-reply.ts";
import { m } from "../../../i18n/paraglide/messages.js";

/** Manual funding: the accounts to pay into, and the form to report a payment. */
export function ManualSection({
  manual,
  reply,
  formKey,
}: {
  manual: ManualDetails | null;
  reply: FormReply | undefined;
  formKey: string;
}) {
  return (
    <section aria-labelledby="manual-heading">
      <h2 id="manual-heading">{m.fund_manual_heading()}</h2>
      {manual?.description ? (
        <div className="upstream-html" dangerouslySetInnerHTML={{ __html: manual.description }} />
      ) : null}
      {manual && manual.accounts.length > 0 ? (
        <>
          {/* A card per account, not a table: at 240 px a table's three columns would cut the
              bank's name or scroll it out of sight (decision 045). */}
          <h3 id="manual-accounts-heading">{m.fund_manual_accounts()}</h3>
          <ul className="accounts" aria-labelledby="manual-accounts-heading">
            {manual.accounts.map((account) => (
              <li key={`${account.bank}-${account.account}`}>
                <dl>
                  <dt>{m.profile_account_name()}</dt>
                  <dd>{account.name}</dd>
                  <dt>{m.profile_account_number()}</dt>
                  <dd>{account.account}</dd>
                  <dt>{m.fund_manual_bank()}</dt>
                  <dd>{account.bank}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {/* A new page load (after a report is received) starts the form empty, as without JavaScript. */}
      <ManualForm key={reply?.replyId ?? formKey} lastResult={reply?.result} formKey={formKey} />
    </section>
  );
}

/** `formKey` is new with every page load: the same report sent twice is one report. */
function ManualForm({ lastResult, formKey }: { lastResult: FormResult | undefined; formKey: string }) {
  const [form, fields] = useValidatedForm(manualPaymentSchema, { id: "manual-payment", lastResult });
  return (
    <article aria-labelledby="manual-form-heading">
      <h3 id="manual-form-heading">{m.fund_manual_report_heading()}</h3>
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.paymentName, fields.amount, fields.bankName, fields.paymentType]} />
        <CsrfField />
        <input type="hidden" name="key" value={formKey} />
        <Field
          label={m.fund_manual_payment_name()}
          meta={fields.paymentName}
          autoComplete="name"
          hint={m.fund_manual_payment_name_hint()}
        />
        <Field label={m.fund_amount()} meta={fields.amount} inputMode="decimal" autoComplete="off" />
        <Field label={m.profile_bank_name()} meta={fields.bankName} hint={m.fund_manual_bank_hint()} />
        <Field
          label={m.fund_manual_payment_type()}
          meta={fields.paymentType}
          placeholder={m.fund_manual_payment_type_placeholder()}
        />
        <SubmitButton name="intent" value="manual">
          {m.fund_manual_submit()}
        </SubmitButton>
      </Form>
    </article>
  );
}
