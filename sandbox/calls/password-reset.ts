import * as z from "zod/mini";
import { revokeUserTokens } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import { email, field, firstIssue, passwordLength, readJsonObject, requiredAlone } from "../http/input.ts";
import { sendEmail } from "../accounts/outbox.ts";
import { json, statusMessage, validationError } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { integerColumn } from "../store/rows.ts";
import { hashPassword, newToken, sha256Hex } from "../accounts/secrets.ts";
import { findUserByEmail, updatePasswordHash } from "../accounts/users.ts";

export const resetLifetimeMs = 60 * 60 * 1000;
const invalidLinkMessage = "The reset link is invalid or has expired.";

export const passwordResetRoutes: readonly Route<SandboxContext>[] = [
  { method: "POST", path: "/password_reset/", handle: requestReset },
  { method: "POST", path: "/v1/reset_password/", handle: resetPassword },
];

// The message is the same for a missing address as for a wrong one; only the code differs.
const invalidEmailMessage = "Enter a valid email address.";
const missingEmail = "required";
const resetEmail = email({ required: missingEmail, notText: invalidEmailMessage, invalid: invalidEmailMessage });

// Each password is required in turn; then the two must match, and only then is the new
// one's length checked. The link's token is checked last, against the database.
const newPassword = z
  .object({
    new_password: requiredAlone("New password is required.", false),
    confirm_new_password: requiredAlone("Confirm password is required.", false),
    // Anything but text names no reset, which is told apart only after the passwords.
    password_token: z.transform((token: unknown) =>
      typeof token === "string" && token.trim() !== "" ? token.trim() : null,
    ),
  })
  .check(
    z.refine((body) => body.new_password === body.confirm_new_password, {
      message: "The two passwords doesn't match",
      abort: true,
    }),
    ...passwordLength((body: { readonly new_password: string }) => body.new_password),
  );

// The answer is the same whether or not the address has an account, so this call cannot
// be used to find out who is a customer.
async function requestReset(context: SandboxContext): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return validationError([{ code: "parse_error", detail: read.message, attr: null }]);
  }
  const email = field(read.body, "email", resetEmail);
  if ("error" in email) {
    const code = email.error === missingEmail ? "required" : "invalid";
    return validationError([{ code, detail: invalidEmailMessage, attr: "email" }]);
  }
  const user = findUserByEmail(context.db, email.value);
  if (user !== undefined) {
    const token = newToken();
    const link = `${context.portalOrigin}/password_reset/confirm/?token=${token}`;
    inTransaction(context.db, () => {
      context.db
        .prepare("INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .run(sha256Hex(token), user.id, isoTime(context), isoTime(context, resetLifetimeMs));
      sendEmail(context, {
        to: user.email,
        subject: "Reset your Payvend password",
        body: [
          `Hello ${user.firstName},`,
          "",
          "We received a request to reset the password of your Payvend account.",
          "Open this link within 1 hour to choose a new password. It works once.",
          "",
          link,
          "",
          "If you did not ask for this, ignore this e-mail: your password stays the same.",
        ].join("\n"),
      });
    });
  }
  return json({ status: "OK" });
}

async function resetPassword(context: SandboxContext): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const checked = firstIssue(newPassword, read.body);
  if ("error" in checked) {
    return statusMessage(400, checked.error);
  }
  const { new_password: password, password_token: token } = checked.value;
  if (token === null || findLiveReset(context, token) === undefined) {
    return statusMessage(400, invalidLinkMessage);
  }
  const passwordHash = await hashPassword(password);
  // Looked up again under the write lock: a second request with the same link may have
  // finished while this one was hashing.
  const done = inTransaction(context.db, () => {
    const reset = findLiveReset(context, token);
    if (reset === undefined) {
      return false;
    }
    const at = isoTime(context);
    updatePasswordHash(context.db, reset.userId, passwordHash);
    // Every outstanding link of the user dies with the old password, and so does every
    // session, which may belong to whoever knew it.
    context.db
      .prepare("UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL")
      .run(at, reset.userId);
    revokeUserTokens(context.db, reset.userId, at);
    return true;
  });
  if (!done) {
    return statusMessage(400, invalidLinkMessage);
  }
  return statusMessage(200, "Password reset done successfully");
}

function findLiveReset(context: SandboxContext, token: string): { userId: number } | undefined {
  const row = context.db
    .prepare("SELECT user_id FROM password_reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?")
    .get(sha256Hex(token), isoTime(context));
  return row === undefined ? undefined : { userId: integerColumn(row, "user_id") };
}
