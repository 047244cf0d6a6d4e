import type { RouterContextProvider } from "react-router";
import { changePasswordSchema, type ProfileIntent } from "../../../forms/profile.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../../forms/reply.server.ts";
import { parseForm } from "../../../forms/submission.ts";
import { countedCheck, unaskedAnswer } from "../../../guards/attempts.server.ts";
import { limits } from "../../../guards/rate-limit.server.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { requestInfoContext } from "../../../infra/context.ts";
import { endOtherSessions } from "../../../session/auth.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { changePassword } from "../../../upstream/dashboard.server.ts";
import { isRefusal } from "../../../upstream/errors.ts";
import { savedToProfile } from "./form-action.server.ts";

const intent = "change-password" satisfies ProfileIntent;
const hideFields = ["oldPassword", "newPassword", "confirmPassword"];

/** The old password is tried as a login is, counted before the upstream is asked (decision 065). */
export async function changeOwnPassword(context: Readonly<RouterContextProvider>, formData: FormData) {
  const { caller, user } = signedIn(context);
  const submission = parseForm(formData, changePasswordSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields });
  const attempt = await countedCheck(
    {
      wrongTries: [limits.loginFailuresByEmail, user.email.toLowerCase()],
      attempts: [limits.loginByIp, context.get(requestInfoContext).clientIp],
    },
    () => changePassword(caller, submission.value),
    isRefusal,
  );
  if (attempt.result === "locked" || attempt.result === "uncounted") {
    const { message, status } = unaskedAnswer(attempt);
    return replyWithErrors(submission, { formErrors: [message] }, { intent, hideFields, status });
  }
  if (attempt.result === "failed")
    return replyWithUpstreamError(submission, attempt.error, context, { intent, hideFields });
  // A new password signs out every other browser: one that knew the old one is out.
  await endOtherSessions(context, user.id);
  return savedToProfile(context, attempt.value.message || m.profile_password_changed());
}
