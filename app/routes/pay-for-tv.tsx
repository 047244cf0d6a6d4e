import { randomUUID } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, digitsOnly, ErrorSummary, Field, PhoneField, SelectField, SubmitButton } from "../components/forms.tsx";
import { ProviderPicker } from "../components/provider-picker.tsx";
import { ChargeLine, PurchaseConfirmation, PurchaseKeyField, revalidateAfterPurchaseOnly, VerifiedDetails, VerifyButton } from "../components/purchase.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { cableNeedsPlan } from "../domain/service-id.ts";
import { cableSchema, cableVerifySchema, PROVIDER_MESSAGE, VERIFY_FIRST } from "../forms/purchase.ts";
import { titleMeta } from "../meta.ts";
import { type Priced, type PurchaseFlow, purchaseAction, type Unpriceable, type Verified } from "../purchases/flow.server.ts";
import { providerFromQuery } from "../purchases/query.ts";
import { isConfirmationStep, type VerifiedView } from "../purchases/step.ts";
import { verifies } from "../purchases/verification.server.ts";
import { getCablePlans, getCableProviders, verifySmartCard } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/pay-for-tv";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Pay for Cable");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const providers = await forSignedInPage(context, getCableProviders(caller));
  const chosen = providerFromQuery(request);
  const provider = providers.find((candidate) => candidate.id === chosen) ?? null;
  const plans = provider ? await forSignedInPage(context, getCablePlans(caller, provider.title)) : [];
  return { balance: formatNaira(user.profile.wallet_balance), formKey: randomUUID(), providers, provider, plans };
}

const cable: PurchaseFlow<typeof cableSchema, typeof cableVerifySchema> = {
  path: "/dashboard/pay-for-tv",
  product: "cable",
  schema: cableSchema,
  verify: {
    schema: cableVerifySchema,
    async check(caller, value): Promise<Verified | Unpriceable> {
      const provider = (await getCableProviders(caller)).find((candidate) => candidate.id === value.provider);
      if (provider === undefined) return { fieldErrors: { provider: [PROVIDER_MESSAGE] } };
      const result = await verifySmartCard(caller, provider, value.smartNo);
      if (!result.ok) return { fieldErrors: { smartNo: [result.error] } };
      return {
        target: { providerId: provider.id, number: value.smartNo, detail: "" },
        customer: [
          { label: "Customer name", value: result.details.name },
          { label: "Current bouquet", value: result.details.currentBouquet || "None" },
          { label: "Renewal amount", value: result.details.renewalAmount || "None" },
        ],
      };
    },
  },
  async price(caller, value, verification): Promise<Priced | Unpriceable> {
    if (!verifies(verification, { providerId: value.provider, number: value.smartNo, detail: "" })) {
      return { fieldErrors: { smartNo: [VERIFY_FIRST.cable] } };
    }
    const provider = (await getCableProviders(caller)).find((candidate) => candidate.id === value.provider);
    if (provider === undefined) return { fieldErrors: { provider: [PROVIDER_MESSAGE] } };
    const plans = await getCablePlans(caller, provider.title);
    // A chosen plan sets the amount from the upstream's list; only StarTimes may go without.
    const plan = value.plan ? plans.find((candidate) => candidate.code === value.plan) : undefined;
    if (value.plan && plan === undefined) return { fieldErrors: { plan: ["Select a plan from the list"] } };
    if (plan === undefined && cableNeedsPlan(provider.title)) return { fieldErrors: { plan: ["Select a plan from the list"] } };
    const amountKobo = plan?.amountKobo ?? value.amount;
    if (amountKobo === undefined) return { fieldErrors: { amount: ["Amount is required!"] } };
    return {
      order: {
        product: "cable",
        subcategoryId: provider.id,
        providerTitle: provider.title,
        smartNo: value.smartNo,
        phone: value.phone,
        planCode: plan?.code ?? "",
        planName: plan?.name ?? "",
        amountKobo,
      },
      chargeKobo: discountedChargeKobo(amountKobo, provider.discountPercent),
      summary: [
        { label: "Provider", value: provider.title },
        { label: "Smart/IUC number", value: value.smartNo },
        ...verification.customer.filter((line) => line.label === "Customer name"),
        { label: "Plan", value: plan?.name ?? "No plan (amount only)" },
        { label: "Phone number", value: value.phone },
        { label: "Amount", value: formatNaira(amountKobo) },
        { label: "Discount", value: `${provider.discountPercent}%` },
      ],
    };
  },
};

