import { redirect } from "react-router";
import { getSession, sessionStorage, type Toast } from "./session.server.ts";

/** Post/Redirect/Get with a message shown once on the next page. */
export async function redirectWithToast(request: Request, url: string, toast: Toast, init?: ResponseInit) {
  const session = await getSession(request);
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await sessionStorage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Reads (and so clears) the flash toast; the Set-Cookie is null when there was none. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  if (!toast) return { toast: null, setCookie: null };
  return { toast, setCookie: await sessionStorage.commitSession(session) };
}
