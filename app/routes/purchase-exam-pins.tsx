import { randomUUID } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, digitsOnly, ErrorSummary, Field, PhoneField, SelectField, SubmitButton } from "../components/forms.tsx";
import { ProviderPicker } from "../components/provider-picker.tsx";
import { ChargeLine, PurchaseConfirmation, PurchaseKeyField, revalidateAfterPurchaseOnly, VerifiedDetails, VerifyButton } from "../components/purchase.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { examNeedsProfile, examServiceId } from "../domain/service-id.ts";
import { examSchema, examVerifySchema, PROVIDER_MESSAGE, VERIFY_FIRST } from "../forms/purchase.ts";
import { titleMeta } from "../meta.ts";
import { type Priced, type PurchaseFlow, purchaseAction, type Unpriceable, type Verified } from "../purchases/flow.server.ts";
import { providerFromQuery } from "../purchases/query.ts";
import { isConfirmationStep, type VerifiedView } from "../purchases/step.ts";
import { verifies } from "../purchases/verification.server.ts";
import { getExamProviders, getExamVariants, verifyProfileId } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/purchase-exam-pins";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Exam Pins");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const providers = await forSignedInPage(context, getExamProviders(caller));
  const chosen = providerFromQuery(request);
  const provider = providers.find((candidate) => candidate.id === chosen) ?? null;
  const variants = provider ? await forSignedInPage(context, getExamVariants(caller, provider.title)) : [];
  return { balance: formatNaira(user.profile.wallet_balance), formKey: randomUUID(), providers, provider, variants };
}

const exam: PurchaseFlow<typeof examSchema, typeof examVerifySchema> = {
  path: "/dashboard/purchase-exam-pins",
  product: "exam",
  schema: examSchema,
  successAdvice: "See the Pin Details in your transaction history.",
  verify: {
    schema: examVerifySchema,
    async check(caller, value): Promise<Verified | Unpriceable> {
      const provider = (await getExamProviders(caller)).find((candidate) => candidate.id === value.provider);
      if (provider === undefined) return { fieldErrors: { provider: [PROVIDER_MESSAGE] } };
      const result = await verifyProfileId(caller, {
        providerId: provider.id,
        title: provider.title,
        profileId: value.profileId,
        variationCode: value.variant,
      });
      if (!result.ok) return { fieldErrors: { profileId: [result.error] } };
      return {
        target: { providerId: provider.id, number: value.profileId, detail: value.variant },
        customer: [{ label: "Customer name", value: result.details.name }],
      };
    },
  },
  async price(caller, value, verification): Promise<Priced | Unpriceable> {
    const provider = (await getExamProviders(caller)).find((candidate) => candidate.id === value.provider);
    if (provider === undefined) return { fieldErrors: { provider: [PROVIDER_MESSAGE] } };
    const profileId = examNeedsProfile(provider.title) ? (value.profileId ?? "") : "";
    const verified = verifies(verification, { providerId: provider.id, number: profileId, detail: value.variant }) ? verification : null;
    if (examNeedsProfile(provider.title) && verified === null) {
      return { fieldErrors: { profileId: [profileId ? VERIFY_FIRST.exam : "Profile ID is required"] } };
    }
    // The amount is the variant's, as the upstream lists it now; the form only names it.
    const variant = (await getExamVariants(caller, provider.title)).find((candidate) => candidate.code === value.variant);
    if (variant === undefined) return { fieldErrors: { variant: ["Amount is required!"] } };
    return {
      order: {
        product: "exam",
        subcategoryId: provider.id,
        serviceId: examServiceId(provider.title),
        variationCode: variant.code,
        profileId,
        phone: value.phone,
        amountKobo: variant.amountKobo,
      },
      chargeKobo: discountedChargeKobo(variant.amountKobo, provider.discountPercent),
      summary: [
        { label: "Exam", value: provider.title },
        { label: "Variant", value: variant.name },
        ...(verified ? [{ label: "Profile ID", value: profileId }, ...verified.customer] : []),
        { label: "Phone number", value: value.phone },
        { label: "Amount", value: formatNaira(variant.amountKobo) },
        { label: "Discount", value: `${provider.discountPercent}%` },
      ],
    };
  },
};

