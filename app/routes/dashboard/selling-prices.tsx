import { Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../components/forms.tsx";
import { titleMeta } from "../../components/meta.ts";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { nairaDecimalText } from "../../domain/money.ts";
import type { SellingProduct } from "../../domain/products.ts";
import { type PriceRules, SELLING_PRODUCTS } from "../../domain/selling-prices.ts";
import { replyWithErrors } from "../../forms/reply.server.ts";
import { sellingPricesSchema } from "../../forms/shop.ts";
import { parseForm } from "../../forms/submission.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { SHOP_PRICE_WORDS } from "../../i18n/product-words.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { priceRulesOf, savePriceRules } from "../../settings/shop.server.ts";
import type { Route } from "./+types/selling-prices";

// A reseller's selling prices (decision 085), linked from Profile: one rule per product, from
// which each purchase's confirmation fills in "Sold for". A price left empty fills in nothing.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.shop_prices_title());

export async function loader({ context }: Route.LoaderArgs) {
  const rules = await priceRulesOf(signedIn(context).user.id);
  const prices: Partial<Record<SellingProduct, string>> = {};
  for (const product of SELLING_PRODUCTS) {
    const rule = rules[product];
    prices[product] = rule === undefined ? "" : nairaDecimalText(rule);
  }
  // Each priced product's field, in the product list's order, with its words (decision 092).
  const products = SELLING_PRODUCTS.map((product) => ({
    product,
    label: SHOP_PRICE_WORDS[product].label(),
    hint: SHOP_PRICE_WORDS[product].hint(),
  }));
  return { prices, products };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, sellingPricesSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {});
  const rules: PriceRules = {};
  for (const product of SELLING_PRODUCTS) {
    const amount = submission.value[product];
    if (amount !== undefined) rules[product] = amount;
  }
  await savePriceRules(signedIn(context).user.id, rules);
  return redirectWithToast(context, "/dashboard/profile/selling-prices", {
    type: "success",
    message: m.shop_prices_saved(),
  });
}

export default function SellingPrices({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(sellingPricesSchema, {
    id: "selling-prices",
    lastResult: actionData?.result,
    defaultValue: loaderData.prices,
  });
  const money = { inputMode: "decimal", autoComplete: "off" } as const;
  return (
    <>
      <PageHeader title={m.shop_prices_title()} />
      <p>{m.shop_prices_intro()}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={loaderData.products.map(({ product }) => fields[product])} />
        <CsrfField />
        {loaderData.products.map(({ product, label, hint }) => (
          <Field key={product} label={label} meta={fields[product]} {...money} hint={hint} />
        ))}
        <SubmitButton>{m.shop_prices_save()}</SubmitButton>
      </Form>
      <p>
        <AppLink to="/dashboard/profile#shop">{m.shop_prices_back()}</AppLink>
      </p>
    </>
  );
}
