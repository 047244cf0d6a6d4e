import type { RouterContextProvider } from "react-router";
import { safeRedirectPath } from "../../../domain/safe-redirect.ts";
import { changePinSchema, setPinSchema } from "../../../forms/pin.ts";
import type { ProfileIntent } from "../../../forms/profile.ts";
import { replyWithErrors } from "../../../forms/reply.server.ts";
import { parseForm } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { checkPin, hasPin, savePin } from "../../../pin/pin.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { redirectWithToast } from "../../../session/toast.server.ts";
import { savedToProfile } from "./form-action.server.ts";

type Context = Readonly<RouterContextProvider>;

const PIN_FIELDS = ["currentPin", "newPin", "confirmPin"];

/** A first PIN; then back to the purchase that asked for one, if one did. */
export async function setPin(context: Context, formData: FormData) {
  const intent = "set-pin" satisfies ProfileIntent;
  const { user } = signedIn(context);
  const submission = parseForm(formData, setPinSchema(user.profile.phone));
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields: PIN_FIELDS });
  if (await hasPin(user.id)) {
    return replyWithErrors(submission, { formErrors: [m.profile_pin_already()] }, { intent });
  }
  await savePin(user.id, submission.value.newPin);
  const back = safeRedirectPath(formData.get("back"), "/dashboard/profile");
  return redirectWithToast(context, back, { type: "success", message: m.profile_pin_set_done() });
}

export async function changePin(context: Context, formData: FormData) {
  const intent = "change-pin" satisfies ProfileIntent;
  const { user } = signedIn(context);
  const submission = parseForm(formData, changePinSchema(user.profile.phone));
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields: PIN_FIELDS });
  const check = await checkPin(user.id, submission.value.currentPin);
  if (check.result === "wrong" || check.result === "locked") {
    return replyWithErrors(
      submission,
      { fieldErrors: { currentPin: [check.message] } },
      { intent, hideFields: PIN_FIELDS },
    );
  }
  await savePin(user.id, submission.value.newPin);
  return savedToProfile(context, m.profile_pin_changed());
}
