import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField, ErrorSummary, Field, PhoneField, SubmitButton } from "../../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import { bvnSchema, ninSchema } from "../../../forms/profile.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

/** The identity checks, each its own form: `BvnForm` and `NinForm` go inside. */
export function KycSection({ children }: { children: ReactNode }) {
  return (
    <section id="kyc" aria-labelledby="kyc-heading">
      <h2 id="kyc-heading">{m.profile_kyc_heading()}</h2>
      <p>{m.profile_kyc_intro()}</p>
      <div className="form-grid">{children}</div>
    </section>
  );
}

export function BvnForm({ lastResult }: { lastResult: FormResult | undefined }) {
  const [form, fields] = useValidatedForm(bvnSchema(), { id: "bvn", lastResult });
  return (
    <article aria-labelledby="bvn-heading">
      <h3 id="bvn-heading">BVN</h3>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.bvn, fields.name, fields.dob, fields.phone]} />
        <CsrfField />
        <Field
          label="BVN"
          meta={fields.bvn}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={11}
          autoComplete="off"
          hint={m.profile_eleven_digits()}
        />
        <Field label={m.profile_bvn_name()} meta={fields.name} autoComplete="name" />
        <Field label={m.profile_bvn_dob()} meta={fields.dob} type="date" autoComplete="bday" />
        <PhoneField meta={fields.phone} label={m.profile_bvn_phone()} />
        <SubmitButton name="intent" value="bvn">
          {m.profile_bvn_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}

export function NinForm({ lastResult }: { lastResult: FormResult | undefined }) {
  const [form, fields] = useValidatedForm(ninSchema, { id: "nin", lastResult });
  return (
    <article aria-labelledby="nin-heading">
      <h3 id="nin-heading">NIN</h3>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.nin]} />
        <CsrfField />
        <Field
          label="NIN"
          meta={fields.nin}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={11}
          autoComplete="off"
          hint={m.profile_eleven_digits()}
        />
        <SubmitButton name="intent" value="nin">
          {m.profile_nin_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}
