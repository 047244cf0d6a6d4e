import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { ConfirmationStep } from "../../purchases/step.ts";
import { CsrfField, SubmitButton } from "../form-parts.tsx";
import { PinField } from "../pin-field.tsx";
import { SoldForField } from "../sold-for-field.tsx";
import { PayByCard } from "./pay-by-card.tsx";
import { ShortfallNotice } from "./shortfall-notice.tsx";
import { m } from "../../i18n/paraglide/messages.js";

// The confirmation step, a file of its own that loads when it is needed (lazy-confirmation.tsx,
// decision 089), with the shortfall notice that a refused Confirm shows above the form.

export { ShortfallNotice };

/**
 * The summary the server priced, with Confirm (buy) and Change (back to the filled form).
 * The sealed confirmation is all either button sends. With JavaScript the step replaces
 * the form in place, so focus moves into it: to the PIN field, the one thing left to type
 * before Confirm (decision 080), or to its heading where no PIN is asked.
 */
export function PurchaseConfirmation({ confirmation }: ConfirmationStep) {
  const step = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A refused "Sold for" first (decision 085): it is what the person must correct.
    const refused = step.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
    const pin = step.current?.querySelector<HTMLInputElement>('input[name="pin"]');
    (refused ?? pin ?? heading.current)?.focus();
  }, []);
  return (
    <article ref={step} className="purchase-confirmation" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1}>
        {m.buy_confirm_heading()}
      </h2>
      <dl>
        {confirmation.summary.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {confirmation.notes.map((note) => (
        <p key={note} className="purchase-note">
          {note}
        </p>
      ))}
      <p className="charge-line">
        {m.buy_charged()} <strong>{confirmation.charge}</strong>
      </p>
      {confirmation.repeat ? (
        <p className="notice" role="status">
          {confirmation.repeat}
        </p>
      ) : null}
      {confirmation.shortfall ? <ShortfallNotice shortfall={{ ...confirmation.shortfall, card: null }} /> : null}
      <ConfirmationActions confirmation={confirmation} />
    </article>
  );
}

const CONFIRM_FORM = "purchase-confirm";

/**
 * Confirm with the transaction PIN (decision 056), and Change, which needs none. A wallet that
 * cannot pay offers no Confirm; nor does a person who must set a PIN first (shown where), nor
 * one whose wrong PINs lock buying (shown until when, and Forgot PIN). Pay by card is a form of
 * its own: the card's money is not the wallet's, so it asks no PIN, locked or not (decision 069).
 */
function ConfirmationActions({ confirmation }: ConfirmationStep) {
  const { pin, shortfall, cardTotal } = confirmation;
  const canConfirm = pin.requirement !== "set-first" && pin.locked === null && shortfall === null;
  return (
    <>
      <Form method="post" id={CONFIRM_FORM} className="confirmation-actions">
        <CsrfField />
        <input type="hidden" name="confirmation" value={confirmation.sealed} />
        {confirmation.soldFor && canConfirm ? <SoldForField soldFor={confirmation.soldFor} /> : null}
        <PinField
          id="confirm-pin"
          requirement={pin.requirement}
          locked={pin.locked}
          errors={pin.error === null ? undefined : [pin.error]}
          setPinHref={pin.setPinHref}
        />
        {canConfirm ? (
          <>
            <SubmitButton name="intent" value="confirm">
              {m.buy_confirm()}
            </SubmitButton>{" "}
          </>
        ) : null}
        <SubmitButton name="intent" value="change" className="secondary" formNoValidate>
          {m.buy_change()}
        </SubmitButton>
      </Form>
      {cardTotal === null ? null : <PayByCard sealed={confirmation.sealed} total={cardTotal} primary={!canConfirm} />}
    </>
  );
}
