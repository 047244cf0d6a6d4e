import { type ReactNode, useEffect, useRef } from "react";
import { useFormAction, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { m } from "../i18n/paraglide/messages.js";

// The form kit's parts that need no form state (forms.tsx has the fields): every page's small
// forms (the language switch, logout, a notice's dismiss) use these alone, so a page without a
// validated form loads neither the form hook nor the fields (decision 072). forms.tsx re-exports them.

export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <small id={id} className="field-error">
      {errors.join(" ")}
    </small>
  );
}

/**
 * GOV.UK's "There is a problem" box: every error of the last submission, each a link to
 * its field, plus the form's own errors (what the upstream said). It takes the focus when
 * the server refused the form, so it is on the screen however far down the page the form
 * sits (decision 076): without JavaScript by `autofocus` on the reloaded page, with it once
 * the post's navigation settles (React sets no `autofocus` on a client-rendered element).
 */
type ErrorSource = { id: string; errors?: string[] };

export function ErrorSummary({
  form,
  fields,
}: {
  form: ErrorSource & { status?: "success" | "error" };
  fields: ErrorSource[];
}) {
  const summary = useRef<HTMLDivElement>(null);
  const posted = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    // A post that came back: a summary now shown is its answer. Not on every change of the
    // errors, which follow the typing once the form was sent and would pull the focus away.
    if (navigation.state !== "idle") {
      if (navigation.formMethod !== undefined && navigation.formMethod !== "GET") posted.current = true;
      return;
    }
    if (!posted.current) return;
    posted.current = false;
    summary.current?.focus();
  }, [navigation.state, navigation.formMethod]);
  // Only once the form was sent: a summary that appeared when a field lost focus would push
  // the submit button down under the pointer between press and release, and the click be lost.
  if (form.status !== "error") return null;
  const fieldErrors = fields.filter((field) => field.errors && field.errors.length > 0);
  const formErrors = form.errors ?? [];
  if (fieldErrors.length === 0 && formErrors.length === 0) return null;
  return (
    <div
      ref={summary}
      className="error-summary"
      role="alert"
      aria-labelledby={`${form.id}-summary`}
      tabIndex={-1}
      // The one focus a page moves by itself: to what stopped the person (decision 076).
      // eslint-disable-next-line jsx-a11y/no-autofocus -- GOV.UK's error summary takes the focus
      autoFocus
    >
      <h2 id={`${form.id}-summary`}>{m.form_problem()}</h2>
      <ul>
        {formErrors.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {fieldErrors.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`}>{field.errors?.join(" ")}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every form's hidden CSRF token. */
export function CsrfField() {
  return <AuthenticityTokenInput name="csrf" />;
}

/**
 * A field people never see and form-filling bots fill in (app/guards/honeypot.server.ts). The
 * `hidden` attribute keeps it out of sight, out of the tab order and out of the accessibility
 * tree with no stylesheet at all (Opera Mini's extreme mode, a text browser, CSS that failed
 * to load); its label still says what to do for a browser that shows it anyway.
 */
export function HoneypotField() {
  return (
    <div hidden>
      <label>
        {m.form_honeypot()} <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

type SubmitButtonProps = {
  children: ReactNode;
  name?: string;
  value?: string;
  className?: string;
  /** What it reads while in flight; "Processing..." unless said. */
  busyLabel?: string;
  disabled?: boolean;
  formNoValidate?: boolean;
  /** Where this button posts, when not to its form's action: the bulk Review adds `#review`. */
  formAction?: string;
};

/** With JavaScript: disabled and "Processing..." while its form is in flight. */
export function SubmitButton({
  children,
  name,
  value,
  className,
  busyLabel = m.form_processing(),
  disabled = false,
  formNoValidate,
  formAction,
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const action = useFormAction();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod !== undefined &&
    navigation.formAction === action &&
    (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      formNoValidate={formNoValidate}
      formAction={formAction}
      // Pressing the button would otherwise move focus first: the field being left shows its
      // error, the button moves down under the pointer before release, and the click is lost.
      // Keeping focus where it is lets the press submit, and the submit checks every field.
      onMouseDown={(event) => event.preventDefault()}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * The form's one-time purchase key, made when the page loaded and read back by formKey
 * (app/forms/form-key.ts). Here, not with the purchase kit, so bulk buying does not load the kit (decision 082).
 */
export function PurchaseKeyField({ value }: { value: string }) {
  return <input type="hidden" name="key" value={value} />;
}
