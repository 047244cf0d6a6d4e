import { AppLink } from "../../components/app-link.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { digitsOnly, Field, PhoneField, SelectField } from "../../components/forms.tsx";
import * as kit from "../../components/purchase/index.ts";
import { examNeedsProfile, examServiceId } from "../../domain/service-id.ts";
import { AMOUNT_REQUIRED, PROFILE_ID_REQUIRED, VERIFY_AGAIN, VERIFY_FIRST } from "../../forms/purchase.ts";
import { examSchema, examVerifySchema } from "../../forms/purchase-exam.ts";
import { titleMeta } from "../../components/meta.ts";
import * as purchase from "../../purchases/kit.server.ts";
import { examCardResult } from "../../purchases/words.ts";
import { getExamProviders, getExamVariants, verifyProfileId } from "../../upstream/purchases.server.ts";
import type { Route } from "./+types/purchase-exam-pins";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_exam_pins());

async function examOffer(caller: purchase.Caller, provider: { title: string }) {
  return { variants: await getExamVariants(caller, provider.title) };
}

const exam = purchase.product({
  product: "exam",
  schema: examSchema,
  providers: getExamProviders,
  offer: examOffer,
  planField: { name: "variant", noun: "variant", list: (offer) => offer.variants },
  successAdvice: m.buy_advice_pin_details,
  successDetail: (row) => examCardResult(row.examCard),
  verify: {
    schema: examVerifySchema,
    async check(caller, { provider: id, profileId, variant: variationCode }) {
      const { title } = await purchase.listedProvider(getExamProviders(caller), id);
      const result = await verifyProfileId(caller, { providerId: id, title, profileId, variationCode });
      if (!result.ok) return { fieldErrors: { profileId: [result.error] } };
      return {
        target: { providerId: id, number: profileId, detail: variationCode },
        customer: purchase.lines({ [m.buy_customer_name()]: result.details.name }),
      };
    },
  },
  async price(caller, { provider: id, profileId: typed, variant: variationCode, phone }, verification) {
    const { title, discountPercent } = await purchase.listedProvider(getExamProviders(caller), id);
    const needsProfile = examNeedsProfile(title);
    const profileId = needsProfile ? (typed ?? "") : "";
    if (
      needsProfile &&
      !purchase.verifies(verification, { providerId: id, number: profileId, detail: variationCode })
    ) {
      return { fieldErrors: { profileId: [profileId ? VERIFY_FIRST.exam() : PROFILE_ID_REQUIRED()] } };
    }
    // The amount is the variant's, as the upstream lists it now; the form only names it.
    const variants = getExamVariants(caller, title);
    const variant = await purchase.listed(variants, ({ code }) => code === variationCode, "variant", AMOUNT_REQUIRED());
    const { amountKobo } = variant;
    return {
      order: {
        product: "exam",
        subcategoryId: id,
        serviceId: examServiceId(title),
        variationCode,
        profileId,
        phone,
        amountKobo,
      },
      summary: purchase.lines(
        { [m.buy_exam()]: title, [m.buy_variant()]: variant.name },
        needsProfile && verification && [{ label: m.buy_profile_id(), value: profileId }, ...verification.customer],
        { [m.form_phone_label()]: phone },
      ),
      discountPercent,
    };
  },
});

export const loader = ({ request, context }: Route.LoaderArgs) => purchase.loadPurchasePage(request, context, exam);
export const action = ({ request, context }: Route.ActionArgs) => purchase.purchaseAction(request, context, exam);
export const shouldRevalidate = kit.revalidateAfterPurchaseOnly;

export default function PurchaseExamPins({ loaderData, actionData }: Route.ComponentProps) {
  const after = (
    <p>
      <AppLink to="/dashboard/transactions">{m.buy_see_pin_details()}</AppLink>
    </p>
  );
  return (
    <kit.PurchasePage
      title={m.dashboard_exam_pins()}
      loaderData={loaderData}
      actionData={actionData}
      form={ExamForm}
      after={after}
    />
  );
}

function ExamForm({ loaderData, reply }: kit.PurchaseFormProps<Route.ComponentProps>) {
  const hydrated = useHydrated();
  const [form, fields] = kit.usePurchaseForm("exam", examSchema, { loaderData, reply }, examVerifySchema);
  const provider = kit.chosenProvider(loaderData.providers, fields.provider.value);
  const { offer, loading } = kit.useOffer(provider?.id ?? null, [reply?.offer, loaderData.offer]);
  const needsProfile = provider ? examNeedsProfile(provider.title) : false;
  const target = {
    providerId: provider?.id ?? null,
    number: fields.profileId.value ?? "",
    detail: fields.variant.value ?? "",
  };
  const verification = kit.useVerification(reply, target);
  const variants = offer?.variants ?? [];
  const variant = variants.find((candidate) => candidate.code === fields.variant.value);
  const noVariant =
    provider === null ? m.buy_choose_exam_first() : loading ? m.buy_loading_variants() : m.buy_choose_variant();
  return (
    <kit.PurchaseForm
      form={form}
      errorFields={[fields.phone, fields.variant, fields.provider, fields.profileId]}
      page={loaderData}
      // Without JavaScript the page cannot know a choice made since it loaded: the server checks.
      processDisabled={(hydrated && provider === null) || (needsProfile && !verification.verified)}
    >
      <kit.ProviderSelect
        meta={fields.provider}
        providers={loaderData.providers}
        label={m.buy_exam_type()}
        emptyChoice={m.buy_choose_exam()}
        loadLabel={m.buy_show_variants()}
      />
      <SelectField
        key={offer?.providerId ?? "none"}
        label={m.buy_variant()}
        meta={fields.variant}
        emptyChoice={offer || provider === null ? noVariant : m.buy_press_show_variants()}
        options={kit.pricedOptions(variants)}
      />
      <kit.ReadOnlyAmount id="exam-amount" amountKobo={variant?.amountKobo} hint={m.buy_variant_price()} />
      {needsProfile ? (
        <>
          <Field label={m.buy_profile_id()} meta={fields.profileId} {...kit.NUMBER_INPUT} onKeyDown={digitsOnly} />
          <kit.VerifyButton />
          <kit.VerifiedBlock state={verification} prompt={m.buy_verify_jamb()} again={VERIFY_AGAIN.exam()} />
        </>
      ) : (
        // Another exam needs no profile; one typed for JAMB is kept for a change back.
        fields.profileId.value && <input type="hidden" name={fields.profileId.name} value={fields.profileId.value} />
      )}
      <PhoneField meta={fields.phone} />
      <kit.DiscountedCharge amountKobo={variant?.amountKobo} provider={provider} none={m.buy_choose_exam_first_dot()} />
    </kit.PurchaseForm>
  );
}
