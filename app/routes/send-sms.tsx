import { randomUUID } from "node:crypto";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton, TextAreaField } from "../components/forms.tsx";
import { PurchaseConfirmation, PurchaseKeyField, revalidateAfterPurchaseOnly } from "../components/purchase.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { formatNaira } from "../domain/money.ts";
import { countSms, parseRecipients, SENDER_ID_MAX_LENGTH, SMS_MAX_LENGTH, SMS_PAGE_LENGTH, smsCounterText, smsTotalKobo } from "../domain/sms.ts";
import { smsSchema } from "../forms/purchase.ts";
import { titleMeta } from "../meta.ts";
import { type Priced, type PurchaseFlow, purchaseAction, type Unpriceable } from "../purchases/flow.server.ts";
import { isConfirmationStep } from "../purchases/step.ts";
import { getSmsPackage } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/send-sms";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Send Bulk SMS");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const { rateKobo } = await forSignedInPage(context, getSmsPackage(caller));
  return { balance: formatNaira(user.profile.wallet_balance), formKey: randomUUID(), rateKobo };
}

const sms: PurchaseFlow<typeof smsSchema> = {
  path: "/dashboard/send-sms",
  product: "sms",
  schema: smsSchema,
  async price(caller, value): Promise<Priced | Unpriceable> {
    const { subcategoryId, rateKobo } = await getSmsPackage(caller);
    const { pages } = countSms(value.message);
    const totalKobo = smsTotalKobo(value.phones.length, pages, rateKobo);
    return {
      order: { product: "sms", subcategoryId, recipients: value.phones, sender: value.sender, message: value.message, totalKobo },
      chargeKobo: totalKobo,
      summary: [
        { label: "Sender ID", value: value.sender },
        { label: "Recipients", value: String(value.phones.length) },
        { label: "Message", value: value.message },
        { label: "Pages", value: smsCounterText(value.message) },
        { label: "SMS rate", value: `${formatNaira(rateKobo)} per page per number` },
        { label: "Total amount", value: formatNaira(totalKobo) },
      ],
    };
  },
};

export const shouldRevalidate = revalidateAfterPurchaseOnly;

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context, sms);
}

export default function SendSms({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Send Bulk SMS" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      {isConfirmationStep(actionData) ? (
        <PurchaseConfirmation confirmation={actionData.confirmation} />
      ) : (
        <SmsForm key={actionData?.replyId ?? "blank"} rateKobo={loaderData.rateKobo} formKey={loaderData.formKey} lastResult={actionData?.result} />
      )}
    </>
  );
}

function SmsForm({ rateKobo, formKey, lastResult }: { rateKobo: number; formKey: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useValidatedForm(smsSchema, { id: "sms", lastResult });
  const hydrated = useHydrated();
  const message = fields.message.value ?? "";
  const recipients = parseRecipients(fields.phones.value ?? "").valid.length;
  const total = smsTotalKobo(recipients, countSms(message).pages, rateKobo);
  return (
    <Form method="post" className="purchase-form" {...getFormProps(form)}>
      <ErrorSummary form={form} fields={[fields.sender, fields.phones, fields.message]} />
      <CsrfField />
      <PurchaseKeyField value={formKey} />
      <Field label="Sender ID" meta={fields.sender} maxLength={SENDER_ID_MAX_LENGTH} autoComplete="off" hint={`At most ${SENDER_ID_MAX_LENGTH} characters`} />
      <TextAreaField
        label="Phone numbers"
        meta={fields.phones}
        rows={4}
        inputMode="numeric"
        hint="Separate numbers with commas or new lines, e.g. 08012345678 or 2348012345678, without +."
      />
      <TextAreaField
        label="Message"
        meta={fields.message}
        rows={5}
        maxLength={SMS_MAX_LENGTH}
        hint={hydrated ? <span aria-live="polite">{smsCounterText(message)}</span> : `${SMS_PAGE_LENGTH} characters a page, at most ${SMS_MAX_LENGTH}.`}
      />
      <div className="field">
        <label htmlFor="sms-rate">SMS rate</label>
        <input id="sms-rate" readOnly value={`${formatNaira(rateKobo)} per page per number`} />
      </div>
      {hydrated ? (
        <div className="field">
          <label htmlFor="sms-total">Total amount</label>
          <input id="sms-total" readOnly value={formatNaira(total)} aria-live="polite" />
        </div>
      ) : (
        <p>The total is the number of recipients × pages × rate; you will see it before you confirm.</p>
      )}
      <SubmitButton name="intent" value="process">
        Process
      </SubmitButton>
    </Form>
  );
}
