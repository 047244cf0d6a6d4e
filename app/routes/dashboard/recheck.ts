import { data } from "react-router";
import { allowAttempt } from "../../guards/attempts.server.ts";
import { forSignedInPage } from "../../session/auth.server.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { recheckMessage } from "../../domain/recheck.ts";
import { recheckWords } from "../../history/words.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { safeRedirectPath } from "../../domain/safe-redirect.ts";
import { limits, lockedMessage } from "../../guards/rate-limit.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { getTransaction } from "../../upstream/dashboard.server.ts";
import type { Route } from "./+types/recheck";

// Re-check status (decision 033): a pending purchase read again from the upstream (call 37),
// then back to the page the button was on with what it says now. Posting drops the kept
// history (app/session/signed-in.server.ts), so that page shows the new status too.

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { user, caller } = signedIn(context);
  const back = safeRedirectPath(formData.get("back"), "/dashboard/transactions");
  if (!/^\d{1,12}$/.test(params.transId)) throw data({ reason: "not-found" }, { status: 404 });
  const locked = await allowAttempt(limits.recheckByAccount, String(user.id));
  if (locked) return redirectWithToast(context, back, { type: "error", message: lockedMessage(locked) });
  const transaction = await forSignedInPage(context, getTransaction(caller, Number(params.transId)));
  if (transaction === null)
    return redirectWithToast(context, back, { type: "error", message: m.hist_recheck_not_found() });
  const { message, pending } = recheckMessage(transaction, recheckWords());
  return redirectWithToast(context, back, { type: pending ? "warning" : "success", message });
}
