import type { PinRequirement } from "../domain/pin.ts";
import { m } from "../i18n/paraglide/messages.js";
import { AppLink } from "./app-link.tsx";
import { ErrorList } from "./form-parts.tsx";

// The transaction PIN where money leaves the wallet or its details change (decision 056): one
// 4-digit password field with JavaScript off, or, for a person who has none yet while the
// operator requires one, a link to set it that comes back here. While wrong PINs lock buying,
// the lock and the way out (Forgot PIN) instead of a field whose every try would be refused
// (decision 069).

const FORGOT_PIN = "/dashboard/profile/forgot-pin";

export function PinField({
  id,
  requirement,
  locked = null,
  errors,
  setPinHref,
  required = true,
}: {
  id: string;
  requirement: PinRequirement;
  /** "Buying is locked until …" while the lock holds. */
  locked?: string | null;
  errors?: string[];
  /** Where to set a first PIN, coming back to this page afterwards. */
  setPinHref: string;
  /** Whether the browser itself refuses the form without it (not where other buttons send the form). */
  required?: boolean;
}) {
  if (requirement === "skip") return null;
  if (requirement === "set-first") {
    return (
      <p className="pin-needed" id={id}>
        {m.valid_pin_set_first()} <AppLink to={setPinHref}>{m.valid_pin_set_link()}</AppLink>
      </p>
    );
  }
  if (locked !== null) {
    return (
      <div className="notice" id={id}>
        <p>
          <strong>{locked}</strong>
        </p>
        <p>
          {m.buy_pin_locked_help()} <AppLink to={FORGOT_PIN}>{m.buy_forgot_pin_title()}</AppLink>
        </p>
      </div>
    );
  }
  const errorId = `${id}-error`;
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{m.valid_pin_label()}</label>
      <input
        id={id}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]{4}"
        minLength={4}
        maxLength={4}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
