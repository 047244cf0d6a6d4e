import { useHydrated } from "remix-utils/use-hydrated";
import { forSignedInPage } from "../session/auth.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { Field, TextAreaField } from "../components/forms.tsx";
import * as kit from "../components/purchase-page.tsx";
import { formatNaira } from "../domain/money.ts";
import {
  countSms,
  parseRecipients,
  SENDER_ID_MAX_LENGTH,
  SMS_MAX_LENGTH,
  SMS_PAGE_LENGTH,
  smsCounterText,
  smsTotalKobo,
} from "../domain/sms.ts";
import { smsSchema } from "../forms/purchase.ts";
import { titleMeta } from "../components/meta.ts";
import * as purchase from "../purchases/kit.server.ts";
import { getSmsPackage } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/send-sms";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Send Bulk SMS");

const sms = purchase.product({
  path: "/dashboard/send-sms",
  product: "sms",
  schema: smsSchema,
  async price(caller, { phones, sender, message }) {
    const { subcategoryId, rateKobo } = await getSmsPackage(caller);
    const totalKobo = smsTotalKobo(phones.length, countSms(message).pages, rateKobo);
    return {
      order: { product: "sms", subcategoryId, recipients: phones, sender, message, totalKobo },
      summary: purchase.lines({
        "Sender ID": sender,
        Recipients: String(phones.length),
        Message: message,
        Pages: smsCounterText(message),
        "SMS rate": `${formatNaira(rateKobo)} per page per number`,
        "Total amount": formatNaira(totalKobo),
      }),
    };
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  const [page, { rateKobo }] = await Promise.all([
    purchase.loadPurchasePage(request, context, sms),
    forSignedInPage(context, getSmsPackage(caller)),
  ]);
  return { ...page, rateKobo };
}
export const action = ({ request, context }: Route.ActionArgs) => purchase.purchaseAction(request, context, sms);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function SendSms({ loaderData, actionData }: Route.ComponentProps) {
  return <kit.PurchasePage title="Send Bulk SMS" loaderData={loaderData} actionData={actionData} form={SmsForm} />;
}

function SmsForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const [form, fields] = kit.usePurchaseForm("sms", smsSchema, { loaderData, reply });
  const hydrated = useHydrated();
  const rate = `${formatNaira(loaderData.rateKobo)} per page per number`;
  const message = fields.message.value ?? "";
  const recipients = parseRecipients(fields.phones.value ?? "").valid.length;
  const total = smsTotalKobo(recipients, countSms(message).pages, loaderData.rateKobo);
  const counter = hydrated ? (
    <span aria-live="polite">{smsCounterText(message)}</span>
  ) : (
    `${SMS_PAGE_LENGTH} characters a page, at most ${SMS_MAX_LENGTH}.`
  );
  return (
    <kit.PurchaseForm form={form} errorFields={[fields.sender, fields.phones, fields.message]} page={loaderData}>
      <Field
        label="Sender ID"
        meta={fields.sender}
        maxLength={SENDER_ID_MAX_LENGTH}
        autoComplete="off"
        hint={`At most ${SENDER_ID_MAX_LENGTH} characters`}
      />
      <TextAreaField
        label="Phone numbers"
        meta={fields.phones}
        rows={4}
        inputMode="numeric"
        hint="Separate numbers with commas or new purchase.lines, e.g. 08012345678 or 2348012345678, without +."
      />
      <TextAreaField label="Message" meta={fields.message} rows={5} maxLength={SMS_MAX_LENGTH} hint={counter} />
      <div className="field">
        <label htmlFor="sms-rate">SMS rate</label>
        <input id="sms-rate" readOnly value={rate} />
      </div>
      {hydrated ? (
        <div className="field">
          <label htmlFor="sms-total">Total amount</label>
          <input id="sms-total" readOnly value={formatNaira(total)} aria-live="polite" />
        </div>
      ) : (
        <p>The total is the number of recipients × pages × rate; you will see it before you confirm.</p>
      )}
    </kit.PurchaseForm>
  );
}
