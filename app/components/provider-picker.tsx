import type { FieldMetadata } from "@conform-to/react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList } from "./forms.tsx";

type ProviderPickerProps<Provider extends { id: number; title: string }> = {
  providers: Provider[];
  chosen: number | null;
  /** The purchase form's provider field: its id, and its errors (a Process without one). */
  meta: FieldMetadata<string | number | undefined>;
  label: string;
  emptyChoice: string;
  /** The button without JavaScript, e.g. "Show plans". */
  submitLabel: string;
  /** The query parameter it sets; "provider" unless said. */
  name?: string;
  optionLabel?: (provider: Provider) => string;
};

/**
 * The provider, as its own GET form above the purchase form: without JavaScript the button
 * reloads the page with `?provider=` (and the plans, variants or discount that go with it);
 * with it, choosing one loads them in place. A new provider starts the purchase form afresh,
 * so nothing verified or priced for another provider survives the change.
 */
export function ProviderPicker<Provider extends { id: number; title: string }>({
  providers,
  chosen,
  meta,
  label,
  emptyChoice,
  submitLabel,
  name = "provider",
  optionLabel,
}: ProviderPickerProps<Provider>) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const invalid = (meta.errors?.length ?? 0) > 0;
  return (
    <Form method="get" className="purchase-form" onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}>
      <div className="field">
        <label htmlFor={meta.id}>{label}</label>
        <select
          id={meta.id}
          name={name}
          defaultValue={chosen === null ? "" : String(chosen)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? meta.errorId : undefined}
        >
          <option value="">{emptyChoice}</option>
          {providers.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {optionLabel ? optionLabel(provider) : provider.title}
            </option>
          ))}
        </select>
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
      {hydrated ? null : (
        <button type="submit" className="secondary">
          {submitLabel}
        </button>
      )}
    </Form>
  );
}
