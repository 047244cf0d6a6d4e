import { Field, waitingProps } from "../forms.tsx";
import type { FieldMetadata } from "../use-validated-form.ts";
import { m } from "../../i18n/paraglide/messages.js";

/** An amount the person types, in naira; `waiting` for a Verify first. */
export function AmountField({ meta, hint, waiting }: { meta: FieldMetadata; hint: string; waiting?: boolean }) {
  return (
    <Field
      {...waitingProps(waiting)}
      label={m.buy_amount_naira()}
      meta={meta}
      inputMode="decimal"
      autoComplete="off"
      hint={hint}
    />
  );
}
