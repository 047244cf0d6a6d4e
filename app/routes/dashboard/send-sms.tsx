import { useHydrated } from "remix-utils/use-hydrated";
import { forSignedInPage } from "../../session/auth.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { Field, TextAreaField } from "../../components/forms.tsx";
import * as kit from "../../components/purchase/index.ts";
import { formatNaira } from "../../domain/money.ts";
import {
  countSms,
  parseRecipients,
  SENDER_ID_MAX_LENGTH,
  SMS_MAX_LENGTH,
  SMS_PAGE_LENGTH,
  smsTotalKobo,
} from "../../domain/sms.ts";
import { smsSchema } from "../../forms/purchase-sms.ts";
import { titleMeta } from "../../components/meta.ts";
import * as purchase from "../../purchases/kit.server.ts";
import { getSmsPackage } from "../../upstream/purchases.server.ts";
import type { Route } from "./+types/send-sms";
import { smsCounterText } from "../../purchases/sms-counter.ts";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.buy_send_sms_title());

const sms = purchase.product({
  product: "sms",
  schema: smsSchema,
  async price(caller, { phones, sender, message }) {
    const { subcategoryId, rateKobo } = await getSmsPackage(caller);
    const totalKobo = smsTotalKobo(phones.length, countSms(message).pages, rateKobo);
    return {
      order: { product: "sms", subcategoryId, recipients: phones, sender, message, totalKobo },
      summary: purchase.lines({
        [m.buy_sender_id()]: sender,
        [m.buy_recipients()]: String(phones.length),
        [m.buy_message()]: message,
        [m.buy_pages()]: smsCounterText(message),
        [m.buy_sms_rate()]: m.buy_sms_rate_value({ rate: formatNaira(rateKobo) }),
        [m.buy_total_amount()]: formatNaira(totalKobo),
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
  return (
    <kit.PurchasePage title={m.buy_send_sms_title()} loaderData={loaderData} actionData={actionData} form={SmsForm} />
  );
}

function SmsForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const [form, fields] = kit.usePurchaseForm("sms", smsSchema, { loaderData, reply });
  const hydrated = useHydrated();
  const rate = m.buy_sms_rate_value({ rate: formatNaira(loaderData.rateKobo) });
  const message = fields.message.value ?? "";
  const recipients = parseRecipients(fields.phones.value ?? "").valid.length;
  const total = smsTotalKobo(recipients, countSms(message).pages, loaderData.rateKobo);
  const counter = hydrated ? (
    <span aria-live="polite">{smsCounterText(message)}</span>
  ) : (
    m.buy_sms_pages_hint({ pageLength: SMS_PAGE_LENGTH, max: SMS_MAX_LENGTH })
  );
  return (
    <kit.PurchaseForm form={form} errorFields={[fields.sender, fields.phones, fields.message]} page={loaderData}>
      <Field
        label={m.buy_sender_id()}
        meta={fields.sender}
        maxLength={SENDER_ID_MAX_LENGTH}
        autoComplete="off"
        hint={m.buy_at_most_characters({ max: SENDER_ID_MAX_LENGTH })}
      />
      <TextAreaField
        label={m.buy_phone_numbers()}
        meta={fields.phones}
        rows={4}
        inputMode="numeric"
        hint={m.buy_phones_hint()}
      />
      <TextAreaField label={m.buy_message()} meta={fields.message} rows={5} maxLength={SMS_MAX_LENGTH} hint={counter} />
      <div className="field">
        <label htmlFor="sms-rate">{m.buy_sms_rate()}</label>
        <input id="sms-rate" readOnly value={rate} />
      </div>
      {hydrated ? (
        <div className="field">
          <label htmlFor="sms-total">{m.buy_total_amount()}</label>
          <input id="sms-total" readOnly value={formatNaira(total)} aria-live="polite" />
        </div>
      ) : (
        <p>{m.buy_sms_total_hint()}</p>
      )}
    </kit.PurchaseForm>
  );
}
