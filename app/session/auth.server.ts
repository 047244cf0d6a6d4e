import { redirect, type RouterContextProvider } from "react-router";
import { holdToken, replaceSession, sessionContext, sessionStatus } from "./session.server.ts";
import { setToast } from "./toast.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { forPage } from "../upstream/page.server.ts";

type Context = Readonly<RouterContextProvider>;

export const SESSION_EXPIRED = "Session Expired!, please login again";

/** A fresh session holding the new upstream token: a new cookie at every login. */
export async function startSession(context: Context, token: string): Promise<void> {
  holdToken(await replaceSession(context.get(sessionContext)), token, Date.now());
}

export async function endSession(context: Context): Promise<void> {
  await replaceSession(context.get(sessionContext));
}

/** The session's upstream token, if the session is still within its idle and absolute limits. */
export function sessionToken(context: Context): string | null {
  const { session } = context.get(sessionContext);
  const token = session.get("token");
  return token && sessionStatus(session.data, Date.now()) === "active" ? token : null;
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  return here === "/" || here === "/dashboard" ? "/login" : `/login?${new URLSearchParams({ redirectTo: here })}`;
}

/** The token, or a redirect to /login that brings the visitor back here afterwards. */
export async function requireToken(request: Request, context: Context): Promise<string> {
  const token = sessionToken(context);
  if (token) return token;
  const hadSession = context.get(sessionContext).session.has("token");
  if (hadSession) {
    await endSession(context);
    setToast(context, { type: "error", message: SESSION_EXPIRED });
  }
  throw redirect(loginUrl(request));
}

/**
 * When the upstream no longer accepts the token (SPEC.md §6): forget the session and send
 * the user to /login with the expiry message. Any other error is rethrown as it is.
 */
export async function expireSessionOn(error: unknown, context: Context): Promise<never> {
  if (error instanceof UpstreamError && error.kind === "unauthenticated") {
    await endSession(context);
    setToast(context, { type: "error", message: SESSION_EXPIRED });
    throw redirect("/login");
  }
  throw error;
}

/** For loaders of signed-in pages: an authenticated call that ends in the right page on failure. */
export function forSignedInPage<T>(context: Context, call: Promise<T>): Promise<T> {
  return forPage(call.catch((error: unknown) => expireSessionOn(error, context)));
}
