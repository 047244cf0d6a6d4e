import * as z from "zod/mini";
import { readSavedEntry, savedName } from "../domain/saved-customers.ts";
import { savedProblemMessage } from "./saved-problems.ts";

// The Saved numbers forms (decision 050): save one (from the page, a purchase's result or a
// receipt) and rename one. The same rules (app/domain/saved-customers.ts) run in the browser
// and in the action; whether a provider is one of today's is for the action to check, against
// the upstream's list.

const text = z.optional(z.string());

/** Name, kind, number, and for a meter or smart card its provider (and a meter's type). */
export const savedCustomerSchema = z
  .object({ name: text, kind: text, number: text, provider: text, meterType: text })
  .check(
    z.superRefine((form, context) => {
      const read = readSavedEntry(form);
      if (!("errors" in read)) return;
      for (const [field, problem] of Object.entries(read.errors)) {
        context.addIssue({ code: "custom", message: savedProblemMessage(problem), path: [field], input: form });
      }
    }),
  );

export const renameSchema = z.object({
  id: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/)), z.transform(Number)),
  name: z.pipe(
    z.transform((value: string | undefined) => (typeof value === "string" ? value : "")),
    z.custom<string>().check(
      z.superRefine((value, context) => {
        const read = savedName(value);
        if ("error" in read)
          context.addIssue({ code: "custom", message: savedProblemMessage(read.error), input: value });
      }),
    ),
  ),
});
