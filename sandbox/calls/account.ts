import { authenticated, revokeUserTokens } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import {
  isHttpsUrl,
  isPhoneNo,
  maxNameLength,
  maxPasswordLength,
  objectField,
  passwordLengthError,
  phoneMessage,
  readJsonObject,
  textField,
} from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { balanceKobo } from "../money/ledger.ts";
import { json, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { hashPassword, verifyPassword } from "../accounts/secrets.ts";
import { settleDuePurchases } from "../purchases/settlement.ts";
import { updatePasswordHash, updatePersonalInfo, updateWebhookUrl } from "../accounts/users.ts";
import { toWireUser } from "../http/wire.ts";

export const accountRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/user/profile/",
    handle: authenticated((context, { user }) => {
      // Settled first, so the balance shown is after any purchase that is due to settle.
      settleDuePurchases(context.db, isoTime(context), user.id);
      return json(toWireUser(user, balanceKobo(context.db, user.id)));
    }),
  },
  { method: "PUT", path: "/v1/user/update-profile/", handle: authenticated(updateProfile) },
  { method: "PUT", path: "/v1/change-password/", handle: authenticated(changePassword) },
];

// Two shapes share this call (call 8, docs/upstream-api.md): the personal-info form and the webhook form.
// Either or both may come; a personal-info update needs all three of its fields.
async function updateProfile(context: SandboxContext, { user }: Caller): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const profile = objectField(read.body, "profile") ?? {};
  const hasPersonal = "first_name" in read.body || "last_name" in read.body || "phone_no" in profile;
  const hasWebhook = "webhook_url" in profile;
  if (!hasPersonal && !hasWebhook) {
    return statusMessage(
      400,
      "Nothing to update: send first_name, last_name and profile.phone_no, or profile.webhook_url.",
    );
  }
  const personal = hasPersonal ? checkPersonalInfo(read.body, profile) : undefined;
  if (personal !== undefined && "error" in personal) {
    return statusMessage(400, personal.error);
  }
  const webhook = hasWebhook ? checkWebhookUrl(profile) : undefined;
  if (webhook !== undefined && "error" in webhook) {
    return statusMessage(400, webhook.error);
  }
  inTransaction(context.db, () => {
    if (personal !== undefined) {
      updatePersonalInfo(context.db, user.id, personal.value);
    }
    if (webhook !== undefined) {
      updateWebhookUrl(context.db, user.id, webhook.value);
    }
  });
  return statusMessage(200, "Profile updated successfully.");
}

function checkPersonalInfo(
  body: JsonObject,
  profile: JsonObject,
): Checked<{ firstName: string; lastName: string; phoneNo: string }> {
  const firstName = textField(body, "first_name");
  const lastName = textField(body, "last_name");
  const phoneNo = textField(profile, "phone_no");
  if (firstName.state !== "present") {
    return { error: "First name is required." };
  }
  if (firstName.value.length > maxNameLength) {
    return { error: `First name must be at most ${maxNameLength} characters.` };
  }
  if (lastName.state !== "present") {
    return { error: "Last name is required." };
  }
  if (lastName.value.length > maxNameLength) {
    return { error: `Last name must be at most ${maxNameLength} characters.` };
  }
  if (phoneNo.state !== "present") {
    return { error: "Phone number is required." };
  }
  if (!isPhoneNo(phoneNo.value)) {
    return { error: phoneMessage };
  }
  return { value: { firstName: firstName.value, lastName: lastName.value, phoneNo: phoneNo.value } };
}

function checkWebhookUrl(profile: JsonObject): Checked<string> {
  const url = textField(profile, "webhook_url");
  if (url.state === "missing") {
    return { error: "Webhook URL is required." };
  }
  if (url.state === "wrong-type" || !isHttpsUrl(url.value)) {
    return { error: "Enter an absolute https URL for the webhook, e.g. https://example.com/payvend-webhook." };
  }
  return { value: url.value };
}

async function changePassword(context: SandboxContext, caller: Caller): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const oldPassword = textField(read.body, "old_password", false);
  const password = textField(read.body, "password", false);
  const password2 = textField(read.body, "password2", false);
  if (oldPassword.state !== "present") {
    return statusMessage(400, "Old password is required.");
  }
  if (password.state !== "present") {
    return statusMessage(400, "New password is required.");
  }
  if (password2.state !== "present") {
    return statusMessage(400, "Confirm password is required.");
  }
  if (password.value !== password2.value) {
    return statusMessage(400, "Password does not match");
  }
  const lengthError = passwordLengthError(password.value);
  if (lengthError !== undefined) {
    return statusMessage(400, lengthError);
  }
  if (
    oldPassword.value.length > maxPasswordLength ||
    !(await verifyPassword(oldPassword.value, caller.user.passwordHash))
  ) {
    return statusMessage(400, "Old password is incorrect.");
  }
  const passwordHash = await hashPassword(password.value);
  inTransaction(context.db, () => {
    updatePasswordHash(context.db, caller.user.id, passwordHash);
    // Other sessions may belong to whoever learnt the old password; the one asking stays.
    revokeUserTokens(context.db, caller.user.id, isoTime(context), caller.tokenId);
  });
  return statusMessage(200, "Password changed successfully.");
}
