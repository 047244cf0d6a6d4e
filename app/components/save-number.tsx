import { Form } from "react-router";
import { NAME_MAX_LENGTH, type SaveOffer, type SavedKind } from "../domain/saved-customers.ts";
import { meterTypeName } from "../purchases/words.ts";
import { CsrfField } from "./form-parts.tsx";
import { m } from "../i18n/paraglide/messages.js";

// "Save this number" (decision 050): under a purchase's result and on its receipt, a name
// field that keeps the number, with its provider, in the person's Saved numbers. It posts to
// that page, which comes back to `back` once saved, or shows its own form with the problem.

export const SAVED_NUMBERS_PATH = "/dashboard/saved-numbers";

/**
 * `folded`: under a result message the form is one line, "Save this number", that opens to
 * the name field, so the message stays small on a phone (a <details>, with or without
 * JavaScript). On the receipt it is open.
 */
export function SaveNumberForm({
  offer,
  back,
  id,
  folded = false,
}: {
  offer: SaveOffer;
  back: string;
  id: string;
  folded?: boolean;
}) {
  const form = <SaveForm offer={offer} back={back} id={id} folded={folded} />;
  if (!folded) return form;
  return (
    <details className="save-number-folded">
      <summary>{m.buy_save_this()}</summary>
      {form}
    </details>
  );
}

/** The name field's label by what is saved, "Name for phone number 0803… (at most 40 characters)". */
const NAME_LABELS: Record<SavedKind, (inputs: { what: string; max: number }) => string> = {
  phone: m.buy_save_name_phone,
  meter: m.buy_save_name_meter,
  card: m.buy_save_name_card,
  jamb: m.buy_save_name_jamb,
};

function SaveForm({ offer, back, id, folded }: { offer: SaveOffer; back: string; id: string; folded: boolean }) {
  const what = [offer.number, meterTypeName(offer.meterType), offer.provider].filter(Boolean).join(", ");
  return (
    <Form method="post" action={SAVED_NUMBERS_PATH} className="save-number">
      <CsrfField />
      <input type="hidden" name="kind" value={offer.kind} />
      <input type="hidden" name="number" value={offer.number} />
      <input type="hidden" name="provider" value={offer.provider} />
      <input type="hidden" name="meterType" value={offer.meterType} />
      <input type="hidden" name="back" value={back} />
      <fieldset>
        {/* Folded, the summary above says it; the group keeps its name for screen readers. */}
        <legend className={folded ? "visually-hidden" : undefined}>{m.buy_save_this()}</legend>
        <label htmlFor={id}>{NAME_LABELS[offer.kind]({ what, max: NAME_MAX_LENGTH })}</label>{" "}
        <span role="group">
          <input id={id} name="name" autoComplete="off" placeholder={m.buy_save_placeholder()} />{" "}
          <button type="submit" name="intent" value="add">
            {m.buy_save()}
          </button>
        </span>
      </fieldset>
    </Form>
  );
}
