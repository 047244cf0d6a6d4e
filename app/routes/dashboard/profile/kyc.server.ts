import type { RouterContextProvider } from "react-router";
import { bvnSchema, ninSchema } from "../../../forms/profile.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { signedIn } from "../../../session/signed-in.server.ts";
import { updateBvn, updateNin } from "../../../upstream/dashboard.server.ts";
import { submitForm } from "./form-action.server.ts";

type Context = Readonly<RouterContextProvider>;

export function saveBvn(context: Context, formData: FormData) {
  const { caller } = signedIn(context);
  return submitForm(context, formData, "bvn", bvnSchema(), (value) => updateBvn(caller, value), {
    success: m.profile_bvn_saved(),
  });
}

export function saveNin(context: Context, formData: FormData) {
  const { caller } = signedIn(context);
  return submitForm(context, formData, "nin", ninSchema, (value) => updateNin(caller, value.nin), {
    success: m.profile_nin_saved(),
  });
}
