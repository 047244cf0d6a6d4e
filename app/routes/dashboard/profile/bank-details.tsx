import { Form } from "react-router";
import { CsrfField, ErrorSummary, Field, SelectField, SubmitButton } from "../../../components/forms.tsx";
import { PinField } from "../../../components/pin-field.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import type { PinRequirement } from "../../../domain/pin.ts";
import { bankDetailsSchema } from "../../../forms/profile.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

export function BankDetailsForm({
  lastResult,
  defaults,
  banks,
  pin,
}: {
  lastResult: FormResult | undefined;
  defaults: { accountName: string; accountNumber: string; bankName: string };
  banks: string[] | null;
  pin: PinRequirement;
}) {
  const [form, fields] = useValidatedForm(bankDetailsSchema, {
    id: "bank-details",
    lastResult,
    defaultValue: defaults,
  });
  return (
    <article aria-labelledby="bank-details-heading">
      <h2 id="bank-details-heading">{m.profile_bank_heading()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.accountName, fields.accountNumber, fields.bankName, fields.pin]} />
        <CsrfField />
        <Field label={m.profile_account_name()} meta={fields.accountName} autoComplete="name" />
        <Field
          label={m.profile_account_number()}
          meta={fields.accountNumber}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          hint={m.profile_account_number_hint()}
        />
        {banks ? (
          <SelectField
            label={m.profile_bank_name()}
            meta={fields.bankName}
            emptyChoice={m.profile_bank_choose()}
            options={banks.map((bank) => ({ value: bank, label: bank }))}
          />
        ) : (
          <>
            <p role="status">
              {m.profile_bank_list_failed()} <a href="/dashboard/profile">{m.error_try_again()}</a>
              {m.profile_bank_list_or_type()}
            </p>
            <Field label={m.profile_bank_name()} meta={fields.bankName} />
          </>
        )}
        <PinField id={fields.pin.id} requirement={pin} errors={fields.pin.errors} setPinHref="#transaction-pin" />
        <SubmitButton name="intent" value="bank-details">
          {m.profile_bank_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}
