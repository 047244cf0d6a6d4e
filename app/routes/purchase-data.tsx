import { randomUUID } from "node:crypto";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, PhoneField, SelectField, SubmitButton } from "../components/forms.tsx";
import { ProviderPicker } from "../components/provider-picker.tsx";
import { ChargeLine, PurchaseConfirmation, PurchaseKeyField, revalidateAfterPurchaseOnly } from "../components/purchase.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { dataSchema, MINIMUM_DATA_KOBO } from "../forms/purchase.ts";
import { titleMeta } from "../meta.ts";
import { type Priced, type PurchaseFlow, purchaseAction, type Unpriceable } from "../purchases/flow.server.ts";
import { providerFromQuery } from "../purchases/query.ts";
import { isConfirmationStep } from "../purchases/step.ts";
import { getDataPlans, getDataProviders } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/purchase-data";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Purchase Data");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const providers = await forSignedInPage(context, getDataProviders(caller));
  const providerId = providerFromQuery(request);
  const provider = providers.find((candidate) => candidate.id === providerId) ?? null;
  const offer = provider ? await forSignedInPage(context, getDataPlans(caller, provider.id)) : null;
  return {
    balance: formatNaira(user.profile.wallet_balance),
    formKey: randomUUID(),
    providers,
    provider,
    discountPercent: offer?.discountPercent ?? 0,
    plans: (offer?.plans ?? []).map((plan) => ({ code: plan.variationCode, label: plan.plan, amountKobo: plan.amountKobo })),
  };
}

const dataPurchase: PurchaseFlow<typeof dataSchema> = {
  path: "/dashboard/purchase-data",
  product: "data",
  schema: dataSchema,
  cardPayment: true,
  async price(caller, value): Promise<Priced | Unpriceable> {
    const providers = await getDataProviders(caller);
    const provider = providers.find((candidate) => candidate.id === value.provider);
    if (provider === undefined) return { fieldErrors: { provider: ["Select a provider from the list"] } };
    const { plans, discountPercent } = await getDataPlans(caller, provider.id);
    // The price is the plan's, as the upstream lists it now; the form only names the plan.
    const plan = plans.find((candidate) => candidate.variationCode === value.plan);
    if (plan === undefined) return { fieldErrors: { plan: ["Select a plan from the list"] } };
    if (plan.amountKobo < MINIMUM_DATA_KOBO) return { fieldErrors: { plan: ["Amount can not be less than ₦10"] } };
    return {
      order: { product: "data", subcategoryId: provider.id, phoneNumber: value.phone, plan },
      chargeKobo: discountedChargeKobo(plan.amountKobo, discountPercent),
      summary: [
        { label: "Provider", value: provider.title },
        { label: "Plan", value: plan.plan },
        { label: "Phone number", value: value.phone },
        { label: "Amount", value: formatNaira(plan.amountKobo) },
        { label: "Discount", value: `${discountPercent}%` },
      ],
    };
  },
};

export const shouldRevalidate = revalidateAfterPurchaseOnly;

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context, dataPurchase);
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function PurchaseData({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Purchase Data" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      {isConfirmationStep(actionData) ? (
        <PurchaseConfirmation confirmation={actionData.confirmation} />
      ) : (
        // A new provider starts the plan afresh; the phone number typed so far stays.
        <DataForm key={actionData?.replyId ?? "blank"} loaderData={loaderData} lastResult={actionData?.result} />
      )}
    </>
  );
}

function DataForm({ loaderData, lastResult }: { loaderData: LoaderData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { provider, plans, discountPercent } = loaderData;
  const [form, fields] = useValidatedForm(dataSchema, { id: "data", lastResult });
  const plan = plans.find((candidate) => candidate.code === fields.plan.value);
  const charge = plan ? formatNaira(discountedChargeKobo(plan.amountKobo, discountPercent)) : null;
  return (
    <>
      <ErrorSummary form={form} fields={[fields.provider, fields.plan, fields.phone]} />
      <ProviderPicker
        providers={loaderData.providers}
        chosen={provider?.id ?? null}
        meta={fields.provider}
        label="Provider"
        emptyChoice="Choose a network"
        submitLabel="Show plans"
      />
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <CsrfField />
        <PurchaseKeyField value={loaderData.formKey} />
        <input type="hidden" name={fields.provider.name} value={provider ? String(provider.id) : ""} />
        <SelectField
          key={provider?.id ?? "none"}
          label="Plan"
          meta={fields.plan}
          emptyChoice={provider ? "Choose a plan" : "Choose a network first"}
          options={plans.map((option) => ({ value: option.code, label: `${option.label} (${formatNaira(option.amountKobo)})` }))}
        />
        <PhoneField meta={fields.phone} />
        <div className="field">
          <label htmlFor="data-amount">Amount</label>
          <input id="data-amount" readOnly value={plan ? formatNaira(plan.amountKobo) : ""} aria-describedby="data-amount-hint" />
          <small id="data-amount-hint">The chosen plan's price, shown beside each plan.</small>
        </div>
        <ChargeLine
          charge={charge}
          fallback={provider ? `Your discount on ${provider.title} data is ${discountPercent}%; you will see the exact charge before you confirm.` : "Choose a network to see its plans and your discount."}
        />
        <SubmitButton name="intent" value="process">
          Process
        </SubmitButton>
      </Form>
    </>
  );
}
