import { digitsOnly, Field, PhoneField, SelectField } from "../components/forms.tsx";
import * as kit from "../components/purchase-page.tsx";
import { electricityServiceId } from "../domain/service-id.ts";
import {
  electricitySchema,
  electricityVerifySchema,
  METER_TYPES,
  VERIFY_AGAIN,
  VERIFY_FIRST,
} from "../forms/purchase.ts";
import { titleMeta } from "../components/meta.ts";
import * as purchase from "../purchases/kit.server.ts";
import { getElectricityProviders, verifyMeter } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/pay-for-electricity";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Pay for Electricity");

const METER_TYPE_LABELS = { prepaid: "Prepaid", postpaid: "Postpaid" } as const;

const electricity = purchase.product({
  path: "/dashboard/pay-for-electricity",
  product: "electricity",
  schema: electricitySchema,
  providers: getElectricityProviders,
  successAdvice: "Check your transaction history for the TOKEN CODE.",
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
        customer: purchase.lines(address ? { "Customer name": name, Address: address } : { "Customer name": name }),
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
        { Provider: provider.title, "Meter type": METER_TYPE_LABELS[meterType], "Meter number": meterNo },
        verification.customer,
        { "Phone number": phone },
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
      title="Pay for Electricity"
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
  const meterTypes = METER_TYPES.map((type) => ({ value: type, label: METER_TYPE_LABELS[type] }));
  return (
    // SPEC.md §5's order: phone, amount, provider; then what Verify needs.
    <kit.PurchaseForm
      form={form}
      errorFields={[fields.phone, fields.amount, fields.provider, fields.meterType, fields.meterNo]}
      page={loaderData}
      processDisabled={!verification.verified}
    >
      <kit.ProviderSelect
        meta={fields.provider}
        providers={loaderData.providers}
        emptyChoice="Choose your electricity company"
      />
      <SelectField label="Meter type" meta={fields.meterType} emptyChoice="Choose a meter type" options={meterTypes} />
      <Field label="Meter number" meta={fields.meterNo} {...kit.NUMBER_INPUT} onKeyDown={digitsOnly} />
      <kit.VerifyButton />
      <kit.VerifiedBlock
        state={verification}
        prompt="Verify the meter number to pay."
        again={VERIFY_AGAIN.electricity()}
      />
      <fieldset>
        <PhoneField meta={fields.phone} waiting={!verification.verified} />
        <kit.AmountField meta={fields.amount} hint="At least ₦500" waiting={!verification.verified} />
        <kit.DiscountedCharge
          amountKobo={amount.success ? amount.data : undefined}
          provider={provider}
          none="Choose your electricity company first."
        />
      </fieldset>
    </kit.PurchaseForm>
  );
}
