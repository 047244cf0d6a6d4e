import type { FormResult, FormSchema } from "../../forms/submission.ts";
import { type FormDefaults, useValidatedForm } from "../use-validated-form.ts";

/**
 * A product form's set-up: the page's defaults (from its address), the last answer,
 * and Verify's own schema where there is one.
 */
export function usePurchaseForm<Schema extends FormSchema>(
  id: string,
  schema: Schema,
  {
    loaderData,
    reply,
  }: {
    loaderData: { defaults: FormDefaults<Schema> };
    reply: { result: FormResult } | undefined;
  },
  verifySchema?: FormSchema,
) {
  return useValidatedForm(schema, {
    id,
    lastResult: reply?.result,
    defaultValue: loaderData.defaults,
    intentSchemas: verifySchema ? { verify: verifySchema } : undefined,
  });
}
