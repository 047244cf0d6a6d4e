import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { cardFunding } from "../../../domain/funding.ts";
import { formatNaira } from "../../../domain/money.ts";
import { cardFundingSchema } from "../../../forms/funding.ts";
import type { CardFundingConfirmation } from "../../../funding/card.server.ts";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import type { FormResult } from "../../../forms/submission.ts";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import type { FormReply } from "./form-reply.ts";
import { m } from "../../../i18n/paraglide/messages.js";

/** Card funding: the amount form, or once processed, what the wallet gets and a Pay button. */
export function CardSection({
  confirmation,
  reply,
  formKey,
}: {
  confirmation: CardFundingConfirmation | null;
  reply: FormReply | undefined;
  formKey: string;
}) {
  if (confirmation) return <CardConfirmation funding={confirmation} />;
  return <CardForm key={reply?.replyId ?? formKey} lastResult={reply?.result} formKey={formKey} />;
}

function CardConfirmation({ funding }: { funding: CardFundingConfirmation }) {
  return (
    <article className="purchase-confirmation" aria-labelledby="card-confirm-heading">
      <h2 id="card-confirm-heading">{m.fund_card_confirm_heading()}</h2>
      <p className="charge-line">
        {m.fund_card_you_get()} {funding.amount} - {funding.charge} = <strong>{funding.youGet}</strong>
      </p>
      <p>{m.fund_card_you_will_pay({ amount: funding.amount })}</p>
      <Form method="post" className="confirmation-actions">
        <CsrfField />
        <input type="hidden" name="funding" value={funding.sealed} />
        <SubmitButton name="intent" value="card-pay">
          {m.fund_card_pay()}
        </SubmitButton>{" "}
        <SubmitButton name="intent" value="card-change" className="secondary">
          {m.fund_card_change()}
        </SubmitButton>
      </Form>
    </article>
  );
}

function CardForm({ lastResult, formKey }: { lastResult: FormResult | undefined; formKey: string }) {
  const hydrated = useHydrated();
  const [form, fields] = useValidatedForm(cardFundingSchema, { id: "card-funding", lastResult });
  const amount = cardFundingSchema.shape.amount.safeParse(fields.amount.value ?? "");
  const funding = amount.success ? cardFunding(amount.data) : null;
  return (
    <section aria-labelledby="card-heading">
      <h2 id="card-heading">{m.fund_card()}</h2>
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.amount]} />
        <CsrfField />
        <input type="hidden" name="key" value={formKey} />
        <Field
          label={m.fund_amount()}
          meta={fields.amount}
          inputMode="decimal"
          autoComplete="off"
          hint={m.fund_card_amount_hint()}
        />
        {hydrated && funding ? (
          <p className="charge-line" aria-live="polite">
            {m.fund_card_you_get()} {formatNaira(funding.amountKobo)} - {formatNaira(funding.chargeKobo)} ={" "}
            <strong>{formatNaira(funding.youGetKobo)}</strong>
          </p>
        ) : (
          <p className="charge-line">{m.fund_card_see_first()}</p>
        )}
        <SubmitButton name="intent" value="card">
          {m.fund_card_process()}
        </SubmitButton>
      </Form>
    </section>
  );
}
