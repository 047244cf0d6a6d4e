import { Form } from "react-router";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import { lowBalanceSchema } from "../../../forms/profile.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

/** A warning on the dashboard and the product pages below an amount the person sets (decision 052). */
export function LowBalanceForm({ lastResult, threshold }: { lastResult: FormResult | undefined; threshold: string }) {
  const [form, fields] = useValidatedForm(lowBalanceSchema, {
    id: "low-balance",
    lastResult,
    defaultValue: { threshold },
  });
  return (
    <article id="low-balance-warning" aria-labelledby="low-balance-heading">
      <h2 id="low-balance-heading">{m.profile_low_heading()}</h2>
      <p>{m.profile_low_intro()}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.threshold]} />
        <CsrfField />
        <Field
          label={m.profile_low_label()}
          meta={fields.threshold}
          inputMode="decimal"
          autoComplete="off"
          hint={m.profile_low_hint()}
        />
        <SubmitButton name="intent" value="low-balance">
          {m.profile_low_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}
