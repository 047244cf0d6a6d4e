import { Form } from "react-router";
import { soldForSchema } from "../../../forms/shop.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";

// A purchase's "Sold for" corrected, added or removed from its receipt (decision 085).

export const SOLD_FOR_INTENT = "sold-for";

export function SoldForForm({ soldFor, lastResult }: { soldFor: string; lastResult: FormResult | undefined }) {
  const [form, fields] = useValidatedForm(soldForSchema, {
    id: "receipt-sold-for",
    lastResult,
    defaultValue: { soldFor },
  });
  return (
    <section className="no-print" aria-labelledby="sold-for-heading">
      <h2 id="sold-for-heading">{m.shop_sold_for_heading()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.soldFor]} />
        <CsrfField />
        <Field
          label={m.shop_sold_for_label()}
          meta={fields.soldFor}
          inputMode="decimal"
          autoComplete="off"
          hint={m.shop_sold_for_receipt_hint()}
        />
        <SubmitButton name="intent" value={SOLD_FOR_INTENT}>
          {m.shop_sold_for_save()}
        </SubmitButton>
      </Form>
    </section>
  );
}
