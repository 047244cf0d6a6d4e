import { redirect, type RouterContextProvider } from "react-router";
import { holdToken, replaceSession, sessionContext, type SessionState } from "./session.server.ts";
import {
  endOtherSignIns,
  endSignIn,
  endSignInByHandle,
  type ListedSignIn,
  listSignIns,
  liveSignIn,
  recordSignIn,
  type SignIn,
  signInHandle,
} from "./sign-ins.server.ts";
import { setToast } from "./toast.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { requestInfoContext } from "../infra/context.ts";
import { portalStore } from "../store/database.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { forPage } from "../upstream/page.server.ts";

type Context = Readonly<RouterContextProvider>;

/** SPEC.md §8's alert, in the language of the request that ends the session. */
export const SESSION_EXPIRED = () => m.valid_session_expired();

/** A fresh session holding the new upstream token and a new sign-in row: a new cookie at every login. */
export async function startSession(context: Context, token: string, accountId: number): Promise<void> {
  const state = context.get(sessionContext);
  const signIn = await recordSignIn(portalStore().db, {
    accountId,
    userAgent: state.userAgent,
    address: context.get(requestInfoContext).clientIp,
  });
  holdToken(await replaceSession(state), token, signIn.id);
  state.signIn = Promise.resolve(signIn);
}

/** Logout and expiry: the sign-in's row goes, and the cookie with it. */
export async function endSession(context: Context): Promise<void> {
  const state = context.get(sessionContext);
  const id = state.session.get("signIn");
  if (id) await endSignIn(portalStore().db, id);
  await replaceSession(state);
}

/**
 * The sign-in the session cookie names, if its row still stands and is within its idle and
 * absolute limits: one read by primary key, once per request, and only when a page asks.
 * A minute since its last use, the row and the cookie's Max-Age move on.
 */
export function currentSignIn(context: Context): Promise<SignIn | null> {
  const state = context.get(sessionContext);
  state.signIn ??= findSignIn(state);
  return state.signIn;
}

async function findSignIn(state: SessionState): Promise<SignIn | null> {
  const id = state.session.get("signIn");
  if (!state.session.get("token") || !id) return null;
  const live = await liveSignIn(portalStore().db, id);
  if (live?.seen) state.changed = true;
  return live?.signIn ?? null;
}

/** The session's upstream token, while its sign-in stands. */
export async function sessionToken(context: Context): Promise<string | null> {
  const signIn = await currentSignIn(context);
  const token = context.get(sessionContext).session.get("token");
  return signIn && token ? token : null;
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  return here === "/" || here === "/dashboard" ? "/login" : `/login?${new URLSearchParams({ redirectTo: here })}`;
}

/** The token, or a redirect to /login that brings the visitor back here afterwards. */
export async function requireToken(request: Request, context: Context): Promise<string> {
  const token = await sessionToken(context);
  if (token) return token;
  const hadSession = context.get(sessionContext).session.has("token");
  if (hadSession) {
    await endSession(context);
    setToast(context, { type: "error", message: SESSION_EXPIRED() });
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
    setToast(context, { type: "error", message: SESSION_EXPIRED() });
    throw redirect("/login");
  }
  throw error;
}

/** For loaders of signed-in pages: an authenticated call that ends in the right page on failure. */
export function forSignedInPage<T>(context: Context, call: Promise<T>): Promise<T> {
  return forPage(call.catch((error: unknown) => expireSessionOn(error, context)));
}

/** The account's sign-ins for Profile, this browser's marked. */
export async function signInsOf(context: Context, accountId: number): Promise<ListedSignIn[]> {
  const current = await currentSignIn(context);
  return listSignIns(portalStore().db, accountId, current?.id ?? "");
}

/** Ends every sign-in of the account but this browser's (Sign out everywhere else, a new password). */
export async function endOtherSessions(context: Context, accountId: number): Promise<number> {
  const current = await currentSignIn(context);
  return current === null ? 0 : endOtherSignIns(portalStore().db, accountId, current.id);
}

/** Ends one of the account's other sign-ins by the handle Profile showed; false when it is gone already. */
export async function endOtherSession(context: Context, accountId: number, handle: string): Promise<boolean> {
  const current = await currentSignIn(context);
  if (current !== null && signInHandle(current.id) === handle) return false;
  return endSignInByHandle(portalStore().db, accountId, handle);
}
