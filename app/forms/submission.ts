import { type $ZodIssue, type $ZodType, type output, safeParse } from "zod/v4/core";

// A posted form read with its Zod schema, for the actions and for the browser's checks as the
// person types (app/components/use-validated-form.ts); and the form's reply to a refused post,
// which the browser reads back into the fields (decision 078). Empty inputs are read as missing
// before the schema sees them: every value a form sends is text (or a file), and the schemas in
// app/forms say "required" for a missing value. Only Zod's core reaches the browser (decision 037).

/** A form's own schema: form fields in, the action's value out. */
export type FormSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;

/** The form as posted, by field name; a name sent more than once gives a list. */
export type Payload = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

/** Each field's messages by its name; the form's own messages under "". */
export type FormErrors = Record<string, string[]>;

/**
 * A refused form as the action answers it and the browser shows it: the text in each field
 * (those the answer hides left out, so they come back empty) and the messages.
 */
export type FormResult = { values: Record<string, string>; errors: FormErrors };

export type ReplyOptions = { formErrors?: string[]; fieldErrors?: FormErrors; hideFields?: readonly string[] };

export type Submission<Output> = { payload: Payload; reply(options?: ReplyOptions): FormResult } & (
  { status: "success"; value: Output } | { status: "error"; error: FormErrors }
);

/** An empty text box, or a file input with nothing chosen. */
function isEmpty(value: FormDataEntryValue): boolean {
  return value === "" || (typeof value !== "string" && value.name === "" && value.size === 0);
}

/** Every entry of the form, by name, in the order sent. */
export function readPayload(formData: FormData | URLSearchParams): Payload {
  const payload: Payload = {};
  for (const [name, value] of formData.entries()) {
    const known = payload[name];
    payload[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return payload;
}

function withoutEmpty(payload: Payload): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (Array.isArray(value)) fields[name] = value.map((entry) => (isEmpty(entry) ? undefined : entry));
    else if (!isEmpty(value)) fields[name] = value;
  }
  return fields;
}

/** A field's name as its issue's path writes it: `a`, `a.b`, `a[0]`; "" for the form itself. */
function pathName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const key of path) {
    if (typeof key === "number") name += `[${key}]`;
    else if (typeof key === "string") name += name === "" ? key : `.${key}`;
  }
  return name;
}

function messagesByField(issues: readonly $ZodIssue[]): FormErrors {
  const messages: FormErrors = {};
  for (const issue of issues) (messages[pathName(issue.path)] ??= []).push(issue.message);
  return messages;
}

/** Only the non-empty lists: a field with no messages is not in error. */
function merged(...lists: (FormErrors | undefined)[]): FormErrors {
  const errors: FormErrors = {};
  for (const list of lists) {
    for (const [name, messages] of Object.entries(list ?? {})) if (messages.length > 0) errors[name] = messages;
  }
  return errors;
}

/** The posted form read with `schema`. */
export function parseForm<Schema extends $ZodType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
): Submission<output<Schema>> {
  const payload = readPayload(formData);
  const result = safeParse(schema, withoutEmpty(payload));
  const error = result.success ? {} : messagesByField(result.error.issues);
  const reply = (options: ReplyOptions = {}): FormResult => {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(payload)) {
      if (typeof value === "string" && value !== "" && !options.hideFields?.includes(name)) values[name] = value;
    }
    return {
      values,
      errors: merged(error, options.formErrors ? { "": options.formErrors } : undefined, options.fieldErrors),
    };
  };
  return result.success
    ? { status: "success", payload, value: result.data, reply }
    : { status: "error", payload, error, reply };
}
