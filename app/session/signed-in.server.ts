import { createContext, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { forSignedInPage, requireToken } from "./auth.server.ts";
import { type Caller, requestInfoContext } from "../infra/context.ts";
import { getProfile } from "../upstream/account.server.ts";
import type { User } from "../upstream/schemas.ts";

type Context = Readonly<RouterContextProvider>;

/** The signed-in user of this request and what their upstream calls need. */
export type SignedIn = { user: User; caller: Caller };

type SignedInState = SignedIn & {
  /** An action ran in this request before the loaders (a form posted without JavaScript). */
  afterAction: boolean;
  /** The profile read again once the action is done, shared by every loader of the request. */
  reread?: Promise<SignedIn>;
};

const signedInContext = createContext<SignedInState | null>(null);

async function readProfile(context: Context, caller: Caller): Promise<SignedIn> {
  const user = await forSignedInPage(context, getProfile(caller.requestId, caller.token));
  return { user, caller };
}

/**
 * The dashboard layout's guard, once per request: a session (else /login), one profile call
 * (a token the upstream refuses ends the session), a verified phone (else /otp).
 */
export const signedInMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const caller: Caller = {
    requestId: context.get(requestInfoContext).requestId,
    token: await requireToken(request, context),
  };
  const { user } = await readProfile(context, caller);
  if (!user.profile.otpVerified) throw redirect("/otp");
  context.set(signedInContext, { user, caller, afterAction: request.method !== "GET" && request.method !== "HEAD" });
  return next();
};

function state(context: Context): SignedInState {
  const signedIn = context.get(signedInContext);
  if (signedIn === null) throw new Error("signedIn() outside the dashboard layout: its middleware did not run.");
  return signedIn;
}

/** The signed-in user and caller the dashboard layout's middleware resolved for this request. */
export function signedIn(context: Context): SignedIn {
  const { user, caller } = state(context);
  return { user, caller };
}

/**
 * For loaders that show the user (name, balance, profile): the user as the middleware read
 * them, or, when an action ran first in the same request (a form posted without JavaScript),
 * read again once so the page shows what the action changed.
 */
export function signedInForPage(context: Context): Promise<SignedIn> {
  const current = state(context);
  if (!current.afterAction) return Promise.resolve({ user: current.user, caller: current.caller });
  const reread = current.reread ?? readProfile(context, current.caller);
  if (current.reread === undefined) context.set(signedInContext, { ...current, reread });
  return reread;
}
