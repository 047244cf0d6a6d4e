import { data } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { createCsrfCookie, servedOverHttps } from "./session.server.ts";

// Opera Mini and old browsers ignore SameSite, so every form also carries a token bound to a
// signed cookie (decision 004). React Router's own origin check stays on in front of this.
// One checker per scheme: over HTTPS the cookie is `__Host-csrf` and Secure.
const checkers = {
  https: new CSRF({ cookie: createCsrfCookie(true), formDataKey: "csrf" }),
  http: new CSRF({ cookie: createCsrfCookie(false), formDataKey: "csrf" }),
};

function checkerFor(request: Request): CSRF {
  return servedOverHttps(request) ? checkers.https : checkers.http;
}

export const csrf = {
  /** The browser's token, and the Set-Cookie header when it has none yet. */
  commitToken(request: Request) {
    return checkerFor(request).commitToken(request);
  },
};

/** Whether the form's token matches the browser's cookie, for a form with a second way to be sure of its sender. */
export async function hasValidCsrf(formData: FormData, request: Request): Promise<boolean> {
  try {
    await checkerFor(request).validate(formData, request.headers);
    return true;
  } catch (error) {
    if (error instanceof CSRFError) return false;
    throw error;
  }
}

/** Throws a 403 page when the form's token does not match the browser's cookie. */
export async function requireValidCsrf(formData: FormData, request: Request): Promise<void> {
  try {
    await checkerFor(request).validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw data({ reason: "csrf" }, { status: 403 });
    }
    throw error;
  }
}
