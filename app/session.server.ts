import { createCookie, createCookieSessionStorage } from "react-router";
import { env } from "./env.server.ts";

export type Toast = { type: "success" | "warning" | "error"; message: string };

type SessionData = { token: string; createdAt: number };
type SessionFlash = { toast: Toast };

const IDLE_SECONDS = 30 * 60;

// HttpOnly, signed, SameSite=Lax (DESIGN.md §8): the upstream token never reaches scripts.
// Secure in production; maxAge is re-sent on every commit, so the 30 minutes are idle time.
export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlash>({
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

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export const csrfCookie = createCookie("__csrf", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env().NODE_ENV === "production",
  secrets: env().SESSION_SECRET,
});
