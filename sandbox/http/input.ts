import { nairaText, nairaToKobo } from "../money/money.ts";

export type JsonObject = Readonly<Record<string, unknown>>;

export type BodyResult =
  { readonly ok: true; readonly body: JsonObject } | { readonly ok: false; readonly message: string };

export type TextField =
  | { readonly state: "missing" }
  | { readonly state: "wrong-type" }
  | { readonly state: "present"; readonly value: string };

// A field read from a request: its value, or the one message the call answers with (each
// error envelope the sandbox sends carries one).
export type Checked<T> = { readonly value: T } | { readonly error: string };

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

// The reset and change-password calls answer in the refusal envelope, one message.
export function passwordLengthError(password: string): string | undefined {
  if (password.length < minPasswordLength) {
    return `Password must be at least ${minPasswordLength} characters.`;
  }
  if (password.length > maxPasswordLength) {
    return `Password must be at most ${maxPasswordLength} characters.`;
  }
  return undefined;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Names and e-mails are trimmed; passwords are not, since a space may be part of one.
// null and "" count as missing, as a form with an empty box sends one or the other.
export function textField(body: JsonObject, key: string, trim = true): TextField {
  const value = body[key];
  if (value === undefined || value === null) {
    return { state: "missing" };
  }
  if (typeof value !== "string") {
    return { state: "wrong-type" };
  }
  const text = trim ? value.trim() : value;
  return text === "" ? { state: "missing" } : { state: "present", value: text };
}

// A text the form must have, of at most `most` characters, named by `label` in its messages.
export function requiredText(field: TextField, label: string, most: number): Checked<string> {
  switch (field.state) {
    case "missing":
      return { error: `${label} is required.` };
    case "wrong-type":
      return { error: `${label} must be text.` };
    case "present":
      return field.value.length > most
        ? { error: `${label} must be at most ${most} characters.` }
        : { value: field.value };
  }
}

// A naira amount, as a number or as the text a form sends, with at most 2 decimals; in kobo.
export function amountField(body: JsonObject, key = "amount"): Checked<number> {
  const value = body[key];
  if (value === undefined || value === null || value === "") {
    return { error: "Amount is required." };
  }
  const kobo = nairaToKobo(value);
  return kobo === undefined
    ? { error: "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50." }
    : { value: kobo };
}

// The floor and ceiling of an amount the caller chooses (a top-up, a manual report), in
// the words every such call uses.
export function amountWithin(kobo: number, minKobo: number, maxKobo: number): Checked<number> {
  if (kobo < minKobo) {
    return { error: `Amount can not be less than ${nairaText(minKobo)}.` };
  }
  if (kobo > maxKobo) {
    return { error: `Amount can not be more than ${nairaText(maxKobo)}.` };
  }
  return { value: kobo };
}

export function objectField(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key];
  return isJsonObject(value) ? value : undefined;
}

// Stricter than RFC 5322 on purpose: ASCII only (the unique index folds ASCII case only),
// no quoted local parts, and a dotted domain ending in letters.
const emailPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isEmail(value: string): boolean {
  return value.length <= maxEmailLength && emailPattern.test(value);
}

export function isPhoneNo(value: string): boolean {
  return /^0\d{10}$/.test(value);
}

// A webhook receives account events, so it must be reachable over TLS and carry no
// credentials in the URL, where logs would keep them.
export function isHttpsUrl(value: string): boolean {
  if (value.length > maxUrlLength || !URL.canParse(value)) {
    return false;
  }
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}