export const shouldRevalidate = revalidateAfterPurchaseOnly;

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context, exam);
}

type LoaderData = Route.ComponentProps["loaderData"];
type FormReply = Exclude<Route.ComponentProps["actionData"], undefined | { confirmation: unknown }>;

export default function PurchaseExamPins({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Exam Pins" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      {isConfirmationStep(actionData) ? (
        <PurchaseConfirmation confirmation={actionData.confirmation} />
      ) : (
        <ExamForm key={`${loaderData.provider?.id ?? "none"}:${actionData?.replyId ?? "blank"}`} loaderData={loaderData} reply={actionData} />
      )}
      <p>
        <Link to="/dashboard/transactions">See your transactions and Pin Details</Link>
      </p>
    </>
  );
}

function ExamForm({ loaderData, reply }: { loaderData: LoaderData; reply: FormReply | undefined }) {
  const { provider, variants } = loaderData;
  const [form, fields] = useValidatedForm(examSchema, { id: "exam", lastResult: reply?.result, intentSchemas: { verify: examVerifySchema } });
  const needsProfile = provider ? examNeedsProfile(provider.title) : false;
  const verified = stillVerified(reply?.verified ?? null, provider?.id ?? null, fields.profileId.value ?? "", fields.variant.value ?? "");
  const variant = variants.find((candidate) => candidate.code === fields.variant.value);
  const charge = provider && variant ? formatNaira(discountedChargeKobo(variant.amountKobo, provider.discountPercent)) : null;
  return (
    <>
      <ErrorSummary form={form} fields={[fields.phone, fields.variant, fields.provider, fields.profileId]} />
      <ProviderPicker
        providers={loaderData.providers}
        chosen={provider?.id ?? null}
        meta={fields.provider}
        label="Exam type"
        emptyChoice="Choose an exam"
        submitLabel="Show variants"
        optionLabel={(option) => `${option.title} (${option.discountPercent}% discount)`}
      />
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <CsrfField />
        <PurchaseKeyField value={loaderData.formKey} />
        <input type="hidden" name={fields.provider.name} value={provider ? String(provider.id) : ""} />
        <fieldset disabled={provider === null}>
          <SelectField
            label="Variant"
            meta={fields.variant}
            emptyChoice={provider ? "Choose a variant" : "Choose an exam first"}
            options={variants.map((option) => ({ value: option.code, label: `${option.name} (${formatNaira(option.amountKobo)})` }))}
          />
          <div className="field">
            <label htmlFor="exam-amount">Amount</label>
            <input id="exam-amount" readOnly value={variant ? formatNaira(variant.amountKobo) : ""} aria-describedby="exam-amount-hint" />
            <small id="exam-amount-hint">The chosen variant's price.</small>
          </div>
          {needsProfile ? (
            <>
              <Field label="Profile ID" meta={fields.profileId} inputMode="numeric" pattern="[0-9]*" maxLength={20} autoComplete="off" onKeyDown={digitsOnly} />
              <VerifyButton />
              {verified ? (
                <>
                  <VerifiedDetails lines={verified.customer} />
                  <input type="hidden" name="verification" value={verified.sealed} />
                </>
              ) : (
                <p>Verify the JAMB Profile ID to pay.</p>
              )}
            </>
          ) : null}
          <PhoneField meta={fields.phone} />
          <ChargeLine
            charge={charge}
            fallback={provider ? `Your discount on ${provider.title} is ${provider.discountPercent}%; you will see the exact charge before you confirm.` : "Choose an exam first."}
          />
        </fieldset>
        <SubmitButton name="intent" value="process" disabled={provider === null || (needsProfile && !verified)}>
          Process
        </SubmitButton>
      </Form>
    </>
  );
}

/** The verification the server sent, while it still names this exam, profile ID and variant. */
function stillVerified(verified: VerifiedView | null, providerId: number | null, profileId: string, variant: string): VerifiedView | null {
  if (verified === null) return null;
  const { target } = verified;
  return target.providerId === providerId && target.number === profileId.trim() && target.detail === variant ? verified : null;
}
