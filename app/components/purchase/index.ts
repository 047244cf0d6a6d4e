// The purchase kit's face (decisions 011, 013, 024): what a product route uses, imported as
// `* as kit` (docs/adding-a-product.md). One component or hook per module beside this one; the
// confirmation step is not here, since it loads apart (lazy-confirmation.tsx, decision 089), nor
// is use-network-from-number.ts, which airtime and data import from their own file with the
// network rules, so the other product pages do not carry them (decision 082, amended).

export { AmountField } from "./amount-field.tsx";
export { DiscountedCharge } from "./discounted-charge.tsx";
export { chosenProvider, NUMBER_INPUT, pricedOptions } from "./options.ts";
export { ProviderSelect } from "./provider-select.tsx";
export { PurchaseForm } from "./purchase-form.tsx";
export { PurchasePage, type PurchaseFormProps } from "./purchase-page.tsx";
export { ReadOnlyAmount } from "./read-only-amount.tsx";
export { revalidateAfterPurchaseOnly } from "./revalidate.ts";
export { useOffer } from "./use-offer.ts";
export { usePurchaseForm } from "./use-purchase-form.ts";
export { useVerification } from "./use-verification.ts";
export { VerifiedBlock } from "./verified-block.tsx";
export { VerifyButton } from "./verify-button.tsx";
