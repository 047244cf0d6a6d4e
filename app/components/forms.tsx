import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  type ChangeEvent,
  createContext,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
} from "react";
import { useFormAction, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { m } from "../i18n/paraglide/messages.js";

// One form kit for every form (STYLE.md): label, control and error list tied together by
// the ids Conform gives, an error summary at the top, a submit button that knows it is busy.
// The spaces between a field's parts keep its words apart where no CSS lays them out
// (Opera Mini's extreme mode, a text browser; decision 046).

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "search";

type FieldProps = {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: InputType;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">;

export function Field({ label, meta, type = "text", hint, ...attributes }: FieldProps) {
  const { key, ...inputProps } = getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label> <input key={key} {...inputProps} {...attributes} />{" "}
      {hint ? <small id={meta.descriptionId}>{hint}</small> : null} <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

// Keys a digits-only input still takes: editing and moving about, and shortcuts such as
// paste (whose text the browser then checks against the pattern).
const NAVIGATION_KEYS = new Set([
  "Backspace",
  "Delete",
  "Tab",
  "Enter",
  "Escape",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
]);

/**
 * SPEC.md §5: phone, smart-card, meter and profile ID inputs take only digits and
 * navigation keys; shifted symbols are blocked. Without JavaScript the pattern and the
 * server say the same thing.
 */
export function digitsOnly(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.ctrlKey || event.metaKey || event.altKey || NAVIGATION_KEYS.has(event.key)) return;
  if (event.shiftKey || !/^\d$/.test(event.key)) event.preventDefault();
}

/**
 * Props for a field that waits for something first (a Verify): shown as unavailable and not
 * editable, yet still sent with the form, so what was typed in it is never lost. A disabled
 * field would not be sent, and disabling a focused one makes Chromium blur it mid-update.
 */
export function waitingProps(waiting: boolean | undefined) {
  return waiting ? ({ readOnly: true, "aria-disabled": true } as const) : {};
}

/** A Nigerian mobile number: 11 digits, the numeric keypad on phones. */
export function PhoneField({
  meta,
  label = m.form_phone_label(),
  waiting,
}: {
  meta: FieldMetadata<string | undefined>;
  label?: string;
  waiting?: boolean;
}) {
  return (
    <Field
      {...waitingProps(waiting)}
      label={label}
      meta={meta}
      type="tel"
      autoComplete="tel-national"
      inputMode="numeric"
      // Room for a pasted "+234 803 123 4567"; the server reads it as 08031234567.
      maxLength={20}
      onKeyDown={digitsOnly}
      hint={m.form_phone_hint()}
    />
  );
}

type TextAreaFieldProps = {
  label: string;
  meta: FieldMetadata<string | undefined>;
  hint?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form">;

export function TextAreaField({ label, meta, hint, ...attributes }: TextAreaFieldProps) {
  const { key, ...textareaProps } = getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label> <textarea key={key} {...textareaProps} {...attributes} />{" "}
      {hint ? <small id={meta.descriptionId}>{hint}</small> : null} <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * What the page has to say about a list until a choice is made in it, by field name: Buy
 * again's provider or plan that today's list no longer has (decision 027).
 */
export const FieldNotices = createContext<Readonly<Record<string, string>>>({});

type SelectFieldProps = {
  label: string;
  meta: FieldMetadata<string | undefined>;
  options: ReadonlyArray<{ value: string; label: string }>;
  emptyChoice: string;
  /** Not choosable yet; a choice already made is still sent, so it is not lost meanwhile. */
  disabled?: boolean;
  /** The person chose an option themselves. */
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  hint?: ReactNode;
};

export function SelectField({ label, meta, options, emptyChoice, disabled = false, onChange, hint }: SelectFieldProps) {
  const notice = useContext(FieldNotices)[meta.name];
  const words = hint ?? (meta.value ? undefined : notice);
  const { key, ...selectProps } = getSelectProps(meta, { ariaDescribedBy: words ? meta.descriptionId : undefined });
  const held = disabled && typeof meta.value === "string" && meta.value !== "" ? meta.value : null;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>{" "}
      {held === null ? null : <input type="hidden" name={meta.name} value={held} />}
      <select key={key} {...selectProps} disabled={disabled} onChange={onChange}>
        <option value="">{emptyChoice}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>{" "}
      {words ? <small id={meta.descriptionId}>{words}</small> : null}{" "}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

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
 * its field, plus the form's own errors (what the upstream said).
 */
type ErrorSource = { id: string; errors?: string[] };

export function ErrorSummary({
  form,
  fields,
}: {
  form: ErrorSource & { status?: "success" | "error" };
  fields: ErrorSource[];
}) {
  // Only once the form was sent: a summary that appeared when a field lost focus would push
  // the submit button down under the pointer between press and release, and the click be lost.
  if (form.status !== "error") return null;
  const fieldErrors = fields.filter((field) => field.errors && field.errors.length > 0);
  const formErrors = form.errors ?? [];
  if (fieldErrors.length === 0 && formErrors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${form.id}-summary`} tabIndex={-1}>
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
