import type { $ZodType } from "zod/v4/core";
import { parseForm } from "./submission.ts";

// The forms' tests post FormData and parse it as the actions and useValidatedForm do, so an
// empty input reaches the schema as parseForm hands it over (undefined), not as "".

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The value the action receives, or the messages the user sees, field by field ("" is the form's own). */
export function submit<Schema extends $ZodType>(schema: Schema, fields: Record<string, string>) {
  const submission = parseForm(formData(fields), schema);
  return submission.status === "success"
    ? { value: submission.value, errors: undefined }
    : { value: undefined, errors: submission.error };
}
