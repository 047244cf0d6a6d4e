import * as z from "zod/mini";
import { authenticated, findActiveToken, issueToken, revokeToken } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import {
  allIssues,
  email,
  field,
  maxPasswordLength,
  notTextMessage,
  optionalText,
  readJsonObject,
  requiredMessage,
  text,
} from "../http/input.ts";
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

const credentials = z.object({
  email: email({ required: requiredMessage, notText: notTextMessage, invalid: "Enter a valid email address." }),
  password: text({ required: requiredMessage, notText: notTextMessage }, false),
});

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
      const token = field(read.body, "token", optionalText("token must be a string."));
      if ("error" in token) {
        return statusMessage(400, token.error);
      }
      inTransaction(context.db, () => {
        const at = isoTime(context);
        revokeToken(context.db, caller.tokenId, at);
        // Someone else's token in the body is left alone: holding one token must not let
        // a caller sign another user out.
        const named = token.value === null ? undefined : findActiveToken(context.db, token.value);
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
  const checked = allIssues(credentials, read.body);
  if ("issues" in checked) {
    return validationError(
      checked.issues.map(({ field, message }) => ({
        code: message === requiredMessage ? "required" : "invalid",
        detail: message,
        attr: field,
      })),
    );
  }
  const { email, password } = checked.value;
  if (password.length > maxPasswordLength) {
    return validationError([badCredentials]);
  }
  const user = findUserByEmail(context.db, email);
  const matches =
    user === undefined ? await verifyNobodysPassword(password) : await verifyPassword(password, user.passwordHash);
  if (user === undefined || !matches) {
    return validationError([badCredentials]);
  }
  return json({ key: issueToken(context, user.id) });
}
