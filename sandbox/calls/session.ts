import { authenticated, findActiveToken, issueToken, revokeToken } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import { isEmail, maxPasswordLength, readJsonObject, textField } from "../http/input.ts";
import type { TextField } from "../http/input.ts";
import { json, statusMessage, validationError } from "../http/responses.ts";
import type { ValidationIssue } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { verifyNobodysPassword, verifyPassword } from "../accounts/secrets.ts";
import { findUserByEmail } from "../accounts/users.ts";

const badCredentials: ValidationIssue = {
  code: "authorization",
  detail: "Unable to log in with provided credentials.",
  attr: "non_field_errors",
};

export const sessionRoutes: readonly Route<SandboxContext>[] = [
  { method: "POST", path: "/v1/login/", handle: login },
  {
    method: "POST",
    path: "/v1/logout/",
    handle: authenticated(async (context, caller) => {
      const read = await readJsonObject(context.request);
      if (!read.ok) {
        return statusMessage(400, read.message);
      }
      const token = textField(read.body, "token");
      if (token.state === "wrong-type") {
        return statusMessage(400, "token must be a string.");
      }
      inTransaction(context.db, () => {
        const at = isoTime(context);
        revokeToken(context.db, caller.tokenId, at);
        // Someone else's token in the body is left alone: holding one token must not let
        // a caller sign another user out.
        const named = token.state === "present" ? findActiveToken(context.db, token.value) : undefined;
        if (named !== undefined && named.userId === caller.user.id) {
          revokeToken(context.db, named.id, at);
        }
      });
      return json({ detail: "Successfully logged out." });
    }),
  },
];

// Login works for an unverified account too: the portal then sends the user to /otp.
async function login(context: SandboxContext): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return validationError([{ code: "parse_error", detail: read.message, attr: null }]);
  }
  const email = textField(read.body, "email");
  const password = textField(read.body, "password", false);
  const issues = [...fieldIssues("email", email), ...fieldIssues("password", password)];
  if (email.state === "present" && !isEmail(email.value)) {
    issues.unshift({ code: "invalid", detail: "Enter a valid email address.", attr: "email" });
  }
  if (issues.length > 0 || email.state !== "present" || password.state !== "present") {
    return validationError(issues);
  }
  if (password.value.length > maxPasswordLength) {
    return validationError([badCredentials]);
  }
  const user = findUserByEmail(context.db, email.value);
  const matches =
    user === undefined
      ? await verifyNobodysPassword(password.value)
      : await verifyPassword(password.value, user.passwordHash);
  if (user === undefined || !matches) {
    return validationError([badCredentials]);
  }
  return json({ key: issueToken(context, user.id) });
}

function fieldIssues(attr: string, field: TextField): ValidationIssue[] {
  switch (field.state) {
    case "missing":
      return [{ code: "required", detail: "This field is required.", attr }];
    case "wrong-type":
      return [{ code: "invalid", detail: "Not a valid string.", attr }];
    case "present":
      return [];
  }
}
