import { parseForm } from "../forms/submission.ts";
import type { RouterContextProvider } from "react-router";
import { forSignedInPage } from "../session/auth.server.ts";
import type { Caller } from "../infra/context.ts";
import { sanitizeUpstreamHtml } from "../content/sanitize.server.ts";
import { formKey } from "../forms/form-key.ts";
import { manualPaymentSchema } from "../forms/funding.ts";
import { replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { redirectWithToast } from "../session/toast.server.ts";
import { getManualFundingDetails, reportManualPayment } from "../upstream/funding.server.ts";

// Funding the wallet by hand (calls 41 and 43): the accounts to pay into, and a report of the
// payment for the upstream's staff to check.

type Context = Readonly<RouterContextProvider>;

export type ManualDetails = {
  /** The upstream's instructions, sanitized HTML. */
  description: string;
  /** The accounts to pay into. */
  accounts: { name: string; account: string; bank: string }[];
};

export async function loadManual(context: Context, caller: Caller): Promise<ManualDetails> {
  const details = await forSignedInPage(context, getManualFundingDetails(caller));
  return { description: sanitizeUpstreamHtml(details.description), accounts: details.accounts };
}

/** The report (call 43) under the form's key: the same report sent twice is one report. */
export async function reportManual(context: Context, caller: Caller, formData: FormData, manualPage: string) {
  const submission = parseForm(formData, manualPaymentSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent: "manual" });
  let message: string;
  try {
    message = await reportManualPayment(
      caller,
      {
        paymentName: submission.value.paymentName,
        amountKobo: submission.value.amount,
        bankName: submission.value.bankName,
        paymentType: submission.value.paymentType,
      },
      formKey(formData),
    );
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { intent: "manual" });
  }
  // A report the upstream took is a success, shown as one.
  return redirectWithToast(context, manualPage, {
    type: "success",
    message: message || m.fund_manual_received(),
  });
}
