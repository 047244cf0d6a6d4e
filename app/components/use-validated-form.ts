import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import type { $ZodType, input } from "zod/v4/core";
import { type FormSchema, parseForm } from "../forms/submission.ts";

/**
 * Every form's Conform set-up in one place: the same Zod schema as the action, checked in
 * the browser when a field loses focus and again as the user corrects it.
 */
export function useValidatedForm<Schema extends FormSchema>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]>;
    defaultValue?: DefaultValue<input<Schema>>;
    validateOnSubmitOnly?: boolean;
    /** A submit button's own schema by its `intent` (Verify checks only the number). */
    intentSchemas?: Record<string, $ZodType>;
  },
) {
  return useForm({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      const own = typeof intent === "string" ? options.intentSchemas?.[intent] : undefined;
      return own ? parseForm(formData, own) : parseForm(formData, schema);
    },
    shouldValidate: options.validateOnSubmitOnly ? "onSubmit" : "onBlur",
    shouldRevalidate: options.validateOnSubmitOnly ? "onSubmit" : "onInput",
  });
}
