import { parseForm } from "../forms/submission.ts";
import { data, type RouterContextProvider } from "react-router";
import { forSignedInPage } from "../session/auth.server.ts";
import type { Caller } from "../infra/context.ts";
import { sanitizeUpstreamHtml } from "../content/sanitize.server.ts";
import { reservedAccountSchema } from "../forms/funding.ts";
import { replyWithUpstreamError } from "../forms/reply.server.ts";
import { signedIn, signedInForPage } from "../session/signed-in.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { redirectWithToast } from "../session/toast.server.ts";
import { getSettings } from "../upstream/dashboard.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { createReservedAccount, KycRequiredError } from "../upstream/funding.server.ts";
import type { ReservedAccount } from "../upstream/schemas.ts";

// Funding the wallet by bank transfer (call 44): the user's reserved accounts at each
// bank, and a button to create one where there is none yet.

type Context = Readonly<RouterContextProvider>;

export type TransferDetails = {
  /** The upstream's instruction, sanitized HTML. */
  instruction: string;
  accounts: { sterling: ReservedAccount[]; wema: ReservedAccount[] };
};

/** The instruction (call 16) and the user's accounts, read side by side. */
export async function loadTransfer(context: Context): Promise<TransferDetails> {
  const [{ user }, settings] = await Promise.all([
    signedInForPage(context),
    forSignedInPage(context, getSettings(signedIn(context).caller)),
  ]);
  return {
    instruction: sanitizeUpstreamHtml(settings.reservedAccountInstruction),
    accounts: { sterling: user.profile.sterlingAccounts, wema: user.profile.wemaAccounts },
  };
}

/**
 * Create Account: call 44, then back to `transferPage`, where the new account number is listed
 * (decision 080); a refusal comes back there too, as a toast.
 */
export async function createAccount(context: Context, caller: Caller, formData: FormData, transferPage: string) {
  const submission = parseForm(formData, reservedAccountSchema);
  if (submission.status !== "success") throw data({ reason: "unknown-bank" }, { status: 400 });
  try {
    await createReservedAccount(caller, submission.value.provider);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind === "unauthenticated")
      return replyWithUpstreamError(submission, error, context);
    // Real providers need a BVN or NIN first; say where to add one.
    return redirectWithToast(context, transferPage, {
      type: "error",
      message: error.isOutage ? m.fund_transfer_unreachable() : error.message,
      ...(error instanceof KycRequiredError
        ? { link: { href: "/dashboard/profile#kyc", label: m.fund_transfer_add_kyc() } }
        : {}),
    });
  }
  return redirectWithToast(context, transferPage, {
    type: "success",
    message: m.fund_transfer_created(),
  });
}
