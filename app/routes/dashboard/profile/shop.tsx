import { Form } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../../components/use-validated-form.ts";
import { SHOP_ADDRESS_MAX, SHOP_NAME_MAX, SHOP_PHONE_MAX, shopDetailsSchema } from "../../../forms/shop.ts";
import type { FormResult } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";

// Profile's "Your shop" (decision 085): the name, phone and address the customer copy shows
// instead of the portal's, and the way to the shop's selling prices.

type ShopDetails = { name: string; phone: string; address: string };

/** The section; its form is started afresh by each load of the page and each answer to it (`formKey`), as Profile's others are. */
export function ShopSection({
  shop,
  formKey,
  lastResult,
}: {
  shop: ShopDetails | null;
  formKey: string;
  lastResult: FormResult | undefined;
}) {
  return (
    <section id="shop" aria-labelledby="shop-heading">
      <h2 id="shop-heading">{m.shop_heading()}</h2>
      <p>{m.shop_intro()}</p>
      <ShopDetailsForm key={formKey} shop={shop} lastResult={lastResult} />
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
      <SubmitButton name="intent" value="shop">
        {m.shop_save()}
      </SubmitButton>
    </Form>
  );
}
