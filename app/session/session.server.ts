import {
  createContext,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type Session,
  type SessionStorage,
} from "react-router";
import { createSignedCookie } from "./cookie.server.ts";
import type { LiveSignIn } from "./sign-ins.server.ts";
import { IDLE_LIFETIME_MS } from "../domain/sign-ins.ts";
import { env } from "../infra/env.server.ts";
import type { SaveOffer } from "../domain/saved-customers.ts";

/** A flash message; one with a link (a new receipt) stays until dismissed or left. */
export type Toast = {
  type: "success" | "warning" | "error";
  message: string;
  /** Under the message, smaller: the upstream's own words beside the portal's (decision 079). */
  detail?: string;
  link?: { href: string; label: string };
  /** A purchase's result: the number it was for, with "Save this number" (decision 050). */
  save?: SaveOffer;
  /** A purchase's result: the customer's number and the short text to send them (decision 086). */
  send?: { number: string; text: string };
};

/**
 * The id of the sign-in's row in the portal's database (decision 049): the row says whether
 * the sign-in still stands, when it began and when it was last used, and holds its upstream
 * token, sealed (decision 064). `token` is only in a cookie issued before that: its first
 * request moves the token into the row and the cookie is issued again without it.
 */
type SessionData = { signIn: string; token?: string };
type SessionFlash = { toast: Toast };
export type PortalSession = Session<SessionData, SessionFlash>;
type PortalSessionStorage = SessionStorage<SessionData, SessionFlash>;

/**
 * Whether the request reached the edge over HTTPS. React Router builds the request URL from
 * Express's `req.protocol`, which believes X-Forwarded-Proto only from a trusted proxy
 * (TRUST_PROXY), so this is the same answer as `requestInfoContext.secure`.
 */
export function servedOverHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * Names and flags for one scheme. Over HTTPS the `__Host-` prefix makes browsers insist on
 * Secure, Path=/ and no Domain, so neither a subdomain nor a plain-http page can set or
 * shadow the cookie. Over plain http (development, tests on localhost) a Secure cookie
 * would never come back, so it is neither.
 */
function cookieFlags(secure: boolean, secrets: readonly string[] = env().SESSION_SECRET) {
  return {
    prefix: secure ? "__Host-" : "__",
    flags: { httpOnly: true, sameSite: "lax", path: "/", secure, secrets } as const,
  };
}

/**
 * The session cookie's storage for one scheme under these secrets. The server makes one per
 * scheme from SESSION_SECRET; the browser tests make their own to sign a buyer in without
 * the login page, so their cookie is this one, byte for byte.
 */
export function createSessionStorage(secure: boolean, secrets: readonly string[]): PortalSessionStorage {
  const { prefix, flags } = cookieFlags(secure, secrets);
  // HttpOnly, signed, SameSite=Lax: it holds only the sign-in's random id (decision 064).
  // maxAge is re-sent whenever the sign-in's last-seen time moves (once a minute at most), so
  // the browser drops the cookie after 30 idle minutes; the row makes the server refuse a kept copy.
  return createCookieSessionStorage<SessionData, SessionFlash>({
    cookie: createSignedCookie(`${prefix}session`, { ...flags, maxAge: IDLE_LIFETIME_MS / 1000 }),
  });
}

/** The CSRF token's own cookie (decision 004), with the session cookie's flags. */
export function createCsrfCookie(secure: boolean) {
  const { prefix, flags } = cookieFlags(secure);
  return createSignedCookie(`${prefix}csrf`, flags);
}

// Made on the first request, not on import, so a test can import createSessionStorage without
// the server's environment.
let storages: { https: PortalSessionStorage; http: PortalSessionStorage } | undefined;

function storageFor(request: Request): PortalSessionStorage {
  storages ??= {
    https: createSessionStorage(true, env().SESSION_SECRET),
    http: createSessionStorage(false, env().SESSION_SECRET),
  };
  return servedOverHttps(request) ? storages.https : storages.http;
}

/**
 * The request's session, mutable by loaders and actions; the middleware writes it back.
 * `shownToast` is the flash message a loader took to show on this response.
 */
export type SessionState = {
  session: PortalSession;
  changed: boolean;
  shownToast: Toast | null;
  storage: PortalSessionStorage;
  /** The User-Agent header, for a sign-in's row. */
  userAgent: string | null;
  /** The sign-in's row and token as this request found them: read once, when a loader first asks (auth.server.ts). */
  signIn?: Promise<LiveSignIn | null>;
};

export const sessionContext = createContext<SessionState>();

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const hadSignIn = session.has("signIn");
  const state: SessionState = {
    session,
    changed: false,
    shownToast: null,
    storage,
    userAgent: request.headers.get("User-Agent"),
  };
  context.set(sessionContext, state);
  const response = await next();
  // Loaders run side by side: the root may take the message that another loader set just
  // before redirecting. A redirect shows nothing, so the message goes on to the next page.
  if (isRedirect(response) && state.shownToast && !state.session.has("toast")) {
    state.session.flash("toast", state.shownToast);
    state.changed = true;
  }
  const { changed } = state;
  const current = state.session;
  if (changed && Object.keys(current.data).length === 0) {
    response.headers.append("Set-Cookie", await storage.destroySession(current));
  } else if (changed) {
    response.headers.append("Set-Cookie", await storage.commitSession(current));
  }
  // Documents are never stored (entry.server.tsx); this covers the `.data` answers a
  // signed-in browser fetches, and any answer that sets the session cookie.
  if (hadSignIn || current.has("signIn") || changed) response.headers.set("Cache-Control", "no-store");
  return response;
};

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has("Location");
}

/** A sign-in: the id of the row that stands for it, which holds its token (decision 064). */
export function holdSignIn(session: PortalSession, signInId: string): void {
  session.unset("token");
  session.set("signIn", signInId);
}

/** Forgets everything the session held and starts an empty one (login, logout, expiry). */
export async function replaceSession(state: SessionState): Promise<PortalSession> {
  state.session = await state.storage.getSession();
  state.changed = true;
  state.signIn = undefined;
  return state.session;
}
