import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { $ZodType, input } from "zod/v4/core";
import { type FormErrors, type FormResult, type FormSchema, parseForm } from "../forms/submission.ts";

// Every validated form's state in the browser (decision 078): the same Zod schema as the
// action, checked when a field is first left and, once it was checked or the form was sent,
// again as the person corrects it; the server's answer shown as it came. Conform did this
// before, at 9.5 KB (gzipped) of script on every form page; this is the part of it the forms use.

/** What a field needs to be drawn: its ids, its text and its messages. */
export type FieldMetadata = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** What it starts with: the page's default, or what the last answer sent back. */
  initialValue: string | undefined;
  /** What it holds now (undefined when empty), followed as the person types. */
  value: string | undefined;
  /** Its messages, once it was checked; undefined when there are none. */
  errors: string[] | undefined;
};

export type FormMetadata = {
  id: string;
  /** Where a page lists the form's messages itself (the OTP boxes). */
  errorId: string;
  /** The form's own messages (the upstream's words, a check across fields). */
  errors: string[] | undefined;
  /** "error" while a refused post or submit is what the form shows, until the person changes something. */
  status: "error" | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Puts `value` in the field `name`, as if the person had typed it. */
  update: (change: { name: string; value: string }) => void;
};

/** A form's starting text by field name; numbers are written as the field would show them. */
export type FormDefaults<Schema extends FormSchema> = {
  readonly [Name in keyof input<Schema>]?: string | number | null;
};

type Fields<Schema extends FormSchema> = { readonly [Name in keyof input<Schema> & string]-?: FieldMetadata };

type Options<Schema extends FormSchema> = {
  id: string;
  lastResult?: FormResult;
  defaultValue?: FormDefaults<Schema>;
  /** Checked only when sent (the OTP boxes, which move the focus themselves). */
  validateOnSubmitOnly?: boolean;
  /** A submit button's own schema by its `intent` (Verify checks only the number). */
  intentSchemas?: Record<string, $ZodType>;
};

type State = {
  initial: Record<string, string>;
  values: Record<string, string>;
  /** What the last check found, shown for the fields checked so far. */
  found: FormErrors;
  checked: Record<string, true>;
  /** Sent once (or answered by the server): every field is checked from then on. */
  sent: boolean;
  status: "error" | undefined;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(target: unknown): target is Control {
  if (target instanceof HTMLInputElement) return !["submit", "button", "reset", "image"].includes(target.type);
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** A field whose value is what the person typed or chose (not a hidden value, a box's own value or a file). */
function isTyped(control: Control): boolean {
  return !(control instanceof HTMLInputElement && ["hidden", "checkbox", "radio", "file"].includes(control.type));
}

/** The form's text by field name, empty fields left out; the first of a name sent twice. */
function valuesOf(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && value !== "" && !(name in values)) values[name] = value;
  }
  return values;
}

function sameValues(a: Record<string, string>, b: Record<string, string>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
}

function written<Schema extends FormSchema>(defaults: FormDefaults<Schema> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(defaults ?? {})) {
    if (typeof value === "string" || typeof value === "number") values[name] = String(value);
  }
  return values;
}

function answered(result: FormResult, initial: Record<string, string>): State {
  const refused = Object.keys(result.errors).length > 0;
  return {
    initial,
    values: result.values,
    found: result.errors,
    checked: {},
    sent: true,
    status: refused ? "error" : undefined,
  };
}

