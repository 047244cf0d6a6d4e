import { Form } from "react-router";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import { changePasswordSchema } from "../../../forms/profile.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

export function ChangePasswordForm({ lastResult }: { lastResult: FormResult | undefined }) {
  const [form, fields] = useValidatedForm(changePasswordSchema, { id: "change-password", lastResult });
  return (
    <article aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">{m.profile_password_change()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.oldPassword, fields.newPassword, fields.confirmPassword]} />
        <CsrfField />
        <Field
          label={m.profile_password_old()}
          meta={fields.oldPassword}
          type="password"
          autoComplete="current-password"
        />
        <Field label={m.account_new_password()} meta={fields.newPassword} type="password" autoComplete="new-password" />
        <Field
          label={m.account_confirm_password()}
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton name="intent" value="change-password">
          {m.profile_password_change()}
        </SubmitButton>
      </Form>
    </article>
  );
}
