import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { cardFunding } from "../../domain/funding.ts";
import { formatNaira } from "../../domain/money.ts";
import { cardFundingSchema } from "../../forms/funding.ts";
import type { CardFundingConfirmation } from "../../funding/card.server.ts";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../forms.tsx";
import { useValidatedForm } from "../use-validated-form.ts";
import type { FormReply } from "./form-reply.ts";

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
      <h2 id="card-confirm-heading">Fund with your ATM card</h2>
      <p className="charge-line">
        You get: {funding.amount} - {funding.charge} = <strong>{funding.youGet}</strong>
      </p>
      <p>You will pay {funding.amount} on the card payment page; the 1.5% card charge is kept from it.</p>
      <Form method="post" className="confirmation-actions">
        <CsrfField />
        <input type="hidden" name="funding" value={funding.sealed} />
        <SubmitButton name="intent" value="card-pay">
          Pay with card
        </SubmitButton>{" "}
        <SubmitButton name="intent" value="card-change" className="secondary">
          Change
        </SubmitButton>
      </Form>
    </article>
  );
}

function CardForm({ lastResult, formKey }: { lastResult: SubmissionResult<string[]> | undefined; formKey: string }) {
  const hydrated = useHydrated();
  const [form, fields] = useValidatedForm(cardFundingSchema, { id: "card-funding", lastResult });
  const amount = cardFundingSchema.shape.amount.safeParse(fields.amount.value ?? "");
  const funding = amount.success ? cardFunding(amount.data) : null;
  return (
    <section aria-labelledby="card-heading">
      <h2 id="card-heading">ATM card</h2>
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.amount]} />
        <CsrfField />
        <input type="hidden" name="key" value={formKey} />
        <Field
          label="Amount (₦)"
          meta={fields.amount}
          inputMode="decimal"
          autoComplete="off"
          hint="At least ₦100. A 1.5% card charge applies."
        />
        {hydrated && funding ? (
          <p className="charge-line" aria-live="polite">
            You get: {formatNaira(funding.amountKobo)} - {formatNaira(funding.chargeKobo)} ={" "}
            <strong>{formatNaira(funding.youGetKobo)}</strong>
          </p>
        ) : (
          <p className="charge-line">You will see what your wallet gets before you pay.</p>
        )}
        <SubmitButton name="intent" value="card">
          Process
        </SubmitButton>
      </Form>
    </section>
  );
}
