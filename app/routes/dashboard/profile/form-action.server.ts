import type { RouterContextProvider } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import type { ProfileIntent } from "../../../forms/profile.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../../forms/reply.server.ts";
import { parseForm } from "../../../forms/submission.ts";
import { pinRefusal } from "../../../pin/pin.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { redirectWithToast } from "../../../session/toast.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * One Profile form's action: the route's table picks it by the posted `intent`. It answers with
 * its form back and the errors (`replyWithErrors`), or a redirect with a toast.
 */
export type ProfileAction = (context: Context, formData: FormData) => Promise<Response | ProfileReply>;

/** A form sent back refused, with the intent that says which of the page's forms it is. */
export type ProfileReply = ReturnType<typeof replyWithErrors>;

/** Saved: back to a freshly loaded Profile, which empties every form, with a success toast. */
export function savedToProfile(context: Context, message: string): Response {
  return redirectWithToast(context, "/dashboard/profile", { type: "success", message });
}

/**
 * A form that sends its value to the upstream: validate with its schema, check the PIN if the
 * form carries one, send, and come back with the upstream's words (or `success`) as a toast.
 */
export async function submitForm<Schema extends $ZodType>(
  context: Context,
  formData: FormData,
  intent: ProfileIntent,
  schema: Schema,
  send: (value: output<Schema>) => Promise<{ message: string }>,
  options: { success: string; hideFields?: string[]; fields?: readonly string[]; pin?: true },
) {
  const submission = parseForm(formData, schema);
  const hideFields = options.pin ? [...(options.hideFields ?? []), "pin"] : options.hideFields;
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields });
  // Checked once the form is right, so a typo elsewhere uses up no try.
  const refused = options.pin ? await pinRefusal(signedIn(context).user.id, formData.get("pin")) : null;
  if (refused !== null) return replyWithErrors(submission, { fieldErrors: { pin: [refused] } }, { intent, hideFields });
  let message: string;
  try {
    message = (await send(submission.value)).message;
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, {
      intent,
      hideFields: options.hideFields,
      fields: options.fields,
    });
  }
  return savedToProfile(context, message || options.success);
}
