import { digitsOnly, Field, PhoneField, SelectField } from "../../components/forms.tsx";
import * as kit from "../../components/purchase/index.ts";
import { electricityServiceId } from "../../domain/service-id.ts";
import { amountRange, VERIFY_AGAIN, VERIFY_FIRST } from "../../forms/purchase.ts";
import {
  ELECTRICITY_LIMITS,
  electricitySchema,
  electricityVerifySchema,
  METER_TYPES,
} from "../../forms/purchase-electricity.ts";
import { titleMeta } from "../../components/meta.ts";
import * as purchase from "../../purchases/kit.server.ts";
import { getElectricityProviders, verifyMeter } from "../../upstream/purchases.server.ts";
import type { Route } from "./+types/pay-for-electricity";
import { m } from "../../i18n/paraglide/messages.js";
import { meterTypeName } from "../../purchases/words.ts";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_pay_electricity());

const electricity = purchase.product({
  product: "electricity",
  schema: electricitySchema,
  providers: getElectricityProviders,
  verify: {
    schema: electricityVerifySchema,
    async check(caller, { provider: id, meterNo, meterType }) {
      const provider = await purchase.listedProvider(getElectricityProviders(caller), id);
      const serviceId = electricityServiceId(provider.title);
      const result = await verifyMeter(caller, { providerId: provider.id, serviceId, meterNo, meterType });
      if (!result.ok) return { fieldErrors: { meterNo: [result.error] } };
      const { name, address } = result.details;
      return {
        target: { providerId: provider.id, number: meterNo, detail: meterType },
        customer: purchase.lines({ [m.buy_customer_name()]: name }, address ? { [m.buy_address()]: address } : null),
      };
    },
  },
  async price(caller, { provider: id, meterNo, meterType, phone, amount }, verification) {
    if (!purchase.verifies(verification, { providerId: id, number: meterNo, detail: meterType })) {
      return { fieldErrors: { meterNo: [VERIFY_FIRST.electricity()] } };
    }
    const provider = await purchase.listedProvider(getElectricityProviders(caller), id);
    const serviceId = electricityServiceId(provider.title);
    return {
      order: { product: "electricity", subcategoryId: id, serviceId, meterNo, meterType, phone, amountKobo: amount },
      summary: purchase.lines(
        {
          [m.buy_provider()]: provider.title,
          [m.buy_meter_type()]: meterTypeName(meterType) ?? meterType,
          [m.buy_meter_number()]: meterNo,
        },
        verification.customer,
        { [m.form_phone_label()]: phone },
      ),
      discountPercent: provider.discountPercent,
    };
  },
});

export const loader = ({ request, context }: Route.LoaderArgs) =>
  purchase.loadPurchasePage(request, context, electricity);
export const action = ({ request, context }: Route.ActionArgs) =>
  purchase.purchaseAction(request, context, electricity);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function PayForElectricity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <kit.PurchasePage
      title={m.dashboard_pay_electricity()}
      loaderData={loaderData}
      actionData={actionData}
      form={ElectricityForm}
    />
  );
}

function ElectricityForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const [form, fields] = kit.usePurchaseForm(
    "electricity",
    electricitySchema,
    { loaderData, reply },
    electricityVerifySchema,
  );
  const provider = kit.chosenProvider(loaderData.providers, fields.provider.value);
  const target = { number: fields.meterNo.value ?? "", detail: fields.meterType.value ?? "" };
  const verification = kit.useVerification(reply, { providerId: provider?.id ?? null, ...target });
  const amount = electricitySchema.shape.amount.safeParse(fields.amount.value ?? "");
  const meterTypes = METER_TYPES.map((type) => ({ value: type, label: meterTypeName(type) ?? type }));
  return (
    // The form's order of checks: phone, amount, provider; then what Verify needs.
    <kit.PurchaseForm
      form={form}
      errorFields={[fields.phone, fields.amount, fields.provider, fields.meterType, fields.meterNo]}
      page={loaderData}
      processDisabled={!verification.verified}
    >
      <kit.ProviderSelect meta={fields.provider} providers={loaderData.providers} emptyChoice={m.buy_choose_disco()} />
      <SelectField
        label={m.buy_meter_type()}
        meta={fields.meterType}
        emptyChoice={m.buy_choose_meter_type()}
        options={meterTypes}
      />
      <Field label={m.buy_meter_number()} meta={fields.meterNo} {...kit.NUMBER_INPUT} onKeyDown={digitsOnly} />
      <kit.VerifyButton />
      <kit.VerifiedBlock state={verification} prompt={m.buy_verify_meter()} again={VERIFY_AGAIN.electricity()} />
      <fieldset>
        <PhoneField meta={fields.phone} waiting={!verification.verified} />
        <kit.AmountField meta={fields.amount} hint={amountRange(ELECTRICITY_LIMITS)} waiting={!verification.verified} />
        <kit.DiscountedCharge
          amountKobo={amount.success ? amount.data : undefined}
          provider={provider}
          none={m.buy_choose_disco_first()}
        />
      </fieldset>
    </kit.PurchaseForm>
  );
}
