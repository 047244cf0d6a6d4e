import { authenticated } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import { findBank } from "../money/banks.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { isPhoneNo, maxNameLength, phoneMessage, readJsonObject, requiredText, textField } from "../http/input.ts";
import type { Checked, JsonObject, TextField } from "../http/input.ts";
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

// Each call answers with the first problem only, in the order of the form's fields, as
// the upstream's refusal envelope carries one message (docs/upstream-api.md).
function putBankDetails(context: SandboxContext, { user }: Caller): Promise<Response> {
  return handleForm(context, checkBankDetails, (details) => {
    updateBankDetails(context.db, user.id, details);
    return "Bank details updated successfully.";
  });
}

function postBvn(context: SandboxContext, { user }: Caller): Promise<Response> {
  const today = lagosDate(isoTime(context));
  return handleForm(
    context,
    (body) => checkBvn(body, today),
    (bvn) => {
      updateBvn(context.db, user.id, bvn);
      return "BVN updated successfully.";
    },
  );
}

function postNin(context: SandboxContext, { user }: Caller): Promise<Response> {
  return handleForm(context, checkNin, (nin) => {
    updateNin(context.db, user.id, nin);
    return "NIN updated successfully.";
  });
}

// One UPDATE statement each, so no transaction is needed around the save.
async function handleForm<T>(
  context: SandboxContext,
  check: (body: JsonObject) => Checked<T>,
  save: (value: T) => string,
): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const checked = check(read.body);
  if ("error" in checked) {
    return statusMessage(400, checked.error);
  }
  return statusMessage(200, save(checked.value));
}

function checkBankDetails(body: JsonObject): Checked<BankDetails> {
  const accountName = requiredText(textField(body, "account_name"), "Account name", maxNameLength);
  if ("error" in accountName) {
    return accountName;
  }
  // A NUBAN is ten digits; sent as a JSON number it would already have lost a leading 0.
  const accountNumber = digits(textField(body, "account_number"), "Account number", 10, " (NUBAN)");
  if ("error" in accountNumber) {
    return accountNumber;
  }
  const bankName = textField(body, "bank_name");
  if (bankName.state === "missing") {
    return { error: "Bank name is required." };
  }
  const bank = bankName.state === "present" ? findBank(bankName.value) : undefined;
  if (bank === undefined) {
    return { error: "Bank name must be one of the banks in the bank list." };
  }
  return { value: { accountName: accountName.value, accountNumber: accountNumber.value, bankName: bank.name } };
}

function checkBvn(body: JsonObject, today: string): Checked<Bvn> {
  const bvn = digits(textField(body, "bvn"), "BVN", 11);
  if ("error" in bvn) {
    return bvn;
  }
  const name = requiredText(textField(body, "name"), "Name", maxNameLength);
  if ("error" in name) {
    return name;
  }
  const dateOfBirth = checkDateOfBirth(textField(body, "dob"), today);
  if ("error" in dateOfBirth) {
    return dateOfBirth;
  }
  const phone = textField(body, "phone");
  if (phone.state === "missing") {
    return { error: "Phone number is required." };
  }
  if (phone.state === "wrong-type" || !isPhoneNo(phone.value)) {
    return { error: phoneMessage };
  }
  return { value: { bvn: bvn.value, name: name.value, dateOfBirth: dateOfBirth.value, phone: phone.value } };
}

function checkNin(body: JsonObject): Checked<string> {
  return digits(textField(body, "nin"), "NIN", 11);
}

function digits(field: TextField, label: string, length: number, hint = ""): Checked<string> {
  if (field.state === "missing") {
    return { error: `${label} is required.` };
  }
  if (field.state === "wrong-type" || field.value.length !== length || !/^\d+$/.test(field.value)) {
    return { error: `${label} must be exactly ${length} digits${hint}.` };
  }
  return { value: field.value };
}

// Dates compare as "YYYY-MM-DD" strings. The 18th birthday is built as a string too, so
// someone born on 29 February comes of age on 1 March in a common year, not on a date
// that does not exist.
function checkDateOfBirth(field: TextField, today: string): Checked<string> {
  if (field.state === "missing") {
    return { error: "Date of birth is required." };
  }
  const value = field.state === "present" ? field.value : "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [, year = "", month = "", day = ""] = match ?? [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (match === null || date.toISOString().slice(0, 10) !== value) {
    return { error: "Date of birth must be a real date written YYYY-MM-DD." };
  }
  if (value < earliestDateOfBirth) {
    return { error: `Date of birth must be on or after ${earliestDateOfBirth}.` };
  }
  if (value >= today) {
    return { error: "Date of birth must be in the past." };
  }
  if (`${Number(year) + minimumAge}-${month}-${day}` > today) {
    return { error: `You must be at least ${minimumAge} years old to add a BVN.` };
  }
  return { value };
}
