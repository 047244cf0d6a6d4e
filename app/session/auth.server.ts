import { redirect, type RouterContextProvider } from "react-router";
import { type Revoke, revokeOrQueue, revokeQueued, sweepRevocations } from "./revocations.server.ts";
import { holdSignIn, replaceSession, sessionContext, type SessionState } from "./session.server.ts";
import {
  adoptCookieToken,
  endOtherSignIns,
  endSignIn,
  endSignInByHandle,
  endedElsewhere,
  type ListedSignIn,
  listSignIns,
  type LiveSignIn,
  liveSignIn,
  recordSignIn,
  type SignIn,
  signInHandle,
} from "./sign-ins.server.ts";
import { setToast } from "./toast.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { requestInfoContext } from "../infra/context.ts";
import { log } from "../infra/log.server.ts";
import { storeWriteFailed } from "../infra/store-writes.server.ts";
import { portalStore } from "../store/database.server.ts";
import { logout } from "../upstream/account.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { forPage } from "../upstream/page.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The "Session Expired!" alert, in the language of the request that ends the session. */
export const SESSION_EXPIRED = () => m.valid_session_expired();

/** Revokes a token at the upstream (call 15), under this request's id. */
function upstreamRevoke(context: Context): Revoke {
  const { requestId } = context.get(requestInfoContext);
  return (token) => logout(requestId, token);
}

/**
 * The tokens of sign-ins this request just ended, revoked at the upstream now (decision 064).
 * One the upstream cannot take stays queued for a later request; the sign-in is over either way.
 */
async function revokeEnded(context: Context, ids: readonly string[]): Promise<void> {
  await revokeQueued(portalStore().db, upstreamRevoke(context), ids).catch((error: unknown) => {
    log("warn", "sign-in.revocation-failed", { error: error instanceof Error ? error.message : String(error) });
  });
}

/**
 * A token the portal is done with that no sign-in row holds (Forgot PIN's password check):
 * revoked now, or queued when the upstream cannot take it.
 */
export async function revokeToken(context: Context, token: string): Promise<void> {
  await revokeOrQueue(portalStore().db, upstreamRevoke(context), token).catch((error: unknown) => {
    log("warn", "sign-in.revocation-failed", { error: error instanceof Error ? error.message : String(error) });
  });
}

/**
 * A fresh session naming a new sign-in row, which holds the new upstream token sealed
 * (decision 064): a new cookie at every login, holding only the row's id.
 */
export async function startSession(context: Context, token: string, accountId: number): Promise<void> {
  const state = context.get(sessionContext);
  const { db } = portalStore();
  const signIn = await recordSignIn(db, {
    accountId,
    userAgent: state.userAgent,
    address: context.get(requestInfoContext).clientIp,
    token,
  });
  holdSignIn(await replaceSession(state), signIn.id);
  state.signIn = Promise.resolve({ signIn, token, seen: false });
  // Recording it retired the expired sign-ins of every account: their tokens go in the background.
  sweepRevocations(db, upstreamRevoke(context));
}

/** Logout and expiry: the sign-in's row goes, its token is revoked, and the cookie goes. */
export async function endSession(context: Context): Promise<void> {
  const state = context.get(sessionContext);
  const id = state.session.get("signIn");
  const { db } = portalStore();
  const queued = id ? await endSignIn(db, id) : [];
  await revokeEnded(context, queued);
  // A cookie from before decision 064 whose row never took its token: that token is revoked too.
  const carried = state.session.get("token");
  if (carried && queued.length === 0) await revokeToken(context, carried);
  await replaceSession(state);
}

/**
 * The sign-in the session cookie names, if its row still stands, is within its idle and
 * absolute limits and holds a token: one read by primary key, once per request, and only when
 * a page asks. A minute since its last use, the row and the cookie's Max-Age move on.
 */
export async function currentSignIn(context: Context): Promise<SignIn | null> {
  return (await liveOf(context))?.signIn ?? null;
}

function liveOf(context: Context): Promise<LiveSignIn | null> {
  const state = context.get(sessionContext);
  state.signIn ??= findSignIn(context, state);
  return state.signIn;
}

async function findSignIn(context: Context, state: SessionState): Promise<LiveSignIn | null> {
  const id = state.session.get("signIn");
  if (!id) return null;
  const { db } = portalStore();
  const revoke = upstreamRevoke(context);
  const live = await liveSignIn(db, id);
  if (live === null) {
    // Past its lifetime it was retired just now: its token goes in the background.
    void revokeQueued(db, revoke, [id]).catch(() => undefined);
    return null;
  }
  if (live.seen) state.changed = true;
  sweepRevocations(db, revoke);
  const carried = state.session.get("token");
  if (carried === undefined) return live.token === null ? null : live;
  // A cookie from before decision 064: its token moves into the row (unless the row has one
  // already), and the cookie is issued again holding only the id.
  try {
    if (live.token === null) await adoptCookieToken(db, id, carried);
    state.session.unset("token");
    state.changed = true;
  } catch (error) {
    storeWriteFailed("sign-in cookie upgrade", error);
  }
  return { ...live, token: live.token ?? carried };
}

/** The session's upstream token, while its sign-in stands. */
export async function sessionToken(context: Context): Promise<string | null> {
  return (await liveOf(context))?.token ?? null;
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
  const id = context.get(sessionContext).session.get("signIn");
  if (id) {
    // Signed out from another of the account's browsers is not an expiry (decision 080); a note
    // that cannot be read leaves the expiry's words, since the way to /login matters more than why.
    const elsewhere = await endedElsewhere(portalStore().db, id).catch(() => false);
    await endSession(context);
    setToast(context, { type: "error", message: elsewhere ? m.valid_signed_out_elsewhere() : SESSION_EXPIRED() });
  }
  throw redirect(loginUrl(request));
}

/**
 * When the upstream no longer accepts the token (a 401, docs/upstream-api.md): forget the session and send
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

/**
 * Ends every sign-in of the account but this browser's (Sign out everywhere else, a new
 * password) and revokes their tokens: how many were ended.
 */
export async function endOtherSessions(context: Context, accountId: number): Promise<number> {
  const current = await currentSignIn(context);
  if (current === null) return 0;
  const queued = await endOtherSignIns(portalStore().db, accountId, current.id);
  await revokeEnded(context, queued);
  return queued.length;
}

/**
 * Ends one of the account's other sign-ins by the handle Profile showed and revokes its token;
 * false when it is gone already.
 */
export async function endOtherSession(context: Context, accountId: number, handle: string): Promise<boolean> {
  const current = await currentSignIn(context);
  if (current !== null && signInHandle(current.id) === handle) return false;
  const queued = await endSignInByHandle(portalStore().db, accountId, handle);
  if (queued === null) return false;
  await revokeEnded(context, queued);
  return true;
}
