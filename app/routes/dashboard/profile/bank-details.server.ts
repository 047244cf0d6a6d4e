import type { RouterContextProvider } from "react-router";
import { bankDetailsSchema } from "../../../forms/profile.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import type { Caller } from "../../../infra/context.ts";
import { expireSessionOn } from "../../../session/auth.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { getBankList, updateBankDetails } from "../../../upstream/dashboard.server.ts";
import { UpstreamError } from "../../../upstream/errors.ts";
import { submitForm } from "./form-action.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The banks to choose from, or null when the upstream cannot say: the rest of the page still
 * works and the bank form says so. Not forSignedInPage: it turns an outage into the outage
 * page, the very case meant here.
 */
export function bankChoices(context: Context, caller: Caller): Promise<string[] | null> {
  return getBankList(caller).catch((error: unknown) => {
    if (error instanceof UpstreamError && error.kind !== "unauthenticated") return null;
    return expireSessionOn(error, context);
  });
}

export function saveBankDetails(context: Context, formData: FormData) {
  const { caller } = signedIn(context);
  return submitForm(context, formData, "bank-details", bankDetailsSchema, (value) => updateBankDetails(caller, value), {
    success: m.profile_bank_saved(),
    fields: ["accountName", "accountNumber", "bankName"],
    pin: true,
  });
}
