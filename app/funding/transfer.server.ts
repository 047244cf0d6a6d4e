import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { forSignedInPage } from "../auth.server.ts";
import { sanitizeUpstreamHtml } from "../content/sanitize.server.ts";
import { reservedAccountSchema } from "../forms/funding.ts";
import { replyWithUpstreamError } from "../forms/reply.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { getSettings } from "../upstream/dashboard.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { type Caller, createReservedAccount, KycRequiredError } from "../upstream/funding.server.ts";
import type { ReservedAccount, User } from "../upstream/schemas.ts";

// Funding the wallet by bank transfer (SPEC.md §4): the user's reserved accounts at each
// bank, and a button to create one where there is none yet.

type Context = Readonly<RouterContextProvider>;

export type TransferDetails = {
  /** The upstream's instruction, sanitized HTML. */
  instruction: string;
  accounts: { sterling: ReservedAccount[]; wema: ReservedAccount[] };
};

export async function loadTransfer(context: Context, caller: Caller, user: User): Promise<TransferDetails> {
  const settings = await forSignedInPage(context, getSettings(caller));
  return {
    instruction: sanitizeUpstreamHtml(settings.reservedAccountInstruction),
    accounts: { sterling: user.profile.sterlingAccounts, wema: user.profile.wemaAccounts },
  };
}

/** Create Account: call 44, then the dashboard; a refusal comes back to `transferPage` as a toast. */
export async function createAccount(context: Context, caller: Caller, formData: FormData, transferPage: string) {
  const submission = parseWithZod(formData, { schema: reservedAccountSchema });
  if (submission.status !== "success") throw data({ reason: "unknown-bank" }, { status: 400 });
  try {
    await createReservedAccount(caller, submission.value.provider);
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind === "unauthenticated")
      return replyWithUpstreamError(submission, error, context);
    // Real providers need a BVN or NIN first; say where to add one.
    return redirectWithToast(context, transferPage, {
      type: "error",
      message: error.isOutage
        ? "We could not reach our service provider. Please try again in a minute."
        : error.message,
      ...(error instanceof KycRequiredError
        ? { link: { href: "/dashboard/profile#kyc", label: "Add your BVN or NIN" } }
        : {}),
    });
  }
  return redirectWithToast(context, "/dashboard", {
    type: "success",
    message: "Account created successfully, kindly click on fund wallet, choose bank transfer to see your accounts.",
  });
}