export function useValidatedForm<Schema extends FormSchema>(
  schema: Schema,
  options: Options<Schema>,
): [FormMetadata, Fields<Schema>] {
  const { id, lastResult } = options;
  const [state, setState] = useState<State>(() =>
    lastResult
      ? answered(lastResult, lastResult.values)
      : {
          initial: written(options.defaultValue),
          values: written(options.defaultValue),
          found: {},
          checked: {},
          sent: false,
          status: undefined,
        },
  );
  // A new answer to a form still on the page: what it says replaces what the form showed; the
  // fields keep their text as they are (a form started afresh for each answer takes it all).
  const [shownResult, setShownResult] = useState(lastResult);
  if (lastResult && lastResult !== shownResult) {
    setShownResult(lastResult);
    setState(answered(lastResult, state.initial));
  }

  // The listeners read the latest state and schema at once (a focus moved inside a submit
  // fires before React renders again), so both are also kept here.
  const current = useRef({ state, schema, options });
  useEffect(() => {
    current.current = { state, schema, options };
  });
  // The fields an answer hides (a password, a PIN) come back empty, as on the page the server
  // sends without JavaScript; what it sends back is what the fields already hold.
  const emptied = useRef(lastResult);
  useEffect(() => {
    if (lastResult === undefined || lastResult === emptied.current) return;
    emptied.current = lastResult;
    const form = document.forms.namedItem(id);
    for (const element of form?.elements ?? []) {
      if (isControl(element) && isTyped(element) && element.name !== "" && !(element.name in lastResult.values))
        element.value = "";
    }
  }, [id, lastResult]);
  const commit = useCallback((next: State) => {
    current.current = { ...current.current, state: next };
    setState(next);
  }, []);

  const check = useCallback((formData: FormData): FormErrors => {
    const intent = formData.get("intent");
    const own = typeof intent === "string" ? current.current.options.intentSchemas?.[intent] : undefined;
    const submission = parseForm(formData, own ?? current.current.schema);
    return submission.status === "success" ? {} : submission.error;
  }, []);

  /** Checks the whole form, showing what is found for the fields checked so far (and `name`). */
  const revalidate = useCallback(
    (form: HTMLFormElement, name?: string) => {
      const { state: now } = current.current;
      const formData = new FormData(form);
      commit({
        ...now,
        values: valuesOf(formData),
        found: check(formData),
        checked: name === undefined ? now.checked : { ...now.checked, [name]: true },
        status: undefined,
      });
    },
    [check, commit],
  );

  useEffect(() => {
    const form = document.forms.namedItem(id);
    if (form === null) return;
    const ownField = (target: EventTarget | null) =>
      isControl(target) && target.form === form && target.name !== "" ? target : null;
    // Fields drawn or removed (a plan list, the verification) change what the form holds.
    const follow = () => {
      const values = valuesOf(new FormData(form));
      if (!sameValues(values, current.current.state.values)) commit({ ...current.current.state, values });
    };
    const checkedOrSent = (name: string) => current.current.state.sent || current.current.state.checked[name];
    const onInput = (event: Event) => {
      const field = ownField(event.target);
      if (field === null) return;
      if (!current.current.options.validateOnSubmitOnly && checkedOrSent(field.name)) revalidate(form);
      else follow();
    };
    const onLeave = (event: FocusEvent) => {
      const field = ownField(event.target);
      if (field === null || current.current.options.validateOnSubmitOnly || checkedOrSent(field.name)) return;
      revalidate(form, field.name);
    };
    const observer = new MutationObserver(follow);
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ["name", "form"] });
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onLeave);
    return () => {
      observer.disconnect();
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onLeave);
    };
  }, [id, commit, revalidate]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
      const found = check(new FormData(form, submitter));
      const refused = Object.keys(found).length > 0;
      commit({
        ...current.current.state,
        values: valuesOf(new FormData(form)),
        found,
        sent: true,
        status: refused ? "error" : undefined,
      });
      if (!refused) return;
      event.preventDefault();
      // The browser's way with a refused form: the first field in error takes the focus.
      const first = [...form.elements].find(
        (element) => isControl(element) && element.type !== "hidden" && found[element.name] !== undefined,
      );
      if (first instanceof HTMLElement) first.focus();
    },
    [check, commit],
  );

  const update = useCallback(
    ({ name, value }: { name: string; value: string }) => {
      const form = document.forms.namedItem(id);
      if (form === null) return;
      for (const element of form.elements) if (isControl(element) && element.name === name) element.value = value;
      // Also the field's starting text: a field drawn only after this (the JAMB profile ID
      // once JAMB is chosen) starts with it.
      const formData = new FormData(form);
      formData.set(name, value);
      const { state: now } = current.current;
      commit({
        ...now,
        initial: { ...now.initial, [name]: value },
        values: valuesOf(formData),
        found: check(formData),
        status: undefined,
      });
    },
    [id, check, commit],
  );

  const shown = (name: string) => (state.sent || state.checked[name] ? state.found[name] : undefined);
  const form: FormMetadata = { id, errorId: `${id}-error`, errors: shown(""), status: state.status, onSubmit, update };
  const fields = new Proxy({} as Fields<Schema>, {
    get(_, name) {
      if (typeof name !== "string") return undefined;
      const fieldId = `${id}-${name}`;
      return {
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        initialValue: state.initial[name],
        value: state.values[name],
        errors: shown(name),
      } satisfies FieldMetadata;
    },
  });
  return [form, fields];
}

type ControlOptions = {
  /** The hint's id, read after the error. */
  ariaDescribedBy?: string | undefined;
  /** False where the page ties the messages itself (the OTP boxes share one list). */
  ariaAttributes?: false;
};

function controlProps(meta: FieldMetadata, options: ControlOptions) {
  const invalid = options.ariaAttributes !== false && meta.errors !== undefined;
  const describedBy = invalid ? `${meta.errorId} ${options.ariaDescribedBy ?? ""}`.trim() : options.ariaDescribedBy;
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": options.ariaAttributes === false ? undefined : describedBy,
    defaultValue: meta.initialValue,
  };
}

/** The form's id and its submit check; `noValidate`, as the checks are the schema's, with or without script. */
export function getFormProps(form: FormMetadata) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: true };
}

export function getInputProps(meta: FieldMetadata, options: ControlOptions & { type: string }) {
  return { ...controlProps(meta, options), type: options.type };
}

export function getSelectProps(meta: FieldMetadata, options: ControlOptions = {}) {
  return controlProps(meta, options);
}

export function getTextareaProps(meta: FieldMetadata, options: ControlOptions = {}) {
  return controlProps(meta, options);
}
