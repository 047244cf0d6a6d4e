import { redirect, type RouterContextProvider } from "react-router";
import { sessionContext, type Toast } from "./session.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Post/Redirect/Get with a message shown once on the next page. */
export function redirectWithToast(context: Context, url: string, toast: Toast, init?: ResponseInit): Response {
  setToast(context, toast);
  return redirect(url, init);
}

export function setToast(context: Context, toast: Toast): void {
  const state = context.get(sessionContext);
  state.session.flash("toast", toast);
  state.changed = true;
}

/** Reads, and so clears, the flash toast. */
export function readToast(context: Context): Toast | null {
  const state = context.get(sessionContext);
  const toast = state.session.get("toast") ?? null;
  if (toast) {
    state.changed = true;
    state.shownToast = toast;
  }
  return toast;
}
