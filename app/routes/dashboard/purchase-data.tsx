import { PhoneField, SelectField } from "../../components/forms.tsx";
import * as kit from "../../components/purchase/index.ts";
import { useNetworkFromNumber } from "../../components/purchase/use-network-from-number.ts";
import { amountTooLow, dataSchema, MINIMUM_DATA_KOBO, PLAN_MESSAGE } from "../../forms/purchase.ts";
import { titleMeta } from "../../components/meta.ts";
import * as purchase from "../../purchases/kit.server.ts";
import { getDataPlans, getDataProviders } from "../../upstream/purchases.server.ts";
import type { Route } from "./+types/purchase-data";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_purchase_data());

/** A network's plans as the form lists them, and the caller's discount on its data. */
async function dataOffer(caller: purchase.Caller, provider: { id: number }) {
  const { plans, discountPercent } = await getDataPlans(caller, provider.id);
  return {
    discountPercent,
    plans: plans.map(({ variationCode: code, plan: name, amountKobo }) => ({ code, name, amountKobo })),
  };
}

const dataPurchase = purchase.product({
  product: "data",
  schema: dataSchema,
  providers: getDataProviders,
  networks: getDataProviders,
  offer: dataOffer,
  planField: { name: "plan", noun: "plan", list: (offer) => offer.plans },
  cardPayment: { description: m.buy_card_description_data },
  async price(caller, { provider: id, plan: code, phone }) {
    const provider = await purchase.listedProvider(getDataProviders(caller), id);
    const { plans, discountPercent } = await getDataPlans(caller, id);
    // The price is the plan's, as the upstream lists it now; the form only names the plan.
    const plan = await purchase.listed(plans, ({ variationCode }) => variationCode === code, "plan", PLAN_MESSAGE());
    if (plan.amountKobo < MINIMUM_DATA_KOBO) return { fieldErrors: { plan: [amountTooLow(MINIMUM_DATA_KOBO)] } };
    return {
      order: { product: "data", subcategoryId: id, phoneNumber: phone, plan },
      summary: purchase.lines({
        [m.buy_provider()]: provider.title,
        [m.buy_label_plan()]: plan.plan,
        [m.form_phone_label()]: phone,
      }),
      discountPercent,
    };
  },
});

export const loader = ({ request, context }: Route.LoaderArgs) =>
  purchase.loadPurchasePage(request, context, dataPurchase);
export const action = ({ request, context }: Route.ActionArgs) =>
  purchase.purchaseAction(request, context, dataPurchase);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function PurchaseData({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <kit.PurchasePage
      title={m.dashboard_purchase_data()}
      loaderData={loaderData}
      actionData={actionData}
      form={DataForm}
    />
  );
}

function DataForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const [form, fields] = kit.usePurchaseForm("data", dataSchema, { loaderData, reply });
  const network = useNetworkFromNumber(form, fields, loaderData.providers, reply?.networkHint);
  const provider = kit.chosenProvider(loaderData.providers, fields.provider.value);
  const { offer, loading } = kit.useOffer(provider?.id ?? null, [reply?.offer, loaderData.offer]);
  const plans = offer?.plans ?? [];
  const plan = plans.find((candidate) => candidate.code === fields.plan.value);
  const noPlan =
    provider === null ? m.buy_choose_network_first() : loading ? m.buy_loading_plans() : m.buy_choose_plan();
  return (
    <kit.PurchaseForm form={form} errorFields={[fields.provider, fields.plan, fields.phone]} page={loaderData}>
      <kit.ProviderSelect
        meta={fields.provider}
        providers={loaderData.providers}
        emptyChoice={m.buy_choose_network()}
        optionLabel={(option) => option.title}
        loadLabel={m.buy_show_plans()}
        network={network}
      />
      {/* A new network starts the plan afresh; the phone number typed so far stays. */}
      <SelectField
        key={offer?.providerId ?? "none"}
        label={m.buy_label_plan()}
        meta={fields.plan}
        emptyChoice={offer || provider === null ? noPlan : m.buy_press_show_plans()}
        options={kit.pricedOptions(plans)}
      />
      <PhoneField meta={fields.phone} />
      <kit.ReadOnlyAmount id="data-amount" amountKobo={plan?.amountKobo} hint={m.buy_plan_price_beside()} />
      <kit.DiscountedCharge
        amountKobo={plan?.amountKobo}
        provider={
          provider &&
          offer && { title: m.buy_provider_data({ provider: provider.title }), discountPercent: offer.discountPercent }
        }
        none={m.buy_data_discount_none()}
      />
    </kit.PurchaseForm>
  );
}
