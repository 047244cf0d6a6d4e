import * as z from "zod/mini";
import { authenticated, revokeUserTokens } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import {
  field,
  firstIssue,
  httpsUrl,
  isJsonObject,
  maxNameLength,
  maxPasswordLength,
  nested,
  passwordLength,
  phoneNumber,
  readJsonObject,
  requiredAlone,
  requiredText,
} from "../http/input.ts";
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
  const profile = isJsonObject(read.body["profile"]) ? read.body["profile"] : {};
  const hasPersonal = "first_name" in read.body || "last_name" in read.body || "phone_no" in profile;
  const hasWebhook = "webhook_url" in profile;
  if (!hasPersonal && !hasWebhook) {
    return statusMessage(
      400,
      "Nothing to update: send first_name, last_name and profile.phone_no, or profile.webhook_url.",
    );
  }
  const personal = hasPersonal ? firstIssue(personalInfo, read.body) : undefined;
  if (personal !== undefined && "error" in personal) {
    return statusMessage(400, personal.error);
  }
  const webhook = hasWebhook ? field(profile, "webhook_url", webhookUrl) : undefined;
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

const personalInfo = z.pipe(
  z.object({
    // A value that is not text is answered as if it were missing.
    first_name: requiredText("First name", maxNameLength, "First name is required."),
    last_name: requiredText("Last name", maxNameLength, "Last name is required."),
    profile: nested(z.object({ phone_no: phoneNumber({ notText: "Phone number is required." }) })),
  }),
  z.transform((body) => ({ firstName: body.first_name, lastName: body.last_name, phoneNo: body.profile.phone_no })),
);

const webhookUrl = httpsUrl({
  required: "Webhook URL is required.",
  notText: "Enter an absolute https URL for the webhook, e.g. https://example.com/payvend-webhook.",
});

// Each password is required in turn; then the two new ones must match, and only then is
// the new one's length checked.
const passwordChange = z
  .object({
    old_password: requiredAlone("Old password is required.", false),
    password: requiredAlone("New password is required.", false),
    password2: requiredAlone("Confirm password is required.", false),
  })
  .check(
    z.refine((body) => body.password === body.password2, { message: "Password does not match", abort: true }),
    ...passwordLength((body: { readonly password: string }) => body.password),
  );

async function changePassword(context: SandboxContext, caller: Caller): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const checked = firstIssue(passwordChange, read.body);
  if ("error" in checked) {
    return statusMessage(400, checked.error);
  }
  const { old_password: oldPassword, password } = checked.value;
  if (oldPassword.length > maxPasswordLength || !(await verifyPassword(oldPassword, caller.user.passwordHash))) {
    return statusMessage(400, "Old password is incorrect.");
  }
  const passwordHash = await hashPassword(password);
  inTransaction(context.db, () => {
    updatePasswordHash(context.db, caller.user.id, passwordHash);
    // Other sessions may belong to whoever learnt the old password; the one asking stays.
    revokeUserTokens(context.db, caller.user.id, isoTime(context), caller.tokenId);
  });
  return statusMessage(200, "Password changed successfully.");
}
