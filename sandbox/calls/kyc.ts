import * as z from "zod/mini";
import { authenticated } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import { findBank } from "../money/banks.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { digits, firstIssue, maxNameLength, phoneNumber, readJsonObject, requiredText, text } from "../http/input.ts";
import type { Schema } from "../http/input.ts";
import { statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { lagosDate } from "../money/time.ts";
import { updateBankDetails, updateBvn, updateNin } from "../accounts/users.ts";
import type { BankDetails, Bvn } from "../accounts/users.ts";

export const kycRoutes: readonly Route<SandboxContext>[] = [
  { method: "PUT", path: "/v1/update-bank-details/", handle: authenticated(putBankDetails) },
  { method: "POST", path: "/v1/update-bvn/", handle: authenticated(postBvn) },
  { method: "POST", path: "/v1/update-nin/", handle: authenticated(postNin) },
];

const minimumAge = 18;
const earliestDateOfBirth = "1900-01-01";
const unknownBankMessage = "Bank name must be one of the banks in the bank list.";

// Each call answers with the first problem only, in the order of the form's fields, as
// the upstream's refusal envelope carries one message (docs/upstream-api.md).
function putBankDetails(context: SandboxContext, { user }: Caller): Promise<Response> {
  return handleForm(context, bankDetails, (details) => {
    updateBankDetails(context.db, user.id, details);
    return "Bank details updated successfully.";
  });
}

function postBvn(context: SandboxContext, { user }: Caller): Promise<Response> {
  const today = lagosDate(isoTime(context));
  return handleForm(context, bvnForm(today), (bvn) => {
    updateBvn(context.db, user.id, bvn);
    return "BVN updated successfully.";
  });
}

function postNin(context: SandboxContext, { user }: Caller): Promise<Response> {
  return handleForm(context, ninForm, (nin) => {
    updateNin(context.db, user.id, nin);
    return "NIN updated successfully.";
  });
}

// One UPDATE statement each, so no transaction is needed around the save.
async function handleForm<T>(
  context: SandboxContext,
  schema: Schema<T>,
  save: (value: T) => string,
): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const checked = firstIssue(schema, read.body);
  if ("error" in checked) {
    return statusMessage(400, checked.error);
  }
  return statusMessage(200, save(checked.value));
}

// A NUBAN is ten digits; sent as a JSON number it would already have lost a leading 0.
const bankDetails: Schema<BankDetails> = z.pipe(
  z.object({
    account_name: requiredText("Account name", maxNameLength),
    account_number: digits("Account number", 10, " (NUBAN)"),
    bank_name: z.pipe(
      text({ required: "Bank name is required.", notText: unknownBankMessage }),
      z.transform((name, context) => {
        const bank = findBank(name);
        if (bank === undefined) {
          context.issues.push({ code: "custom", input: name, message: unknownBankMessage });
          return z.NEVER;
        }
        return bank.name;
      }),
    ),
  }),
  z.transform((body) => ({
    accountName: body.account_name,
    accountNumber: body.account_number,
    bankName: body.bank_name,
  })),
);

function bvnForm(today: string): Schema<Bvn> {
  return z.pipe(
    z.object({
      bvn: digits("BVN", 11),
      name: requiredText("Name", maxNameLength),
      dob: dateOfBirth(today),
      phone: phoneNumber(),
    }),
    z.transform((body) => ({ bvn: body.bvn, name: body.name, dateOfBirth: body.dob, phone: body.phone })),
  );
}

const ninForm = z.pipe(
  z.object({ nin: digits("NIN", 11) }),
  z.transform((body) => body.nin),
);

// Dates compare as "YYYY-MM-DD" strings. The 18th birthday is built as a string too, so
// someone born on 29 February comes of age on 1 March in a common year, not on a date
// that does not exist. One check at a time: a date that is not one has no age to report.
function dateOfBirth(today: string): Schema<string> {
  const notADate = "Date of birth must be a real date written YYYY-MM-DD.";
  return text({ required: "Date of birth is required.", notText: notADate }).check(
    z.refine(isRealDate, { message: notADate, abort: true }),
    z.refine((value) => value >= earliestDateOfBirth, {
      message: `Date of birth must be on or after ${earliestDateOfBirth}.`,
      abort: true,
    }),
    z.refine((value) => value < today, { message: "Date of birth must be in the past.", abort: true }),
    z.refine((value) => `${Number(value.slice(0, 4)) + minimumAge}${value.slice(4)}` <= today, {
      message: `You must be at least ${minimumAge} years old to add a BVN.`,
    }),
  );
}

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) {
    return false;
  }
  const [, year = "", month = "", day = ""] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.toISOString().slice(0, 10) === value;
}