export const shouldRevalidate = revalidateAfterPurchaseOnly;

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context, cable);
}

type LoaderData = Route.ComponentProps["loaderData"];
type FormReply = Exclude<Route.ComponentProps["actionData"], undefined | { confirmation: unknown }>;

export default function PayForTv({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Pay for Cable" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      {isConfirmationStep(actionData) ? (
        <PurchaseConfirmation confirmation={actionData.confirmation} />
      ) : (
        <CableForm key={`${loaderData.provider?.id ?? "none"}:${actionData?.replyId ?? "blank"}`} loaderData={loaderData} reply={actionData} />
      )}
    </>
  );
}

function CableForm({ loaderData, reply }: { loaderData: LoaderData; reply: FormReply | undefined }) {
  const { provider, plans } = loaderData;
  const hydrated = useHydrated();
  const [form, fields] = useValidatedForm(cableSchema, { id: "cable", lastResult: reply?.result, intentSchemas: { verify: cableVerifySchema } });
  const verified = stillVerified(reply?.verified ?? null, provider?.id ?? null, fields.smartNo.value ?? "");
  const needsPlan = provider ? cableNeedsPlan(provider.title) : true;
  const plan = plans.find((candidate) => candidate.code === fields.plan.value);
  const typedAmount = cableSchema.shape.amount.safeParse(fields.amount.value || undefined);
  const amountKobo = plan?.amountKobo ?? (needsPlan || !typedAmount.success ? undefined : typedAmount.data);
  const charge = provider && amountKobo !== undefined ? formatNaira(discountedChargeKobo(amountKobo, provider.discountPercent)) : null;
  return (
    <>
      <ErrorSummary form={form} fields={[fields.provider, fields.smartNo, fields.plan, fields.phone, fields.amount]} />
      <ProviderPicker
        providers={loaderData.providers}
        chosen={provider?.id ?? null}
        meta={fields.provider}
        label="Provider"
        emptyChoice="Choose a provider"
        submitLabel="Continue"
      />
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <CsrfField />
        <PurchaseKeyField value={loaderData.formKey} />
        <input type="hidden" name={fields.provider.name} value={provider ? String(provider.id) : ""} />
        <Field
          label="Smart card / IUC number"
          meta={fields.smartNo}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={20}
          autoComplete="off"
          onKeyDown={digitsOnly}
        />
        <VerifyButton />
        {verified ? (
          <>
            <VerifiedDetails lines={verified.customer} />
            <input type="hidden" name="verification" value={verified.sealed} />
          </>
        ) : (
          <p>Verify the Smart/IUC number to choose a plan and pay.</p>
        )}
        <fieldset disabled={!verified}>
          <SelectField
            label="Plan"
            meta={fields.plan}
            emptyChoice={needsPlan ? "Choose a plan" : "No plan: pay an amount"}
            options={plans.map((option) => ({ value: option.code, label: `${option.name} (${formatNaira(option.amountKobo)})` }))}
          />
          <PhoneField meta={fields.phone} />
          {needsPlan ? (
            <div className="field">
              <label htmlFor="cable-amount">Amount</label>
              <input id="cable-amount" readOnly value={plan ? formatNaira(plan.amountKobo) : ""} aria-describedby="cable-amount-hint" />
              <small id="cable-amount-hint">The chosen plan's price.</small>
            </div>
          ) : (
            <Field label="Amount (₦)" meta={fields.amount} inputMode="decimal" autoComplete="off" hint="Used when no plan is chosen; at least ₦100." />
          )}
          <ChargeLine
            charge={charge}
            fallback={provider ? `Your discount on ${provider.title} is ${provider.discountPercent}%; you will see the exact charge before you confirm.` : "Choose a provider first."}
          />
        </fieldset>
        <SubmitButton name="intent" value="process" disabled={!verified || (hydrated && needsPlan && plan === undefined)}>
          Process
        </SubmitButton>
      </Form>
    </>
  );
}

/** The verification the server sent, while it still names this provider and the number in the box. */
function stillVerified(verified: VerifiedView | null, providerId: number | null, smartNo: string): VerifiedView | null {
  if (verified === null || verified.target.providerId !== providerId || verified.target.number !== smartNo.trim()) return null;
  return verified;
}
