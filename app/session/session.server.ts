import {
  createContext,
  createCookieSessionStorage,
  type MiddlewareFunction,
  type Session,
  type SessionStorage,
} from "react-router";
import { createSignedCookie } from "./cookie.server.ts";
import { env } from "../infra/env.server.ts";
import type { SaveOffer } from "../domain/saved-customers.ts";

/** A flash message; one with a link (a new receipt) stays until dismissed or left. */
export type Toast = {
  type: "success" | "warning" | "error";
  message: string;
  link?: { href: string; label: string };
  /** A purchase's result: the number it was for, with "Save this number" (issue 23 §3). */
  save?: SaveOffer;
};

type SessionData = { token: string; createdAt: number; seenAt: number };
type SessionFlash = { toast: Toast };
export type PortalSession = Session<SessionData, SessionFlash>;
type PortalSessionStorage = SessionStorage<SessionData, SessionFlash>;

export const IDLE_LIFETIME_MS = 30 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/**
 * How far `seenAt` may lag the last request: it moves, and the cookie is signed and sent
 * again, once a minute at most rather than on every page, so idle sessions end after 29 to 30 minutes.
 */
export const SEEN_AT_STEP_MS = 60 * 1000;

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
  // HttpOnly, signed, SameSite=Lax (DESIGN.md §8): the upstream token never reaches scripts.
  // maxAge is re-sent whenever `seenAt` moves, so the browser drops the cookie after 30
  // idle minutes; `seenAt` makes the server refuse a kept copy as well.
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

export type SessionStatus = "signed-out" | "active" | "expired";

/** A session with a token is active until 30 minutes without a request or 12 hours in all. */
export function sessionStatus(data: Partial<SessionData>, now: number): SessionStatus {
  const { token, createdAt, seenAt } = data;
  if (!token) return "signed-out";
  if (typeof createdAt !== "number" || typeof seenAt !== "number") return "expired";
  if (now - createdAt > ABSOLUTE_LIFETIME_MS || now - seenAt > IDLE_LIFETIME_MS) return "expired";
  return "active";
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
};

export const sessionContext = createContext<SessionState>();

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const storage = storageFor(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const now = Date.now();
  const status = sessionStatus(session.data, now);
  // Only a live session is kept alive: an expired one keeps its old time, so the next
  // signed-in page still finds it expired and says so (auth.server.ts).
  const seen = status === "active" && now - (session.get("seenAt") ?? 0) >= SEEN_AT_STEP_MS;
  if (seen) session.set("seenAt", now);
  const state: SessionState = { session, changed: seen, shownToast: null, storage };
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
  if (status !== "signed-out" || current.has("token") || changed) response.headers.set("Cache-Control", "no-store");
  return response;
};

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has("Location");
}

/** A sign-in: the upstream token, and the start the idle and absolute lifetimes count from. */
export function holdToken(session: PortalSession, token: string, now: number): void {
  session.set("token", token);
  session.set("createdAt", now);
  session.set("seenAt", now);
}

/** Forgets everything the session held and starts an empty one (login, logout, expiry). */
export async function replaceSession(state: SessionState): Promise<PortalSession> {
  state.session = await state.storage.getSession();
  state.changed = true;
  return state.session;
}
