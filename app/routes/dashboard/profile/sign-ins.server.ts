import type { RouterContextProvider } from "react-router";
import { signInSummary } from "../../../domain/sign-ins.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { endOtherSession, endOtherSessions, signInsOf } from "../../../session/auth.server.ts";
import { signInWords } from "../../../session/sign-in-words.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { redirectWithToast } from "../../../session/toast.server.ts";
import type { SignInRow } from "./sign-ins.tsx";

type Context = Readonly<RouterContextProvider>;

/** The account's sign-ins as the list shows them, in the request's language (decision 049). */
export async function signInRows(context: Context, accountId: number): Promise<SignInRow[]> {
  const words = signInWords();
  return (await signInsOf(context, accountId)).map((signIn) => ({
    handle: signIn.handle,
    current: signIn.current,
    address: signIn.address,
    ...signInSummary(signIn, words),
  }));
}

/** Sign out of one other browser, by the handle Profile listed it under. */
export async function endSignIn(context: Context, formData: FormData) {
  const handle = formData.get("signIn");
  const ended = typeof handle === "string" && (await endOtherSession(context, signedIn(context).user.id, handle));
  return redirectWithToast(
    context,
    "/dashboard/profile#sign-ins",
    ended
      ? { type: "success", message: m.profile_signins_ended() }
      : { type: "warning", message: m.profile_signins_already() },
  );
}

export async function endOtherSignIns(context: Context) {
  await endOtherSessions(context, signedIn(context).user.id);
  return redirectWithToast(context, "/dashboard/profile#sign-ins", {
    type: "success",
    message: m.profile_signins_others_ended(),
  });
}
