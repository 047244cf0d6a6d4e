import * as z from "zod/mini";
import { nairaText, nairaToKobo } from "../money/money.ts";

// The sandbox's input rules as Zod schemas (decision 084), written with zod/mini as the
// portal's forms are (decision 057). Every message is the one docs/upstream-api.md's calls
// answer with, word for word: the portal shows them as they come.

export type JsonObject = Readonly<Record<string, unknown>>;

export type BodyResult =
  { readonly ok: true; readonly body: JsonObject } | { readonly ok: false; readonly message: string };

// A field read from a request: its value, or the one message the call answers with (each
// error envelope the sandbox sends carries one).
export type Checked<T> = { readonly value: T } | { readonly error: string };

export type Schema<T> = z.ZodMiniType<T>;

export const minPasswordLength = 8;
// scrypt reads the whole password, so a cap keeps one request from costing much more than another.
export const maxPasswordLength = 128;
export const maxNameLength = 150;
const maxEmailLength = 254;
const maxUrlLength = 500;

export const phoneMessage = "Enter an 11-digit phone number starting with 0, e.g. 08012345678.";

// An empty body reads as {}, so a bodiless POST gets the same "required" errors as {}.
export async function readJsonObject(request: Request): Promise<BodyResult> {
  const text = await request.text();
  if (text.trim() === "") {
    return { ok: true, body: {} };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: "The request body is not valid JSON." };
  }
  if (!isJsonObject(parsed)) {
    return { ok: false, message: "The request body must be a JSON object." };
  }
  return { ok: true, body: parsed };
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// The refusal envelope carries one message: the first issue, so a schema's fields and checks
// are written in the order the call reports them (its form's order).
export function firstIssue<T>(schema: Schema<T>, input: unknown): Checked<T> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) {
    return { value: parsed.data };
  }
  return { error: parsed.error.issues[0]?.message ?? "Invalid input." };
}

// Login and register answer every field's problems at once, Django's way, each under the
// name of its field (a nested one by its own name: register's profile.phone_no as phone_no).
export const requiredMessage = "This field is required.";
export const notTextMessage = "Not a valid string.";

export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

export function allIssues<T>(
  schema: Schema<T>,
  input: unknown,
): { readonly value: T } | { readonly issues: readonly FieldIssue[] } {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) {
    return { value: parsed.data };
  }
  return {
    issues: parsed.error.issues.map((issue) => ({ field: String(issue.path.at(-1) ?? ""), message: issue.message })),
  };
}

