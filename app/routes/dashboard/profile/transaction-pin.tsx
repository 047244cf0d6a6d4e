import { Form, useSearchParams } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import { changePinSchema, setPinSchema } from "../../../forms/pin.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

const PIN_INPUT = { type: "password", inputMode: "numeric", autoComplete: "off", maxLength: 4 } as const;

/** A first PIN. Arriving from a purchase (?back=…), it goes back there once set. */
export function SetPinForm({ lastResult, phone }: { lastResult: FormResult | undefined; phone: string }) {
  const [form, fields] = useValidatedForm(setPinSchema(phone), { id: "set-pin", lastResult });
  const [searchParams] = useSearchParams();
  const back = searchParams.get("back");
  return (
    <article id="transaction-pin" aria-labelledby="set-pin-heading">
      <h2 id="set-pin-heading">{m.profile_pin_heading()}</h2>
      <p>{m.profile_pin_set_intro()}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.newPin, fields.confirmPin]} />
        <CsrfField />
        {back === null ? null : <input type="hidden" name="back" value={back} />}
        <Field label={m.profile_pin_new()} meta={fields.newPin} {...PIN_INPUT} hint={m.profile_pin_hint()} />
        <Field label={m.profile_pin_confirm()} meta={fields.confirmPin} {...PIN_INPUT} />
        <SubmitButton name="intent" value="set-pin">
          {m.profile_pin_set()}
        </SubmitButton>
      </Form>
    </article>
  );
}

export function ChangePinForm({ lastResult, phone }: { lastResult: FormResult | undefined; phone: string }) {
  const [form, fields] = useValidatedForm(changePinSchema(phone), { id: "change-pin", lastResult });
  return (
    <article id="transaction-pin" aria-labelledby="change-pin-heading">
      <h2 id="change-pin-heading">{m.profile_pin_heading()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.currentPin, fields.newPin, fields.confirmPin]} />
        <CsrfField />
        <Field label={m.profile_pin_current()} meta={fields.currentPin} {...PIN_INPUT} />
        <Field label={m.profile_pin_new()} meta={fields.newPin} {...PIN_INPUT} hint={m.profile_pin_hint()} />
        <Field label={m.profile_pin_confirm()} meta={fields.confirmPin} {...PIN_INPUT} />
        <SubmitButton name="intent" value="change-pin">
          {m.profile_pin_change()}
        </SubmitButton>
      </Form>
      <p>
        <AppLink to="/dashboard/profile/forgot-pin">{m.profile_pin_forgot()}</AppLink>
      </p>
    </article>
  );
}
