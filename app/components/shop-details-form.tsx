import { Form } from "react-router";
import { SHOP_ADDRESS_MAX, SHOP_NAME_MAX, SHOP_PHONE_MAX, shopDetailsSchema } from "../forms/shop.ts";
import type { FormResult } from "../forms/submission.ts";
import { m } from "../i18n/paraglide/messages.js";
import { AppLink } from "./app-link.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "./forms.tsx";
import { getFormProps, useValidatedForm } from "./use-validated-form.ts";

// Profile's "Your shop" (decision 085): the name, phone and address the customer copy shows
// instead of the portal's, and the way to the shop's selling prices.

export const SHOP_INTENT = "shop";

type ShopDetails = { name: string; phone: string; address: string };
type ProfileAnswer = { intent?: string; result: FormResult; replyId: string } | undefined;

/** The section, its form started afresh by each load of the page and each answer to it, as Profile's others are. */
export function ShopSection({
  shop,
  actionData,
  loadId,
}: {
  shop: ShopDetails | null;
  actionData: ProfileAnswer;
  loadId: string;
}) {
  const answer = actionData?.intent === SHOP_INTENT ? actionData : undefined;
  return (
    <section id="shop" aria-labelledby="shop-heading">
      <h2 id="shop-heading">{m.shop_heading()}</h2>
      <p>{m.shop_intro()}</p>
      <ShopDetailsForm key={`${loadId}:${answer?.replyId ?? ""}`} shop={shop} lastResult={answer?.result} />
      <p>
        <AppLink to="/dashboard/profile/selling-prices">{m.shop_prices_link()}</AppLink>
        {m.shop_prices_link_about()}
      </p>
    </section>
  );
}

function ShopDetailsForm({ shop, lastResult }: { shop: ShopDetails | null; lastResult: FormResult | undefined }) {
  const [form, fields] = useValidatedForm(shopDetailsSchema, {
    id: "shop-details",
    lastResult,
    defaultValue: { shopName: shop?.name ?? "", shopPhone: shop?.phone ?? "", shopAddress: shop?.address ?? "" },
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <ErrorSummary form={form} fields={[fields.shopName, fields.shopPhone, fields.shopAddress]} />
      <CsrfField />
      <Field
        label={m.shop_name_label()}
        meta={fields.shopName}
        autoComplete="organization"
        maxLength={SHOP_NAME_MAX}
        hint={m.shop_name_hint()}
      />
      <Field
        label={m.shop_phone_label()}
        meta={fields.shopPhone}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={SHOP_PHONE_MAX}
      />
      <Field label={m.shop_address_label()} meta={fields.shopAddress} autoComplete="off" maxLength={SHOP_ADDRESS_MAX} />
      <SubmitButton name="intent" value={SHOP_INTENT}>
        {m.shop_save()}
      </SubmitButton>
    </Form>
  );
}
