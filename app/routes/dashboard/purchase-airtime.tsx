import { PhoneField } from "../../components/forms.tsx";
import * as kit from "../../components/purchase/index.ts";
import { useNetworkFromNumber } from "../../components/purchase/use-network-from-number.ts";
import { AIRTIME_LIMITS, airtimeSchema, amountRange } from "../../forms/purchase.ts";
import { titleMeta } from "../../components/meta.ts";
import * as purchase from "../../purchases/kit.server.ts";
import { getAirtimeDiscount, getAirtimeProviders } from "../../upstream/purchases.server.ts";
import type { Route } from "./+types/purchase-airtime";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_purchase_airtime());

/** Call 17's networks, each with the caller's discount from call 18 (where the upstream puts it). */
async function airtimeProviders(caller: purchase.Caller) {
  const providers = await getAirtimeProviders(caller);
  const discounts = await Promise.all(providers.map((provider) => getAirtimeDiscount(caller, provider.id)));
  return providers.map((provider, index) => ({ ...provider, discountPercent: discounts[index] ?? 0 }));
}

const airtime = purchase.product({
  product: "airtime",
  schema: airtimeSchema,
  providers: airtimeProviders,
  networks: getAirtimeProviders,
  cardPayment: { description: m.buy_card_description_airtime },
  async price(caller, { provider: id, phone, amount }) {
    const provider = await purchase.listedProvider(getAirtimeProviders(caller), id);
    return {
      order: { product: "airtime", subcategoryId: id, phoneNumber: phone, amountKobo: amount },
      summary: purchase.lines({ [m.buy_provider()]: provider.title, [m.form_phone_label()]: phone }),
      discountPercent: await getAirtimeDiscount(caller, id),
    };
  },
});

export const loader = ({ request, context }: Route.LoaderArgs) => purchase.loadPurchasePage(request, context, airtime);
export const action = ({ request, context }: Route.ActionArgs) => purchase.purchaseAction(request, context, airtime);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function PurchaseAirtime({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <kit.PurchasePage
      title={m.dashboard_purchase_airtime()}
      loaderData={loaderData}
      actionData={actionData}
      form={AirtimeForm}
    />
  );
}

function AirtimeForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const [form, fields] = kit.usePurchaseForm("airtime", airtimeSchema, { loaderData, reply });
  const provider = kit.chosenProvider(loaderData.providers, fields.provider.value);
  const amount = airtimeSchema.shape.amount.safeParse(fields.amount.value ?? "");
  const network = useNetworkFromNumber(form, fields, loaderData.providers, reply?.networkHint);
  return (
    <kit.PurchaseForm form={form} errorFields={[fields.provider, fields.phone, fields.amount]} page={loaderData}>
      <kit.ProviderSelect
        meta={fields.provider}
        providers={loaderData.providers}
        emptyChoice={m.buy_choose_network()}
        network={network}
      />
      <PhoneField meta={fields.phone} />
      <kit.AmountField meta={fields.amount} hint={amountRange(AIRTIME_LIMITS)} />
      <kit.DiscountedCharge
        amountKobo={amount.success ? amount.data : undefined}
        provider={provider}
        none={m.buy_airtime_discount_none()}
      />
    </kit.PurchaseForm>
  );
}
