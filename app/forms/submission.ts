import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { type $ZodIssue, type $ZodType, type input, type output, safeParse } from "zod/v4/core";

// Conform's parseWithZod, without the part that brings Zod's classic API to the browser
// (decision 037): it rebuilds each schema to turn empty inputs into undefined, and that
// rebuilding imports 14 KB (gzipped) of Zod the forms do not otherwise use. Every value a
// form sends is text (or a file), so empty ones are read as missing here instead, before
// the schema sees them: the same rule, for the schemas in app/forms.

/** A form's own schema: form fields in, the action's value out. */
export type FormSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;

type Payload = Record<string, unknown>;

/** An empty text box, or a file input with nothing chosen. */
function isEmpty(value: unknown): boolean {
  if (value === "") return true;
  return typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0;
}

function withoutEmpty(value: unknown): unknown {
  if (isEmpty(value)) return undefined;
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value !== null && typeof value === "object" && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutEmpty(entry)]));
  }
  return value;
}

/** Each field's messages, by Conform's name for it ("" for the form as a whole). */
function messagesByField(issues: readonly $ZodIssue[]): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = formatPaths(issue.path.filter((key) => typeof key !== "symbol"));
    (messages[name] ??= []).push(issue.message);
  }
  return messages;
}

/** The posted form read with `schema`, as Conform's actions and `useForm` expect it. */
export function parseForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  return parse<output<Schema>, string[]>(payload, {
    resolve(fields: Payload) {
      const result = safeParse(schema, withoutEmpty(fields));
      return result.success ? { value: result.data } : { error: messagesByField(result.error.issues) };
    },
  });
}
