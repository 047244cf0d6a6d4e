import { Form } from "react-router";
import { METER_TYPE_NAMES, NAME_MAX_LENGTH, SAVED_KINDS, type SaveOffer } from "../domain/saved-customers.ts";
import { CsrfField } from "./forms.tsx";

// "Save this number" (issue 23 §3): under a purchase's result and on its receipt, a name
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
      <summary>Save this number</summary>
      {form}
    </details>
  );
}

function SaveForm({ offer, back, id, folded }: { offer: SaveOffer; back: string; id: string; folded: boolean }) {
  const what = [offer.number, METER_TYPE_NAMES[offer.meterType], offer.provider].filter(Boolean).join(", ");
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
        <legend className={folded ? "visually-hidden" : undefined}>Save this number</legend>
        <label htmlFor={id}>
          Name for {SAVED_KINDS[offer.kind].toLowerCase()} {what} (at most {NAME_MAX_LENGTH} characters)
        </label>{" "}
        <span role="group">
          <input id={id} name="name" autoComplete="off" placeholder="e.g. Mama Nkechi" />{" "}
          <button type="submit" name="intent" value="add">
            Save
          </button>
        </span>
      </fieldset>
    </Form>
  );
}
