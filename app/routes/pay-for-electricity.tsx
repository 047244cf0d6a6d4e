import { randomUUID } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, digitsOnly, ErrorSummary, Field, PhoneField, SelectField, SubmitButton } from "../components/forms.tsx";
import { ProviderPicker } from "../components/provider-picker.tsx";
import { ChargeLine, PurchaseConfirmation, PurchaseKeyField, revalidateAfterPurchaseOnly, VerifiedDetails, VerifyButton } from "../components/purchase.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { electricityServiceId } from "../domain/service-id.ts";
import { electricitySchema, electricityVerifySchema, METER_TYPES, PROVIDER_MESSAGE, VERIFY_FIRST } from "../forms/purchase.ts";
import { titleMeta } from "../meta.ts";
import { type Priced, type PurchaseFlow, purchaseAction, type Unpriceable, type Verified } from "../purchases/flow.server.ts";
import { providerFromQuery } from "../purchases/query.ts";
import { isConfirmationStep, type VerifiedView } from "../purchases/step.ts";
import { verifies } from "../purchases/verification.server.ts";
import { getElectricityProviders, verifyMeter } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/pay-for-electricity";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Pay for Electricity");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const providers = await forSignedInPage(context, getElectricityProviders(caller));
  const chosen = providerFromQuery(request);
  return {
    balance: formatNaira(user.profile.wallet_balance),
    formKey: randomUUID(),
    providers,
    provider: providers.find((candidate) => candidate.id === chosen) ?? null,
  };
}

const METER_TYPE_LABELS = { prepaid: "Prepaid", postpaid: "Postpaid" } as const;

const electricity: PurchaseFlow<typeof electricitySchema, typeof electricityVerifySchema> = {
  path: "/dashboard/pay-for-electricity",
  product: "electricity",
  schema: electricitySchema,
  successAdvice: "Check your transaction history for the TOKEN CODE.",
  verify: {
    schema: electricityVerifySchema,
    async check(caller, value): Promise<Verified | Unpriceable> {
      const provider = (await getElectricityProviders(caller)).find((candidate) => candidate.id === value.provider);
      if (provider === undefined) return { fieldErrors: { provider: [PROVIDER_MESSAGE] } };
      const result = await verifyMeter(caller, {
        providerId: provider.id,
        serviceId: electricityServiceId(provider.title),
        meterNo: value.meterNo,
        meterType: value.meterType,
      });
      if (!result.ok) return { fieldErrors: { meterNo: [result.error] } };
      return {
        target: { providerId: provider.id, number: value.meterNo, detail: value.meterType },
        customer: [
          { label: "Customer name", value: result.details.name },
          ...(result.details.address ? [{ label: "Address", value: result.details.address }] : []),
        ],
      };
    },
  },
  async price(caller, value, verification): Promise<Priced | Unpriceable> {
    if (!verifies(verification, { providerId: value.provider, number: value.meterNo, detail: value.meterType })) {
      return { fieldErrors: { meterNo: [VERIFY_FIRST.electricity] } };
    }
    const provider = (await getElectricityProviders(caller)).find((candidate) => candidate.id === value.provider);
    if (provider === undefined) return { fieldErrors: { provider: [PROVIDER_MESSAGE] } };
    return {
      order: {
        product: "electricity",
        subcategoryId: provider.id,
        serviceId: electricityServiceId(provider.title),
        meterNo: value.meterNo,
        meterType: value.meterType,
        phone: value.phone,
        amountKobo: value.amount,
      },
      chargeKobo: discountedChargeKobo(value.amount, provider.discountPercent),
      summary: [
        { label: "Provider", value: provider.title },
        { label: "Meter type", value: METER_TYPE_LABELS[value.meterType] },
        { label: "Meter number", value: value.meterNo },
        ...verification.customer,
        { label: "Phone number", value: value.phone },
        { label: "Amount", value: formatNaira(value.amount) },
        { label: "Discount", value: `${provider.discountPercent}%` },
      ],
    };
  },
};

export const shouldRevalidate = revalidateAfterPurchaseOnly;

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context, electricity);
}

type LoaderData = Route.ComponentProps["loaderData"];
type FormReply = Exclude<Route.ComponentProps["actionData"], undefined | { confirmation: unknown }>;

export default function PayForElectricity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Pay for Electricity" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      {isConfirmationStep(actionData) ? (
        <PurchaseConfirmation confirmation={actionData.confirmation} />
      ) : (
        <ElectricityForm key={`${loaderData.provider?.id ?? "none"}:${actionData?.replyId ?? "blank"}`} loaderData={loaderData} reply={actionData} />
      )}
    </>
  );
}

function ElectricityForm({ loaderData, reply }: { loaderData: LoaderData; reply: FormReply | undefined }) {
  const { provider } = loaderData;
  const [form, fields] = useValidatedForm(electricitySchema, {
    id: "electricity",
    lastResult: reply?.result,
    intentSchemas: { verify: electricityVerifySchema },
  });
  const verified = stillVerified(reply?.verified ?? null, provider?.id ?? null, fields.meterNo.value ?? "", fields.meterType.value ?? "");
  const amount = electricitySchema.shape.amount.safeParse(fields.amount.value ?? "");
  const charge = provider && amount.success ? formatNaira(discountedChargeKobo(amount.data, provider.discountPercent)) : null;
  return (
    <>
      {/* SPEC.md §5's order: phone, amount, provider; then what Verify needs. */}
      <ErrorSummary form={form} fields={[fields.phone, fields.amount, fields.provider, fields.meterType, fields.meterNo]} />
      <ProviderPicker
        providers={loaderData.providers}
        chosen={provider?.id ?? null}
        meta={fields.provider}
        label="Provider"
        emptyChoice="Choose your electricity company"
        submitLabel="Continue"
        optionLabel={(option) => `${option.title} (${option.discountPercent}% discount)`}
      />
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <CsrfField />
        <PurchaseKeyField value={loaderData.formKey} />
        <input type="hidden" name={fields.provider.name} value={provider ? String(provider.id) : ""} />
        <SelectField
          label="Meter type"
          meta={fields.meterType}
          emptyChoice="Choose a meter type"
          options={METER_TYPES.map((type) => ({ value: type, label: METER_TYPE_LABELS[type] }))}
        />
        <Field label="Meter number" meta={fields.meterNo} inputMode="numeric" pattern="[0-9]*" maxLength={20} autoComplete="off" onKeyDown={digitsOnly} />
        <VerifyButton />
        {verified ? (
          <>
            <VerifiedDetails lines={verified.customer} />
            <input type="hidden" name="verification" value={verified.sealed} />
          </>
        ) : (
          <p>Verify the meter number to pay.</p>
        )}
        <fieldset disabled={!verified}>
          <PhoneField meta={fields.phone} />
          <Field label="Amount (₦)" meta={fields.amount} inputMode="decimal" autoComplete="off" hint="At least ₦500" />
          <ChargeLine
            charge={charge}
            fallback={provider ? `Your discount on ${provider.title} is ${provider.discountPercent}%; you will see the exact charge before you confirm.` : "Choose your electricity company first."}
          />
        </fieldset>
        <SubmitButton name="intent" value="process" disabled={!verified}>
          Process
        </SubmitButton>
      </Form>
    </>
  );
}

/** The verification the server sent, while it still names this provider, meter and meter type. */
function stillVerified(verified: VerifiedView | null, providerId: number | null, meterNo: string, meterType: string): VerifiedView | null {
  if (verified === null) return null;
  const { target } = verified;
  return target.providerId === providerId && target.number === meterNo.trim() && target.detail === meterType ? verified : null;
}