// A cross-field check that runs, as each field's own do, whatever the other fields hold,
// once the fields it compares are valid.
export function whenValid(...fields: string[]): (payload: z.core.ParsePayload) => boolean {
  return (payload) => payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

// One field of a body by its own schema, for calls whose later checks hang on an earlier
// lookup (a purchase's plan on its provider), so they cannot be one object schema.
export function field<T>(body: JsonObject, key: string, schema: Schema<T>): Checked<T> {
  return firstIssue(schema, body[key]);
}

export interface TextMessages {
  // For a value left out: undefined, null, "" or only spaces.
  readonly required: string;
  // For a value that is not a string (a number, a list).
  readonly notText: string;
}

// Names and e-mails are trimmed; passwords are not, since a space may be part of one.
// null and "" count as missing, as a form with an empty box sends one or the other.
export function text(messages: TextMessages, trim = true): Schema<string> {
  return z.pipe(
    z.transform((value: unknown) => blankAsMissing(value, trim)),
    z.string({ error: (issue) => (issue.input === undefined ? messages.required : messages.notText) }),
  );
}

// A text whose absence and wrong type a call answers with the same words.
export function requiredAlone(message: string, trim = true): Schema<string> {
  return text({ required: message, notText: message }, trim);
}

// A text that may be left out: null when it is.
export function optionalText(notText: string, trim = true): Schema<string | null> {
  return z.pipe(
    z.transform((value: unknown) => blankAsMissing(value, trim) ?? null),
    z.nullable(z.string({ error: notText })),
  );
}

function blankAsMissing(value: unknown, trim: boolean): unknown {
  if (value === null) {
    return undefined;
  }
  if (typeof value !== "string") {
    return value;
  }
  const kept = trim ? value.trim() : value;
  return kept === "" ? undefined : kept;
}

// Length checks as refinements: Zod's own minLength and maxLength also run on a value that
// failed its type (a list has a length), which would add a second problem to a field that
// is not text at all.
export function atMost(most: number, message: string): z.core.$ZodCheck<string> {
  return z.refine((value: string) => value.length <= most, message);
}

export function atLeast(least: number, message: string): z.core.$ZodCheck<string> {
  return z.refine((value: string) => value.length >= least, message);
}

// A text the form must have, of at most `most` characters, named by `label` in its messages.
// Some calls answer a value that is not text as if it were missing.
export function requiredText(label: string, most: number, notText = `${label} must be text.`): Schema<string> {
  return text({ required: `${label} is required.`, notText }).check(
    atMost(most, `${label} must be at most ${most} characters.`),
  );
}

// The reset and change-password calls check a new password's length only once its two
// copies match, so the check is on the form, given where its password is.
export function passwordLength<T>(password: (form: T) => string): z.core.$ZodCheck<T>[] {
  return [
    z.refine((form: T) => password(form).length >= minPasswordLength, {
      message: `Password must be at least ${minPasswordLength} characters.`,
      abort: true,
    }),
    z.refine((form: T) => password(form).length <= maxPasswordLength, {
      message: `Password must be at most ${maxPasswordLength} characters.`,
    }),
  ];
}

// Digits as text: a JSON number would already have lost the leading 0.
export function phoneNumber({ required = "Phone number is required.", notText = phoneMessage } = {}): Schema<string> {
  return text({ required, notText }).check(z.regex(/^0\d{10}$/, phoneMessage));
}

// Exactly `length` digits (a NUBAN, a BVN, a NIN), sent as text for the same reason.
export function digits(label: string, length: number, hint = ""): Schema<string> {
  const message = `${label} must be exactly ${length} digits${hint}.`;
  return text({ required: `${label} is required.`, notText: message }).check(
    z.regex(new RegExp(`^\\d{${length}}$`), message),
  );
}

// Stricter than RFC 5322 on purpose: ASCII only (the unique index folds ASCII case only),
// no quoted local parts, and a dotted domain ending in letters.
const emailPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

// One check, so an address both too long and malformed is reported once.
export function email(messages: TextMessages & { readonly invalid: string }): Schema<string> {
  return text(messages).check(z.refine(isEmail, messages.invalid));
}

function isEmail(value: string): boolean {
  return value.length <= maxEmailLength && emailPattern.test(value);
}

// A webhook receives account events, so it must be reachable over TLS and carry no
// credentials in the URL, where logs would keep them.
export function httpsUrl(messages: TextMessages): Schema<string> {
  return text(messages).check(z.refine(isHttpsUrl, messages.notText));
}

function isHttpsUrl(value: string): boolean {
  if (value.length > maxUrlLength || !URL.canParse(value)) {
    return false;
  }
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

// A naira amount, as a number or as the text a form sends, with at most 2 decimals; in kobo.
export function nairaAmount(): Schema<number> {
  return z.transform((value: unknown, context) => {
    const missing = value === undefined || value === null || value === "";
    const kobo = missing ? undefined : nairaToKobo(value);
    if (kobo === undefined) {
      const message = missing
        ? "Amount is required."
        : "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50.";
      context.issues.push({ code: "custom", input: value, message });
      return z.NEVER;
    }
    return kobo;
  });
}

// The floor and ceiling of an amount the caller chooses (a top-up, a manual report), in
// the words every such call uses.
export function koboWithin(minKobo: number, maxKobo: number): z.ZodMiniType<number, number> {
  return z
    .number()
    .check(
      z.gte(minKobo, `Amount can not be less than ${nairaText(minKobo)}.`),
      z.lte(maxKobo, `Amount can not be more than ${nairaText(maxKobo)}.`),
    );
}

// An amount and its range, the range checked only once the amount reads.
export function nairaAmountWithin(minKobo: number, maxKobo: number): Schema<number> {
  return z.pipe(nairaAmount(), koboWithin(minKobo, maxKobo));
}

// A nested object of the body (register's and update-profile's profile); anything else
// reads as an empty one, so its fields report as missing.
export function nested<T>(schema: z.ZodMiniType<T, JsonObject>): Schema<T> {
  return z.pipe(
    z.transform((value: unknown) => (isJsonObject(value) ? value : {})),
    schema,
  );
}
