import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import {
  isEmail,
  isJsonObject,
  isPhoneNo,
  maxNameLength,
  maxPasswordLength,
  minPasswordLength,
  phoneMessage,
  readJsonObject,
  textField,
} from "../http/input.ts";
import type { JsonObject, TextField } from "../http/input.ts";
import { issueOtp } from "../accounts/otp.ts";
import { fieldErrors, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { hashPassword } from "../accounts/secrets.ts";
import { findUserByEmail, findUserById, insertUser } from "../accounts/users.ts";

const requiredMessage = "This field is required.";
const notTextMessage = "Not a valid string.";
const invalidEmailMessage = "Enter a valid email address.";
const duplicateEmailMessage = "A user with that email already exists.";
const usernameMessage = "Username must be the same as the email address.";
const shortPasswordMessage = `This password is too short. It must contain at least ${minPasswordLength} characters.`;
const passwordMismatchMessage = "Password fields didn't match.";
const registeredMessage = "Registration successful. Check your e-mail for the OTP.";

interface Registration {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly phoneNo: string;
  readonly referredBy: string | null;
  readonly hearUs: string | null;
}

type FieldErrors = Record<string, string[]>;

export const registerRoutes: readonly Route<SandboxContext>[] = [
  { method: "POST", path: "/v1/register/", handle: register },
];

async function register(context: SandboxContext): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const checked = validate(read.body);
  if (!("registration" in checked)) {
    return fieldErrors(checked.errors);
  }
  const { registration } = checked;
  // Checked before hashing so a duplicate costs no scrypt; checked again under the lock.
  if (findUserByEmail(context.db, registration.email) !== undefined) {
    return fieldErrors({ email: [duplicateEmailMessage] });
  }
  const passwordHash = await hashPassword(registration.password);
  const created = inTransaction(context.db, () => {
    if (findUserByEmail(context.db, registration.email) !== undefined) {
      return false;
    }
    const id = insertUser(context.db, {
      firstName: registration.firstName,
      lastName: registration.lastName,
      email: registration.email,
      phoneNo: registration.phoneNo,
      referredBy: registration.referredBy,
      hearUs: registration.hearUs,
      passwordHash,
      level: 0,
      otpVerified: false,
      dateJoined: isoTime(context),
    });
    const user = findUserById(context.db, id);
    if (user === undefined) {
      throw new Error("A user just inserted cannot be read back.");
    }
    issueOtp(context, user);
    return true;
  });
  if (!created) {
    return fieldErrors({ email: [duplicateEmailMessage] });
  }
  return statusMessage(200, registeredMessage);
}

function validate(body: JsonObject): { registration: Registration } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string): undefined => {
    (errors[field] ??= []).push(message);
    return undefined;
  };

  const firstName = requiredText(textField(body, "first_name"), maxNameLength, (message) =>
    fail("first_name", message),
  );
  const lastName = requiredText(textField(body, "last_name"), maxNameLength, (message) => fail("last_name", message));

  let email = requiredText(textField(body, "email"), Number.MAX_SAFE_INTEGER, (message) => fail("email", message));
  if (email !== undefined && !isEmail(email)) {
    email = fail("email", invalidEmailMessage);
  }

  const username = requiredText(textField(body, "username"), Number.MAX_SAFE_INTEGER, (message) =>
    fail("username", message),
  );
  // The username is the e-mail (call 3); a client that sends another is out of contract.
  if (username !== undefined && email !== undefined && username.toLowerCase() !== email.toLowerCase()) {
    fail("username", usernameMessage);
  }

  let password = requiredText(textField(body, "password", false), maxPasswordLength, (message) =>
    fail("password", message),
  );
  if (password !== undefined && password.length < minPasswordLength) {
    password = fail("password", shortPasswordMessage);
  }
  const password2 = requiredText(textField(body, "password2", false), maxPasswordLength, (message) =>
    fail("password2", message),
  );
  if (password !== undefined && password2 !== undefined && password !== password2) {
    fail("password2", passwordMismatchMessage);
  }

  const profile = isJsonObject(body["profile"]) ? body["profile"] : {};
  let phoneNo = requiredText(textField(profile, "phone_no"), Number.MAX_SAFE_INTEGER, (message) =>
    fail("phone_no", message),
  );
  if (phoneNo !== undefined && !isPhoneNo(phoneNo)) {
    phoneNo = fail("phone_no", phoneMessage);
  }
  const referredBy = optionalText(textField(profile, "referred_by"), (message) => fail("referred_by", message));
  const hearUs = optionalText(textField(profile, "hear_us"), (message) => fail("hear_us", message));

  if (
    Object.keys(errors).length > 0 ||
    firstName === undefined ||
    lastName === undefined ||
    email === undefined ||
    password === undefined ||
    phoneNo === undefined ||
    referredBy === undefined ||
    hearUs === undefined
  ) {
    return { errors };
  }
  return { registration: { firstName, lastName, email, password, phoneNo, referredBy, hearUs } };
}

function requiredText(field: TextField, maxLength: number, fail: (message: string) => undefined): string | undefined {
  switch (field.state) {
    case "missing":
      return fail(requiredMessage);
    case "wrong-type":
      return fail(notTextMessage);
    case "present":
      return field.value.length > maxLength
        ? fail(`Ensure this field has no more than ${maxLength} characters.`)
        : field.value;
  }
}

// undefined means invalid; null means the optional field was left out.
function optionalText(field: TextField, fail: (message: string) => undefined): string | null | undefined {
  switch (field.state) {
    case "missing":
      return null;
    case "wrong-type":
      return fail(notTextMessage);
    case "present":
      return field.value.length > maxNameLength
        ? fail(`Ensure this field has no more than ${maxNameLength} characters.`)
        : field.value;
  }
}
