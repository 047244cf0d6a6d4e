import {
  type ChangeEvent,
  createContext,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
} from "react";
import { m } from "../i18n/paraglide/messages.js";
import { ErrorList } from "./form-parts.tsx";
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "./use-validated-form.ts";

export { CsrfField, ErrorList, ErrorSummary, HoneypotField, SubmitButton } from "./form-parts.tsx";

// One form kit for every form (STYLE.md): label, control and error list tied together by
// the ids the form's hook gives (use-validated-form.ts), an error summary at the top, a submit button that knows it is busy.
// The spaces between a field's parts keep its words apart where no CSS lays them out
// (Opera Mini's extreme mode, a text browser; decision 046).

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "search";

type FieldProps = {
  label: string;
  meta: FieldMetadata;
  type?: InputType;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">;

export function Field({ label, meta, type = "text", hint, ...attributes }: FieldProps) {
  const inputProps = getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label> <input {...inputProps} {...attributes} />{" "}
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
 * Phone, smart-card, meter and profile ID inputs take only digits and
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
  meta: FieldMetadata;
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
  meta: FieldMetadata;
  hint?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form">;

export function TextAreaField({ label, meta, hint, ...attributes }: TextAreaFieldProps) {
  const textareaProps = getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label> <textarea {...textareaProps} {...attributes} />{" "}
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
  meta: FieldMetadata;
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
  const selectProps = getSelectProps(meta, { ariaDescribedBy: words ? meta.descriptionId : undefined });
  const held = disabled && typeof meta.value === "string" && meta.value !== "" ? meta.value : null;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>{" "}
      {held === null ? null : <input type="hidden" name={meta.name} value={held} />}
      <select {...selectProps} disabled={disabled} onChange={onChange}>
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
