import { createContext, createCookie, createCookieSessionStorage, type MiddlewareFunction, type Session } from "react-router";
import { env } from "./env.server.ts";

/** A flash message; one with a link (a new receipt) stays until dismissed or left. */
export type Toast = { type: "success" | "warning" | "error"; message: string; link?: { href: string; label: string } };

type SessionData = { token: string; createdAt: number };
type SessionFlash = { toast: Toast };
export type PortalSession = Session<SessionData, SessionFlash>;

const IDLE_SECONDS = 30 * 60;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

// HttpOnly, signed, SameSite=Lax (DESIGN.md §8): the upstream token never reaches scripts.
// maxAge is re-sent on every response to a signed-in user, so the 30 minutes are idle time.
const sessionStorage = createCookieSessionStorage<SessionData, SessionFlash>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().NODE_ENV === "production",
    secrets: env().SESSION_SECRET,
    maxAge: IDLE_SECONDS,
  },
});

export const csrfCookie = createCookie("__csrf", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env().NODE_ENV === "production",
  secrets: env().SESSION_SECRET,
});

/**
 * The request's session, mutable by loaders and actions; the middleware writes it back.
 * `shownToast` is the flash message a loader took to show on this response.
 */
export type SessionState = { session: PortalSession; changed: boolean; shownToast: Toast | null };

export const sessionContext = createContext<SessionState>();

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const state: SessionState = { session: await sessionStorage.getSession(request.headers.get("Cookie")), changed: false, shownToast: null };
  context.set(sessionContext, state);
  const response = await next();
  // Loaders run side by side: the root may take the message that another loader set just
  // before redirecting. A redirect shows nothing, so the message goes on to the next page.
  if (isRedirect(response) && state.shownToast && !state.session.has("toast")) {
    state.session.flash("toast", state.shownToast);
  }
  const { session, changed } = state;
  if (changed && Object.keys(session.data).length === 0) {
    response.headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  } else if (changed || session.has("token")) {
    response.headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  }
  return response;
};

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has("Location");
}

/** Forgets everything the session held and starts an empty one (login, logout, expiry). */
export async function replaceSession(state: SessionState): Promise<PortalSession> {
  state.session = await sessionStorage.getSession();
  state.changed = true;
  return state.session;
}
