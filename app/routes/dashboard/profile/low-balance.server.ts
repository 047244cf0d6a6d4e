import type { RouterContextProvider } from "react-router";
import { formatNaira, nairaDecimalText } from "../../../domain/money.ts";
import { lowBalanceSchema, type ProfileIntent } from "../../../forms/profile.ts";
import { replyWithErrors } from "../../../forms/reply.server.ts";
import { parseForm } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { signedIn } from "../../../session/signed-in.server.ts";
import { lowBalanceThreshold, saveLowBalanceThreshold } from "../../../settings/account-settings.server.ts";
import { savedToProfile } from "./form-action.server.ts";

/** The threshold as the form shows it, in naira; empty when the warning is off. */
export async function lowBalanceText(accountId: number): Promise<string> {
  const threshold = await lowBalanceThreshold(accountId);
  return threshold === null ? "" : nairaDecimalText(threshold);
}

/** The low-balance warning's threshold: set, changed, or (left empty) turned off. */
export async function saveLowBalance(context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, lowBalanceSchema);
  if (submission.status !== "success")
    return replyWithErrors(submission, {}, { intent: "low-balance" satisfies ProfileIntent });
  const { threshold } = submission.value;
  await saveLowBalanceThreshold(signedIn(context).user.id, threshold ?? null);
  return savedToProfile(
    context,
    threshold === undefined ? m.profile_low_off() : m.profile_low_on({ amount: formatNaira(threshold) }),
  );
}
