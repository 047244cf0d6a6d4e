import { useEffect, useRef } from "react";
import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ConfirmationStep, Shortfall, SummaryLine } from "../purchases/step.ts";
import { AppLink } from "./app-link.tsx";
import { CsrfField, SubmitButton } from "./form-parts.tsx";
import { PinField } from "./pin-field.tsx";
import { SoldForField } from "./sold-for-field.tsx";
import { m } from "../i18n/paraglide/messages.js";

// The pieces every purchase page shares: the confirmation step and the charge line.

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

/**
 * A wallet that cannot pay (decision 044): how much it holds against the charge, Fund Wallet
 * (which comes back to this purchase), and the card where the product has one, as the way on.
 */
export function ShortfallNotice({ shortfall }: { shortfall: Shortfall }) {
  return (
    <section className="notice" aria-labelledby="shortfall-heading">
      <p id="shortfall-heading">
        <strong>{m.buy_shortfall({ balance: shortfall.balance, charge: shortfall.charge })}</strong>
      </p>
      <p>
        <AppLink className="button" to={shortfall.fundWallet}>
          {m.dashboard_fund_wallet()}
        </AppLink>
      </p>
      <p>{m.buy_funding_back()}</p>
      {shortfall.card ? <PayByCard sealed={shortfall.card.sealed} total={shortfall.card.total} primary /> : null}
    </section>
  );
}

/** Airtime and data: the confirmed order paid by card instead of the wallet (docs/operating.md, payment gateways). */
function PayByCard({ sealed, total, primary = false }: { sealed: string; total: string; primary?: boolean }) {
  return (
    <Form method="post" className="card-payment">
      <CsrfField />
      <input type="hidden" name="confirmation" value={sealed} />
      <p>
        {m.buy_card_instead({ total })} {m.buy_card_no_pin()}
      </p>
      <SubmitButton name="intent" value="card" className={primary ? undefined : "secondary"}>
        {m.buy_pay_by_card({ total })}
      </SubmitButton>
    </Form>
  );
}

/** What the upstream said about the verified customer; announced when it appears. */
export function VerifiedDetails({ lines }: { lines: SummaryLine[] }) {
  return (
    <div className="verified-details" role="status">
      <p className="verified-heading">{m.buy_verified()}</p>
      <dl>
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Verify checks only its own fields, so it skips the browser's checks of the rest. */
export function VerifyButton() {
  return (
    <SubmitButton name="intent" value="verify" formNoValidate busyLabel={m.buy_verifying()} className="secondary">
      {m.buy_verify()}
    </SubmitButton>
  );
}

/**
 * 'You will be charged ₦...' as the user types, with JavaScript; without it, `fallback`
 * (the discount in words), since the exact charge needs the server.
 */
export function ChargeLine({ charge, fallback }: { charge: string | null; fallback: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="charge-line">{fallback}</p>;
  return (
    <p className="charge-line" aria-live="polite">
      {charge ? (
        <>
          {m.buy_charged()} <strong>{charge}</strong>
        </>
      ) : (
        fallback
      )}
    </p>
  );
}

/**
 * A purchase page's data (balance, providers, plans) changes only when something is bought:
 * Verify, Process and Change answer with what they found and need no reload of it. A form
 * posted to another page (a number saved from the result) may change it: it loads again.
 */
export function revalidateAfterPurchaseOnly({
  formMethod,
  formAction,
  formData,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const here = formAction === undefined || new URL(formAction, currentUrl).pathname === currentUrl.pathname;
  if (here && formMethod?.toUpperCase() === "POST" && formData?.get("intent") !== "confirm") return false;
  return defaultShouldRevalidate;
}
