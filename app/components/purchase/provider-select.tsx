import { useHydrated } from "remix-utils/use-hydrated";
import { NETWORK_FROM_NUMBER } from "../../forms/purchase.ts";
import { SelectField } from "../forms.tsx";
import type { FieldMetadata } from "../use-validated-form.ts";
import type { ProviderOption } from "./options.ts";
import type { NetworkFromNumber } from "./use-network-from-number.ts";
import { m } from "../../i18n/paraglide/messages.js";

/**
 * The provider list, inside the purchase form: whatever is chosen is what Verify and Process
 * send, whether or not anything else is pressed. Where a provider brings plans or variants,
 * `loadLabel` names a button that, without JavaScript, brings them with the form as typed;
 * with JavaScript they load as soon as the provider is chosen (useOffer).
 */
export function ProviderSelect<Provider extends ProviderOption>({
  meta,
  providers,
  label = m.buy_provider(),
  emptyChoice,
  optionLabel = (provider) => m.buy_provider_option({ title: provider.title, percent: provider.discountPercent }),
  loadLabel,
  network,
}: {
  meta: FieldMetadata;
  providers: Provider[];
  label?: string;
  emptyChoice: string;
  optionLabel?: (provider: Provider) => string;
  loadLabel?: string;
  /** Airtime and data: the list follows the phone number (useNetworkFromNumber). */
  network?: NetworkFromNumber;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <SelectField
        label={label}
        meta={meta}
        emptyChoice={emptyChoice}
        options={providers.map((provider) => ({ value: String(provider.id), label: optionLabel(provider) }))}
        onChange={network && ((event) => network.onChoose(event.currentTarget.value))}
      />
      {network ? (
        <>
          <p className="network-hint" role="status">
            {network.hint}
          </p>
          {network.hint === null ? null : (
            <input type="hidden" name={NETWORK_FROM_NUMBER.name} value={NETWORK_FROM_NUMBER.value} />
          )}
        </>
      ) : null}
      {loadLabel && !hydrated ? (
        <button type="submit" name="intent" value="continue" formNoValidate className="secondary">
          {loadLabel}
        </button>
      ) : null}
    </>
  );
}
