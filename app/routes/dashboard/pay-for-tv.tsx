import { useHydrated } from "remix-utils/use-hydrated";
import { digitsOnly, Field, PhoneField, SelectField } from "../../components/forms.tsx";
import * as kit from "../../components/purchase/index.ts";
import { cableNeedsPlan } from "../../domain/service-id.ts";
import { smartCardAdvice, smartCardHint } from "../../purchases/smart-cards.ts";
import { AMOUNT_REQUIRED, amountRange, PLAN_MESSAGE, VERIFY_AGAIN, VERIFY_FIRST } from "../../forms/purchase.ts";
import { CABLE_LIMITS, cableSchema, cableVerifySchema } from "../../forms/purchase-cable.ts";
import { titleMeta } from "../../components/meta.ts";
import * as purchase from "../../purchases/kit.server.ts";
import { getCablePlans, getCableProviders, verifySmartCard } from "../../upstream/purchases.server.ts";
import type { Route } from "./+types/pay-for-tv";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_pay_cable());

async function cableOffer(caller: purchase.Caller, provider: { title: string }) {
  return { plans: await getCablePlans(caller, provider.title) };
}

const cable = purchase.product({
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
        // The name first: the confirmation shows only it (below).
        customer: purchase.lines({
          [m.buy_customer_name()]: name,
          [m.buy_current_bouquet()]: currentBouquet || m.buy_none(),
          [m.buy_renewal_amount()]: renewalAmount || m.buy_none(),
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
        { [m.buy_provider()]: title, [m.buy_smart_iuc_number()]: smartNo },
        // The customer's name, the verification's first line, in whatever language Verify spoke.
        verification.customer.slice(0, 1),
        { [m.buy_label_plan()]: plan?.name ?? m.buy_no_plan_summary(), [m.form_phone_label()]: phone },
      ),
      discountPercent,
    };
  },
});

export const loader = ({ request, context }: Route.LoaderArgs) => purchase.loadPurchasePage(request, context, cable);
export const action = ({ request, context }: Route.ActionArgs) => purchase.purchaseAction(request, context, cable);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function PayForTv({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <kit.PurchasePage
      title={m.dashboard_pay_cable()}
      loaderData={loaderData}
      actionData={actionData}
      form={CableForm}
    />
  );
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
        emptyChoice={m.buy_choose_provider()}
        optionLabel={(option) => option.title}
      />
      <Field
        label={m.buy_smart_card_label()}
        meta={fields.smartNo}
        {...kit.NUMBER_INPUT}
        onKeyDown={digitsOnly}
        hint={smartCardHint(provider?.title ?? null)}
      />
      <kit.VerifyButton />
      <kit.VerifiedBlock state={verification} prompt={m.buy_verify_card()} again={VERIFY_AGAIN.cable()} />
      <fieldset>
        <SelectField
          key={offer?.providerId ?? "none"}
          label={m.buy_label_plan()}
          meta={fields.plan}
          emptyChoice={needsPlan ? m.buy_choose_plan() : m.buy_no_plan_amount()}
          disabled={!verification.verified}
          options={kit.pricedOptions(plans)}
        />
        <PhoneField meta={fields.phone} waiting={!verification.verified} />
        {needsPlan ? (
          <kit.ReadOnlyAmount
            id="cable-amount"
            amountKobo={plan?.amountKobo}
            hint={m.buy_plan_price()}
            waiting={!verification.verified}
          />
        ) : (
          <kit.AmountField
            meta={fields.amount}
            hint={m.buy_cable_amount_range_hint({ range: amountRange(CABLE_LIMITS) })}
            waiting={!verification.verified}
          />
        )}
        <kit.DiscountedCharge amountKobo={amountKobo} provider={provider} none={m.buy_choose_provider_first()} />
      </fieldset>
    </kit.PurchaseForm>
  );
}
