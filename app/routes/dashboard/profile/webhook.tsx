import { Form } from "react-router";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import { PinField } from "../../../components/pin-field.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import type { PinRequirement } from "../../../domain/pin.ts";
import { webhookSchema } from "../../../forms/profile.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

export function WebhookForm({
  lastResult,
  defaultUrl,
  pin,
}: {
  lastResult: FormResult | undefined;
  defaultUrl: string;
  pin: PinRequirement;
}) {
  const [form, fields] = useValidatedForm(webhookSchema, {
    id: "webhook",
    lastResult,
    defaultValue: { webhookUrl: defaultUrl },
  });
  return (
    <article aria-labelledby="webhook-heading">
      <h2 id="webhook-heading">{m.profile_webhook()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.webhookUrl, fields.pin]} />
        <CsrfField />
        <Field
          label={m.profile_webhook()}
          meta={fields.webhookUrl}
          type="url"
          inputMode="url"
          hint={m.profile_webhook_hint()}
        />
        <PinField id={fields.pin.id} requirement={pin} errors={fields.pin.errors} setPinHref="#transaction-pin" />
        <SubmitButton name="intent" value="webhook">
          {m.profile_webhook_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}
