import { randomUUID } from "node:crypto";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, Field, PhoneField, SelectField, SubmitButton } from "../components/forms.tsx";
import { ChargeLine, PurchaseConfirmation, PurchaseKeyField, revalidateAfterPurchaseOnly } from "../components/purchase.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { airtimeSchema } from "../forms/purchase.ts";
import { titleMeta } from "../meta.ts";
import { type Priced, type PurchaseFlow, purchaseAction, type Unpriceable } from "../purchases/flow.server.ts";
import { isConfirmationStep } from "../purchases/step.ts";
import { getAirtimeDiscount, getAirtimeProviders } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/purchase-airtime";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Purchase Airtime");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const providers = await forSignedInPage(context, getAirtimeProviders(caller));
  // Call 18 is where CONTRACT.md puts each provider's discount for this user.
  const discounts = await forSignedInPage(context, Promise.all(providers.map((provider) => getAirtimeDiscount(caller, provider.id))));
  return {
    balance: formatNaira(user.profile.wallet_balance),
    formKey: randomUUID(),
    providers: providers.map((provider, index) => ({ ...provider, discountPercent: discounts[index] ?? 0 })),
  };
}

const airtime: PurchaseFlow<typeof airtimeSchema> = {
  path: "/dashboard/purchase-airtime",
  product: "airtime",
  schema: airtimeSchema,
  cardPayment: true,
  async price(caller, value): Promise<Priced | Unpriceable> {
    const providers = await getAirtimeProviders(caller);
    const provider = providers.find((candidate) => candidate.id === value.provider);
    if (provider === undefined) return { fieldErrors: { provider: ["Select a provider from the list"] } };
    const discountPercent = await getAirtimeDiscount(caller, provider.id);
    const chargeKobo = discountedChargeKobo(value.amount, discountPercent);
    return {
      order: { product: "airtime", subcategoryId: provider.id, phoneNumber: value.phone, amountKobo: value.amount },
      chargeKobo,
      summary: [
        { label: "Provider", value: provider.title },
        { label: "Phone number", value: value.phone },
        { label: "Amount", value: formatNaira(value.amount) },
        { label: "Discount", value: `${discountPercent}%` },
      ],
    };
  },
};

export const shouldRevalidate = revalidateAfterPurchaseOnly;

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context, airtime);
}

export default function PurchaseAirtime({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Purchase Airtime" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      {isConfirmationStep(actionData) ? (
        <PurchaseConfirmation confirmation={actionData.confirmation} />
      ) : (
        <AirtimeForm key={actionData?.replyId ?? "blank"} providers={loaderData.providers} formKey={loaderData.formKey} lastResult={actionData?.result} />
      )}
    </>
  );
}

type AirtimeFormProps = {
  providers: { id: number; title: string; discountPercent: number }[];
  formKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
};

function AirtimeForm({ providers, formKey, lastResult }: AirtimeFormProps) {
  const [form, fields] = useValidatedForm(airtimeSchema, { id: "airtime", lastResult });
  const chosen = providers.find((provider) => String(provider.id) === fields.provider.value);
  const amount = airtimeSchema.shape.amount.safeParse(fields.amount.value ?? "");
  const charge = chosen && amount.success ? formatNaira(discountedChargeKobo(amount.data, chosen.discountPercent)) : null;
  return (
    <Form method="post" className="purchase-form" {...getFormProps(form)}>
      <ErrorSummary form={form} fields={[fields.provider, fields.phone, fields.amount]} />
      <CsrfField />
      <PurchaseKeyField value={formKey} />
      <SelectField
        label="Provider"
        meta={fields.provider}
        emptyChoice="Choose a network"
        options={providers.map((provider) => ({ value: String(provider.id), label: `${provider.title} (${provider.discountPercent}% discount)` }))}
      />
      <PhoneField meta={fields.phone} />
      <Field label="Amount (₦)" meta={fields.amount} inputMode="decimal" autoComplete="off" hint="At least ₦100" />
      <ChargeLine
        charge={charge}
        fallback="Your discount is shown beside each network; you will see the exact charge before you confirm."
      />
      <SubmitButton name="intent" value="process">
        Process
      </SubmitButton>
    </Form>
  );
}
