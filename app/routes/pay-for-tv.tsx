import { useHydrated } from "remix-utils/use-hydrated";
import { digitsOnly, Field, PhoneField, SelectField } from "../components/forms.tsx";
import * as kit from "../components/purchase-page.tsx";
import { cableNeedsPlan } from "../domain/service-id.ts";
import { smartCardAdvice, smartCardHint } from "../domain/smart-cards.ts";
import {
  AMOUNT_REQUIRED,
  cableSchema,
  cableVerifySchema,
  PLAN_MESSAGE,
  VERIFY_AGAIN,
  VERIFY_FIRST,
} from "../forms/purchase.ts";
import { titleMeta } from "../components/meta.ts";
import * as purchase from "../purchases/kit.server.ts";
import { getCablePlans, getCableProviders, verifySmartCard } from "../upstream/purchases.server.ts";
import type { Route } from "./+types/pay-for-tv";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Pay for Cable");

async function cableOffer(caller: purchase.Caller, provider: { title: string }) {
  return { plans: await getCablePlans(caller, provider.title) };
}

const cable = purchase.product({
  path: "/dashboard/pay-for-tv",
  product: "cable",
  schema: cableSchema,
  providers: getCableProviders,
  offer: cableOffer,
  planField: { name: "plan", noun: "plan", list: (offer) => offer.plans },
  verify: {
    schema: cableVerifySchema,
    async check(caller, { provider: id, smartNo }) {
      const provider = await purchase.listedProvider(getCableProviders(caller), id);
      const result = await verifySmartCard(caller, provider, smartNo);
      // The upstream's words as they are, then what to check (decision 046).
      if (!result.ok) return { fieldErrors: { smartNo: [result.error, smartCardAdvice(provider.title)] } };
      const { name, currentBouquet, renewalAmount } = result.details;
      return {
        target: { providerId: id, number: smartNo, detail: "" },
        customer: purchase.lines({
          "Customer name": name,
          "Current bouquet": currentBouquet || "None",
          "Renewal amount": renewalAmount || "None",
        }),
      };
    },
  },
  async price(
    caller,
    { provider: id, smartNo, plan: code, phone, amount },
    verification,
  ): Promise<purchase.Priced | purchase.Unpriceable> {
    if (!purchase.verifies(verification, { providerId: id, number: smartNo, detail: "" })) {
      return { fieldErrors: { smartNo: [VERIFY_FIRST.cable()] } };
    }
    const { title, discountPercent } = await purchase.listedProvider(getCableProviders(caller), id);
    // A chosen plan sets the amount from the upstream's list; only StarTimes may go without.
    const plans = getCablePlans(caller, title);
    const byPlan = Boolean(code) || cableNeedsPlan(title);
    const plan = byPlan
      ? await purchase.listed(plans, (candidate) => candidate.code === code, "plan", PLAN_MESSAGE())
      : undefined;
    const amountKobo = plan?.amountKobo ?? amount;
    if (amountKobo === undefined) return { fieldErrors: { amount: [AMOUNT_REQUIRED()] } };
    const [planCode, planName] = [plan?.code ?? "", plan?.name ?? ""];
    return {
      order: {
        product: "cable",
        subcategoryId: id,
        providerTitle: title,
        smartNo,
        phone,
        planCode,
        planName,
        amountKobo,
      },
      summary: purchase.lines(
        { Provider: title, "Smart/IUC number": smartNo },
        verification.customer.filter((line) => line.label === "Customer name"),
        { Plan: plan?.name ?? "No plan (amount only)", "Phone number": phone },
      ),
      discountPercent,
    };
  },
});

export const loader = ({ request, context }: Route.LoaderArgs) => purchase.loadPurchasePage(request, context, cable);
export const action = ({ request, context }: Route.ActionArgs) => purchase.purchaseAction(request, context, cable);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function PayForTv({ loaderData, actionData }: Route.ComponentProps) {
  return <kit.PurchasePage title="Pay for Cable" loaderData={loaderData} actionData={actionData} form={CableForm} />;
}

function CableForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const hydrated = useHydrated();
  const [form, fields] = kit.usePurchaseForm("cable", cableSchema, { loaderData, reply }, cableVerifySchema);
  const provider = kit.chosenProvider(loaderData.providers, fields.provider.value);
  const { offer } = kit.useOffer(provider?.id ?? null, [reply?.offer, loaderData.offer]);
  const target = { providerId: provider?.id ?? null, number: fields.smartNo.value ?? "", detail: "" };
  const verification = kit.useVerification(reply, target);
  const needsPlan = provider ? cableNeedsPlan(provider.title) : true;
  const plans = offer?.plans ?? [];
  const plan = plans.find((candidate) => candidate.code === fields.plan.value);
  const typed = cableSchema.shape.amount.safeParse(fields.amount.value || undefined);
  const amountKobo = plan?.amountKobo ?? (needsPlan || !typed.success ? undefined : typed.data);
  return (
    <kit.PurchaseForm
      form={form}
      errorFields={[fields.provider, fields.smartNo, fields.plan, fields.phone, fields.amount]}
      page={loaderData}
      processDisabled={!verification.verified || (hydrated && needsPlan && plan === undefined)}
    >
      <kit.ProviderSelect
        meta={fields.provider}
        providers={loaderData.providers}
        emptyChoice="Choose a provider"
        optionLabel={(option) => option.title}
      />
      <Field
        label="Smart card / IUC number"
        meta={fields.smartNo}
        {...kit.NUMBER_INPUT}
        onKeyDown={digitsOnly}
        hint={smartCardHint(provider?.title ?? null)}
      />
      <kit.VerifyButton />
      <kit.VerifiedBlock
        state={verification}
        prompt="Verify the Smart/IUC number to choose a plan and pay."
        again={VERIFY_AGAIN.cable()}
      />
      <fieldset>
        <SelectField
          key={offer?.providerId ?? "none"}
          label="Plan"
          meta={fields.plan}
          emptyChoice={needsPlan ? "Choose a plan" : "No plan: pay an amount"}
          disabled={!verification.verified}
          options={kit.pricedOptions(plans)}
        />
        <PhoneField meta={fields.phone} waiting={!verification.verified} />
        {needsPlan ? (
          <kit.ReadOnlyAmount
            id="cable-amount"
            amountKobo={plan?.amountKobo}
            hint="The chosen plan's price."
            waiting={!verification.verified}
          />
        ) : (
          <kit.AmountField
            meta={fields.amount}
            hint="Used when no plan is chosen; at least ₦100."
            waiting={!verification.verified}
          />
        )}
        <kit.DiscountedCharge amountKobo={amountKobo} provider={provider} none="Choose a provider first." />
      </fieldset>
    </kit.PurchaseForm>
  );
}
