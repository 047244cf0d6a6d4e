import { redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "./context.ts";
import { replaceSession, sessionContext, sessionStatus } from "./session.server.ts";
import { setToast } from "./toast.server.ts";
import { getProfile } from "./upstream/account.server.ts";
import { UpstreamError } from "./upstream/errors.ts";
import { forPage } from "./upstream/page.server.ts";
import type { User } from "./upstream/schemas.ts";

type Context = Readonly<RouterContextProvider>;

export const SESSION_EXPIRED = "Session Expired!, please login again";

/** A fresh session holding the new upstream token: a new cookie at every login. */
export async function startSession(context: Context, token: string): Promise<void> {
  const session = await replaceSession(context.get(sessionContext));
  const now = Date.now();
  session.set("token", token);
  session.set("createdAt", now);
  session.set("seenAt", now);
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

// The dashboard layout and the page inside it both need the profile; loaders of one request
// share one context object, so they share one upstream call too.
const profiles = new WeakMap<Context, Promise<User>>();

/** The signed-in user's profile, or a redirect to /login. */
export async function requireUser(request: Request, context: Context): Promise<{ token: string; user: User }> {
  const token = await requireToken(request, context);
  let profile = profiles.get(context);
  if (!profile) {
    profile = getProfile(context.get(requestInfoContext).requestId, token);
    profiles.set(context, profile);
  }
  const user = await forSignedInPage(context, profile);
  return { token, user };
}

/** What every authenticated upstream call needs: the request id for logs and the token. */
export async function requireCaller(request: Request, context: Context): Promise<{ requestId: string; token: string }> {
  return { requestId: context.get(requestInfoContext).requestId, token: await requireToken(request, context) };
}
