import type { RouterContextProvider } from "react-router";
import { webhookSchema } from "../../../forms/profile.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { signedIn } from "../../../session/signed-in.server.ts";
import { updateWebhook } from "../../../upstream/dashboard.server.ts";
import { submitForm } from "./form-action.server.ts";

export function saveWebhook(context: Readonly<RouterContextProvider>, formData: FormData) {
  const { caller } = signedIn(context);
  return submitForm(context, formData, "webhook", webhookSchema, (value) => updateWebhook(caller, value.webhookUrl), {
    success: m.profile_webhook_saved(),
    fields: ["webhookUrl"],
    pin: true,
  });
}
