import * as z from "zod/mini";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import {
  allIssues,
  atLeast,
  atMost,
  email,
  maxNameLength,
  maxPasswordLength,
  minPasswordLength,
  nested,
  notTextMessage,
  optionalText,
  phoneNumber,
  readJsonObject,
  requiredMessage,
  text,
  whenValid,
} from "../http/input.ts";
import type { JsonObject } from "../http/input.ts";
import { issueOtp } from "../accounts/otp.ts";
import { fieldErrors, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { hashPassword } from "../accounts/secrets.ts";
import { findUserByEmail, findUserById, insertUser } from "../accounts/users.ts";

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

const tooLong = (most: number) => `Ensure this field has no more than ${most} characters.`;
const required = text({ required: requiredMessage, notText: notTextMessage });
const optional = optionalText(notTextMessage).check(
  z.refine((value) => value === null || value.length <= maxNameLength, tooLong(maxNameLength)),
);
const password = text({ required: requiredMessage, notText: notTextMessage }, false).check(
  atMost(maxPasswordLength, tooLong(maxPasswordLength)),
);

// Every field is checked and each problem named under its field; the username and the second
// password are compared once both sides of the comparison are valid.
const registration = z.pipe(
  z
    .object({
      first_name: required.check(atMost(maxNameLength, tooLong(maxNameLength))),
      last_name: required.check(atMost(maxNameLength, tooLong(maxNameLength))),
      email: email({ required: requiredMessage, notText: notTextMessage, invalid: invalidEmailMessage }),
      username: required,
      password: password.check(atLeast(minPasswordLength, shortPasswordMessage)),
      password2: password,
      profile: nested(
        z.object({
          phone_no: phoneNumber({ required: requiredMessage, notText: notTextMessage }),
          referred_by: optional,
          hear_us: optional,
        }),
      ),
    })
    .check(
      // The username is the e-mail (call 3); a client that sends another is out of contract.
      z.refine((body) => body.username.toLowerCase() === body.email.toLowerCase(), {
        message: usernameMessage,
        path: ["username"],
        when: whenValid("email", "username"),
      }),
      z.refine((body) => body.password === body.password2, {
        message: passwordMismatchMessage,
        path: ["password2"],
        when: whenValid("password", "password2"),
      }),
    ),
  z.transform((body): Registration => ({
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    password: body.password,
    phoneNo: body.profile.phone_no,
    referredBy: body.profile.referred_by,
    hearUs: body.profile.hear_us,
  })),
);

// The envelope lists the fields in the form's order, whichever check found the problem.
const fieldOrder = [
  "first_name",
  "last_name",
  "email",
  "username",
  "password",
  "password2",
  "phone_no",
  "referred_by",
  "hear_us",
] as const;

function validate(body: JsonObject): { registration: Registration } | { errors: FieldErrors } {
  const checked = allIssues(registration, body);
  if ("value" in checked) {
    return { registration: checked.value };
  }
  const errors: FieldErrors = {};
  for (const name of fieldOrder) {
    const messages = checked.issues.filter((issue) => issue.field === name).map((issue) => issue.message);
    if (messages.length > 0) {
      errors[name] = messages;
    }
  }
  return { errors };
}
